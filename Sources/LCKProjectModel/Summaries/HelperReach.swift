import LCKCore
import LCKLexer
import LCKParser

/// Which functions the summaries are for, and which files define them: the CallKit/PushKit handlers
/// of the files the pre-pass parsed, and what they call, transitively. A callee defined in none of the
/// parsed files is "wanted": the next round parses the files whose bytes spell `func NAME` for it.
package struct HelperReach {
    package init() {}

    /// Rounds of helper files after the first (helpers of helpers of helpers).
    package static let maximumRounds = 3
    /// Handlers whose callees matter.
    static let rootSelectors = CallRoles.actionHandlerSelectors.union(PushHandler.selectors)
    /// Callees never worth a file search: the standard library's and dispatch's common names.
    package static let ignoredNames: Set<String> = [
        "print", "debugPrint", "NSLog", "async", "sync", "asyncAfter", "append", "insert", "remove", "removeAll",
        "removeValue", "first", "map", "compactMap", "flatMap", "filter", "forEach", "contains", "fulfill", "fail",
        "reduce", "sorted", "min", "max", "resume", "cancel", "dismiss", "present", "notify", "post", "assert",
        "precondition", "fatalError", "preconditionFailure", "exit", "abort", "lowercased", "uppercased", "type",
    ]

    /// The base names of `rootSelectors` (`provider`, `pushRegistry`, …), compared as bytes first.
    static let rootBaseNames = CallRoles.baseNames(of: rootSelectors).sorted()
    /// The calls that report a new incoming call: the same list `swallowed_report_error` judges.
    static let reportMembers = CallRoles.incomingReportMembers.sorted()

    /// Whether `function` is a handler the summaries start from (names compared as bytes before any
    /// selector string is built: most functions are not one).
    static func isRoot(_ function: Int, in context: AnalysisContext) -> Bool {
        let file = context.file
        let token = file.tokens[context.outline.functions[function].nameToken]
        guard rootBaseNames.contains(where: { file.token(token, equals: $0) }) else { return false }
        return rootSelectors.contains(context.outline.selector(ofFunction: function, in: file))
    }

    /// Whether one of `calls` reports a new incoming call or conversation (a report wrapper is a root too).
    static func reports(_ calls: some Sequence<Int>, in context: AnalysisContext) -> Bool {
        let file = context.file
        return calls.contains { call in
            let token = file.tokens[context.outline.calls[call].nameToken]
            return reportMembers.contains { file.token(token, equals: $0) }
        }
    }

    /// Whether a function of the file that is not a handler reports a new incoming call (a wrapper, whose
    /// callers elsewhere the summaries are for).
    package static func definesReportWrapper(_ context: AnalysisContext) -> Bool {
        let outline = context.outline
        return outline.functions.indices.contains { function in
            guard let body = outline.functions[function].body else { return false }
            return reports(outline.calls(in: body), in: context) && !isRoot(function, in: context)
        }
    }

    private(set) var files: [AnalysisContext] = []
    private var definitions: [String: [(file: Int, function: Int)]] = [:]
    private var visited: Set<Int64> = []
    /// Callees of reached functions defined in no parsed file yet.
    package private(set) var wanted: Set<String> = []
    /// Names some round already searched the files for.
    private var searched: Set<String> = []
    /// Functions visited (work count).
    package private(set) var visits = 0
    /// Wanted names no round searched for, because too many files define them.
    package private(set) var commonNames = 0
    /// How many of a name's `definitions` the walk has pushed, from the first.
    private var pushed: [String: Int] = [:]

    /// Adds parsed files; with `roots` nil, their handlers are the roots, else their functions named in `roots`.
    package mutating func add(_ contexts: [AnalysisContext], roots: Set<String>?, also names: Set<String> = []) {
        var stack: [(file: Int, function: Int)] = []
        for name in names.sorted() { stack.append(contentsOf: definitions[name] ?? []) }
        for context in contexts {
            let fileIndex = files.count
            files.append(context)
            let outline = context.outline
            for function in outline.functions.indices
            where outline.functions[function].kind == .function && outline.functions[function].body != nil {
                let name = context.file.name(at: outline.functions[function].nameToken)
                definitions[name, default: []].append((fileIndex, function))
                let isRoot =
                    roots.map { $0.contains(name) }
                    ?? Self.isRoot(function, in: context)
                if isRoot { stack.append((fileIndex, function)) }
            }
        }
        var wantedNow: Set<String> = []
        // Earlier files' functions newly defined names lead to are reached too.
        for name in wanted where definitions[name] != nil { stack.append(contentsOf: definitions[name]!) }
        while let (file, function) = stack.popLast() {
            guard visited.insert(Int64(file) << 32 | Int64(function)).inserted else { continue }
            visits += 1
            let context = files[file]
            guard let body = context.outline.functions[function].body else { continue }
            for call in context.outline.calls(in: body) {
                let token = context.outline.calls[call].nameToken
                guard context.file.tokens[token].kind == .identifier else { continue }
                let name = context.file.name(at: token)
                guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
                    !Self.ignoredNames.contains(name)
                else { continue }
                if let defined = definitions[name] {
                    // Definitions pushed once are visited already: N calls of a name with N definitions push N.
                    let from = pushed[name, default: 0]
                    if from < defined.count {
                        stack.append(contentsOf: defined[from...])
                        pushed[name] = defined.count
                    }
                } else {
                    wantedNow.insert(name)
                }
            }
        }
        wanted = wantedNow.subtracting(searched)
    }

    /// Adds names that handlers whose parse was not kept call: the parsed files' definitions of them are
    /// reached now, the others are searched for in the next round.
    package mutating func want(_ names: Set<String>) {
        let defined = names.filter { definitions[$0] != nil }
        let undefined = names.subtracting(defined).subtracting(searched)
        add([], roots: nil, also: defined)
        wanted.formUnion(undefined)
    }

    /// Files defining one name, at most, for a round to parse them: more is a name as common as `update` in
    /// a large app, whose bodies `FunctionSummaries.resolve` could only merge into what they all agree on.
    package static let maximumDefiningFiles = SummaryBuilder.maximumDefinitionsFollowed

    /// The byte search for the files that define a wanted name, leaving out the names more than
    /// `maximumDefiningFiles` files define (`definingFiles`, from `DefinedNames`: those stay unknown); each
    /// name is searched for once. Nil when no name is left.
    package mutating func nextSearch(definingFiles: (String) -> Int) -> FunctionDefinitionSearch? {
        let names = wanted.filter { definingFiles($0) <= Self.maximumDefiningFiles }
        searched.formUnion(wanted)
        commonNames += wanted.count - names.count
        return names.isEmpty ? nil : FunctionDefinitionSearch(names: names)
    }
}
