import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Token-level questions about one statement, shared by the path-sensitive analyzers.
///
/// A statement's "own" tokens are its range minus its child blocks and minus the closures written in
/// it: those run elsewhere (child blocks are walked as branches, closures are summarised separately).
package struct StatementSyntax {
    package let file: TokenizedFile
    package let outline: SyntaxOutline
    /// Built on the first witness step that needs a line number: most files never ask.
    private let lines: LazyLineTable
    /// Functions with a body by name, made on the first `functions(named:)` (a scan of every function
    /// per call was quadratic in a large file).
    package let functionIndex: LazyFunctionIndex
    let logging: LoggingVocabulary
    /// The project's function summaries (the builder's own table while it builds them).
    let table: SummaryTable

    package init(
        context: AnalysisContext, logging: LoggingVocabulary = LoggingVocabulary(), table: SummaryTable? = nil
    ) {
        file = context.file
        outline = context.outline
        lines = LazyLineTable(bytes: context.file.bytes)
        functionIndex = LazyFunctionIndex(file: context.file, outline: context.outline)
        self.logging = logging
        self.table = table ?? SummaryTable(context.project.summaries)
    }

    // MARK: - Positions and witness steps

    /// 1-based line of a token.
    package func line(of token: Int) -> Int {
        guard token >= 0, token < file.tokens.count else { return 0 }
        return lines.table.position(of: file.tokens[token].start).line
    }

    package func step(at token: Int, _ message: String) -> WitnessStep {
        let clamped = max(0, min(token, file.tokens.count - 1))
        return WitnessStep(
            range: file.tokens.isEmpty ? ByteRange(start: 0, end: 0) : file.tokens[clamped].range, message: message)
    }

    func linePosition(of offset: Int) -> SourcePosition { lines.table.position(of: offset) }

    func utf16Column(of offset: Int) -> Int { lines.table.utf16Column(of: offset, in: file.bytes) }

    /// A step at `token` of this file, located now, for findings in other files.
    package func remoteStep(at token: Int, path: String, _ message: String) -> RemoteStep {
        let clamped = max(0, min(token, file.tokens.count - 1))
        let start = file.tokens.isEmpty ? 0 : file.tokens[clamped].start
        return RemoteStep(
            path: path, position: lines.table.position(of: start),
            utf16Column: lines.table.utf16Column(of: start, in: file.bytes), message: message)
    }

    /// The `case`, `default` or `catch` keyword that introduces a case or catch body.
    package func caseLabel(of block: Int) -> Int {
        let record = outline.blocks[block]
        var index = (record.header?.lowerBound ?? record.range.lowerBound) - 1
        let limit = max(0, index - 64)
        while index > limit {
            if let keyword = file.tokens[index].keyword, keyword == .case || keyword == .default || keyword == .catch {
                return index
            }
            index -= 1
        }
        return max(0, record.range.lowerBound - 1)
    }

    /// The `#if`, `#elseif` or `#else` token of a conditional-compilation clause.
    func directive(of clause: Int) -> Int {
        let record = outline.blocks[clause]
        var index = (record.header?.lowerBound ?? record.range.lowerBound) - 1
        let limit = max(0, index - 8)
        while index >= limit, index >= 0 {
            switch file.tokens[index].kind {
            case .poundIf, .poundElseif, .poundElse: return index
            default: index -= 1
            }
        }
        return max(0, record.range.lowerBound - 1)
    }

    // MARK: - Own tokens

    /// Closures written directly in the statement (not in its child blocks, not nested in each other).
    ///
    /// Nested closures and child blocks are stepped over with a binary search, never visited: visiting them
    /// made N nested closures in a handler cost N² (every level listed every closure below it).
    package func ownClosures(of statement: Int) -> [Int] {
        var visits = 0
        return ownClosures(of: statement, visits: &visits)
    }

    /// `ownClosures(of:)`, adding to `visits` the closures it looked at (for the linearity test).
    func ownClosures(of statement: Int, visits: inout Int) -> [Int] {
        let record = outline.statements[statement]
        let childRanges = record.blocks.map { outline.blocks[$0].range }.sorted { $0.lowerBound < $1.lowerBound }
        var result: [Int] = []
        var child = 0
        var index = outline.firstClosure(atOrAfter: record.range.lowerBound)
        while index < outline.closures.count, outline.closures[index].leftBrace < record.range.upperBound {
            visits += 1
            let brace = outline.closures[index].leftBrace
            while child < childRanges.count && childRanges[child].upperBound <= brace { child += 1 }
            if child < childRanges.count && childRanges[child].contains(brace) {
                index = outline.firstClosure(atOrAfter: childRanges[child].upperBound)
                continue
            }
            result.append(index)
            index = outline.firstClosure(atOrAfter: outline.closures[index].range.upperBound)
        }
        return result
    }

    /// Token ranges of the statement that run when it runs.
    func ownRanges(of statement: Int) -> [Range<Int>] {
        let record = outline.statements[statement]
        var holes = record.blocks.map { outline.blocks[$0].range }
        holes += ownClosures(of: statement).map { outline.closures[$0].range }
        holes.sort { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int>] = []
        var position = record.range.lowerBound
        for hole in holes where hole.upperBound > position {
            if hole.lowerBound > position { result.append(position..<hole.lowerBound) }
            position = max(position, hole.upperBound)
        }
        if position < record.range.upperBound { result.append(position..<record.range.upperBound) }
        return result
    }

    /// Calls whose name token is one of the statement's own tokens.
    package func ownCalls(of statement: Int) -> [Int] {
        ownRanges(of: statement).flatMap { outline.calls(in: $0) }
    }

    /// A `try` (not `try?`/`try!`) among the statement's own tokens.
    func hasUncaughtTry(_ statement: Int) -> Bool {
        ownRanges(of: statement).contains { range in
            range.contains { index in
                file.tokens[index].keyword == .try && !isFollowedByOptionalMark(index)
            }
        }
    }

    /// An `await` among the statement's own tokens.
    package func hasAwait(_ statement: Int) -> Bool {
        ownRanges(of: statement).contains { range in range.contains { file.tokens[$0].keyword == .await } }
    }

    package func isFollowedByOptionalMark(_ token: Int) -> Bool {
        guard token + 1 < file.tokens.count else { return false }
        let kind = file.tokens[token + 1].kind
        return kind == .postfixQuestionMark || kind == .exclamationMark
    }

    /// Whether the token at `index` spells one of `names` (backticks ignored).
    package func isName(_ index: Int, in names: Set<String>) -> Bool {
        guard index >= 0, index < file.tokens.count else { return false }
        let kind = file.tokens[index].kind
        guard kind == .identifier || kind == .keyword else { return false }
        return names.contains(file.name(at: index))
    }

    /// Whether any token in `range` spells one of `names`, skipping member names after a `.`.
    package func mentions(_ names: Set<String>, in range: Range<Int>) -> Bool {
        range.contains { index in
            isName(index, in: names) && !(index > 0 && file.tokens[index - 1].kind == .period)
        }
    }

    // MARK: - Logging

    /// A call to a logging function (`print`, `NSLog`, `logger.info`).
    package func isLogCall(_ call: Int) -> Bool {
        let record = outline.calls[call]
        let name = file.name(at: record.nameToken)
        if logging.functions.contains(name) { return true }
        // `DDLogWarn(…)`, `VialerLogError(…)`, `self.logError(…)`: a function named after logging.
        let bareOrSelf =
            record.receiver.isEmpty
            || (record.receiver.count == 1 && file.tokens[record.receiver.lowerBound].keyword == .self)
        if bareOrSelf, !logging.functionWords.isEmpty,
            CallRoles.words(of: name).contains(where: logging.functionWords.contains)
        {
            return true
        }
        guard logging.methods.contains(name) else { return false }
        return record.receiver.contains { index in
            guard file.tokens[index].kind == .identifier else { return false }
            let text = file.name(at: index).lowercased()
            return logging.receivers.contains { text.contains($0.lowercased()) }
        }
    }

    /// An expression statement that is one logging call (its arguments may hold other calls).
    func isLogStatement(_ statement: Int) -> Bool {
        let record = outline.statements[statement]
        guard record.kind == .expression else { return false }
        for call in outline.calls(in: record.range) {
            let callRecord = outline.calls[call]
            guard callRecord.range.upperBound >= record.range.upperBound else { continue }
            var start = callRecord.callee.lowerBound
            // Back over `self.`, `log.` and `Logger(…).`, to the statement's first token.
            while start > record.range.lowerBound {
                let previous = file.tokens[start - 1]
                if previous.kind == .period || previous.keyword == .self || previous.kind == .identifier {
                    start -= 1
                } else if previous.kind == .rightParen, let open = outline.matchingIndex(of: start - 1),
                    open > record.range.lowerBound, open < start - 1, file.tokens[open - 1].kind == .identifier
                {
                    start = open - 1
                } else {
                    break
                }
            }
            if start == record.range.lowerBound || file.tokens[record.range.lowerBound].keyword == .try {
                return isLogCall(call)
            }
        }
        return false
    }

    /// A declaration whose value is an `if` or `switch` expression (`let x = if c { … } else { … }`);
    /// its blocks are branches of the path, not code that runs elsewhere.
    func isBranchingValue(_ statement: Int) -> Bool {
        let record = outline.statements[statement]
        guard record.kind == .declaration, !record.blocks.isEmpty,
            let equal = record.range.first(where: { file.tokens[$0].kind == .equal }),
            equal + 1 < record.range.upperBound
        else { return false }
        let keyword = file.tokens[equal + 1].keyword
        return keyword == .if || keyword == .switch
    }

    /// A block that only logs (or is empty): its statements are log calls or bare `return`/`break`, or a
    /// `return` of one of `alsoReturning` (value texts, tokens joined by spaces).
    package func isLogOnly(_ block: Int, alsoReturning values: Set<String> = []) -> Bool {
        outline.statements(in: block).allSatisfy { statement in
            let record = outline.statements[statement]
            switch record.kind {
            case .return, .break, .continue:
                guard let value = record.condition, !value.isEmpty else { return true }
                return values.contains(value.map { file.text(at: $0) }.joined(separator: " "))
            default: return isLogStatement(statement)
            }
        }
    }
}

/// The words that make a call "just logging"; tunable in the rule files (`logFunctions`,
/// `logMethods`, `logReceivers`, `logFunctionWords`).
package struct LoggingVocabulary: Sendable {
    var functions: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "log", "dump"]
    /// Camel-case words that make a free function a logger of its own (`DDLogError`, `appLogWarn`).
    var functionWords: Set<String> = ["log"]
    var methods: Set<String> = [
        "debug", "info", "error", "warning", "warn", "notice", "trace", "fault", "critical", "verbose", "log", "severe",
        "alert", "emergency",
    ]
    var receivers: [String] = ["log", "logger"]

    init() {}

    /// The defaults, overridden by any of the lists the rule's parameters define.
    package init(parameters: AnalyzerParameters?) {
        self.init()
        if let value = parameters?.strings("logFunctions") { functions = Set(value) }
        if let value = parameters?.strings("logMethods") { methods = Set(value) }
        if let value = parameters?.strings("logReceivers") { receivers = value }
        if let value = parameters?.strings("logFunctionWords") { functionWords = Set(value.map { $0.lowercased() }) }
    }
}

/// A file's line table, made when first read (a class so copies of `StatementSyntax` share it).
final class LazyLineTable {
    private let bytes: [UInt8]
    private(set) lazy var table = LineTable(bytes)

    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// A file's functions with a body, by name, in outline order; made when first read.
package final class LazyFunctionIndex {
    private let file: TokenizedFile
    private let outline: SyntaxOutline
    private(set) lazy var byName: [String: [Int]] = {
        var result: [String: [Int]] = [:]
        for (index, function) in outline.functions.enumerated() where function.kind == .function && function.body != nil
        {
            result[file.name(at: function.nameToken), default: []].append(index)
        }
        return result
    }()
    /// Names of functions with a body declared `-> Never` (asked for every call a path walk meets: a test of
    /// every same-named function per call made N classes with the same members quadratic).
    private(set) lazy var neverReturningNames: Set<String> = {
        var result: Set<String> = []
        for (name, functions) in byName
        where functions.contains(where: { function in
            outline.functions[function].returnType?.nameToken.map { file.name(at: $0) == "Never" } ?? false
        }) {
            result.insert(name)
        }
        return result
    }()
    /// Names of every function the file declares (made once: a set per error branch was quadratic in a
    /// file of many reports).
    private(set) lazy var declaredNames = Set(outline.functions.map { file.name(at: $0.nameToken) })
    /// Function bodies, for the function a call is in (asked for every call the summaries resolve: a scan
    /// of every function per call made one large file quadratic).
    private(set) lazy var bodies = InnermostRangeIndex(outline.functions.map(\.body))
    /// Branch conditions, for the statement whose condition holds a token: the innermost, which is also the
    /// last added (asked per use of a report's error: a scan of every statement made one large file quadratic).
    private(set) lazy var conditions = InnermostRangeIndex(outline.statements.map(\.condition))
    /// Blocks, for the smallest block around a call (asked per call the premature-fulfill timing meets: a
    /// scan of every block per call made a handler of many branches quadratic). Nil when `#if` clauses
    /// cross braces, so that ranges overlap and only the scan answers as before.
    package private(set) lazy var nestedBlocks: InnermostRangeIndex? = {
        let index = InnermostRangeIndex(outline.blocks.map(\.range))
        return index.rangesNest ? index : nil
    }()
    /// `catch` bodies without a pattern (they bind `error`), by where they start.
    private(set) lazy var bareCatchBodies: [Int] = outline.blocks.indices.filter {
        outline.blocks[$0].kind == .catchBody && (outline.blocks[$0].header ?? 0..<0).isEmpty
    }.sorted { outline.blocks[$0].range.lowerBound < outline.blocks[$1].range.lowerBound }

    init(file: TokenizedFile, outline: SyntaxOutline) {
        self.file = file
        self.outline = outline
    }
}
