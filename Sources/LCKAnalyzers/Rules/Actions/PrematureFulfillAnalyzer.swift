import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds `fulfill` calls that run before the work they stand for: synchronously while the
/// connect/answer/start work goes on in a `Task`, a dispatch or a completion callback, or inside that
/// callback without looking at whether the work succeeded.
package struct PrematureFulfillAnalyzer: Analyzer {
    package let ruleID = "premature_fulfill"

    package init() {}

    /// Findings sit in perform handlers, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? {
        CallRoles.baseNames(of: UnresolvedActionAnalyzer.handlerSelectors)
    }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        analyze(context, into: &findings, work: Counter())
    }

    /// `analyze`, adding the calls, closures and blocks the timing looks at to `work` (the linearity tests).
    func analyze(_ context: AnalysisContext, into findings: inout [Finding], work: Counter) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let connecting = Set(parameters?.strings("connectingActions") ?? Self.connectingActions)
        let ending = Set(parameters?.strings("endingActions") ?? ["CXEndCallAction", "EndConversationAction"])
        let workWords = parameters?.strings("workWords") ?? Self.workWords
        let syntax = StatementSyntax(context: context)
        let handOffs = RuntimeHandOffs(context: context, syntax: syntax)
        for function in syntax.functions(withSelectors: UnresolvedActionAnalyzer.handlerSelectors) {
            guard let name = syntax.parameterName(function, label: "perform"),
                let body = context.outline.functions[function].body
            else { continue }
            // Action types written through a typealias (`typealias Answer = CXAnswerCallAction`) count as the type.
            let aliases = syntax.aliases(
                of: name, type: syntax.parameterTypeName(function, label: "perform"), in: function
            )
            .mapValues(context.resolveAlias)
            let watched = aliases.filter { connecting.contains($0.value) || ending.contains($0.value) }
            guard !watched.isEmpty else { continue }
            var search: FulfillTiming?
            for call in context.outline.calls(in: body) {
                let record = context.outline.calls[call]
                guard context.file.name(at: record.nameToken) == "fulfill",
                    let alias = watched.keys.first(where: { syntax.mentions([$0], in: record.receiver) })
                else { continue }
                let isEnd = ending.contains(watched[alias] ?? "")
                if search == nil {
                    search = FulfillTiming(
                        syntax: syntax, body: body, aliases: Set(aliases.keys), workWords: workWords, work: work)
                }
                guard let search else { continue }
                guard let witness = search.prematureWitness(for: call, connecting: !isEnd) else { continue }
                var finding = context.finding(
                    ruleID, at: context.range(ofToken: record.nameToken), message: .premature(watched[alias] ?? alias),
                    confidence: isEnd ? .low : nil, witness: witness)
                handOffs.qualify(&finding, handler: function)
                findings.append(finding)
            }
        }
    }

    static let connectingActions = [
        "CXAnswerCallAction", "JoinConversationAction", "CXStartCallAction", "StartConversationAction",
    ]
    static let workWords = [
        "connect", "answer", "accept", "join", "start", "dial", "invite", "establish", "signal", "hang", "leave",
        "end", "decline", "reject", "pick",
    ]
}

/// Where a `fulfill` sits relative to the asynchronous work of the same handler.
///
/// Each question costs about the same whatever the number of fulfills: later work is looked for among
/// the handler's calls that could be work (found once), and closures and blocks are found by index.
struct FulfillTiming {
    let syntax: StatementSyntax
    let body: Range<Int>
    let aliases: Set<String>
    let workWords: [String]
    /// Calls, closures and blocks looked at (work, for the linearity tests).
    let work: Counter
    /// The handler's closures that do not run synchronously, innermost by index (nil when they overlap).
    private let deferredClosures: [Int]
    private let deferredIndex: InnermostRangeIndex?
    /// The closures whose call may share a fulfill's path (nil when blocks do not nest: then all are tried).
    private let pathClosures: FulfillPathClosures?
    private let laterWorkCalls = LaterWorkCalls()

    static let deferringCallers = CallRoles.deferringCallers

    init(syntax: StatementSyntax, body: Range<Int>, aliases: Set<String>, workWords: [String], work: Counter) {
        self.syntax = syntax
        self.body = body
        self.aliases = aliases
        self.workWords = workWords
        self.work = work
        let outline = syntax.outline
        let closures = outline.closures(in: body)
        work.value += closures.count
        deferredClosures = closures.filter { closure in
            !synchronousClosureCallers.contains(
                outline.closures[closure].call.map { syntax.file.name(at: outline.calls[$0].nameToken) } ?? "")
        }
        let index = InnermostRangeIndex(closures.map { outline.closures[$0].range })
        deferredIndex =
            index.rangesNest ? InnermostRangeIndex(deferredClosures.map { outline.closures[$0].range }) : nil
        pathClosures = syntax.functionIndex.nestedBlocks.map {
            FulfillPathClosures(outline: outline, closures: closures, blocks: $0)
        }
    }

    /// A `return` between the closure's start and the fulfill: the fulfill is skipped on that path
    /// (`if error != nil { log(error); return }`), so it does not run whatever the work reports.
    func returnsEarly(in range: Range<Int>, before token: Int) -> Bool {
        (range.lowerBound..<token).contains { syntax.file.tokens[$0].keyword == .return }
    }

    /// Why the fulfill is early, or nil. `connecting` actions are also early when the connection
    /// work is called after them on the same path, even synchronously.
    func prematureWitness(for fulfill: Int, connecting: Bool) -> [WitnessStep]? {
        let outline = syntax.outline
        let token = outline.calls[fulfill].nameToken
        let here = syntax.line(of: token)
        if let closure = innermostDeferredClosure(containing: token) {
            // Inside a `Task`: work it hands on to a further task or callback still finishes later.
            // Only a further task counts there: a callback of a request made in the task may be a new action.
            if Self.deferringCallers.contains(callerName(closure)) {
                return deferredWitness(for: token, onlyTasks: true)
            }
            let record = outline.closures[closure]
            guard let call = record.call,
                syntax.takesParameters(closure),
                !containsFail(record.range), !returnsEarly(in: record.range, before: token),
                let ignored = ErrorUse(syntax: syntax, closure: closure).ignoredStep()
            else { return nil }
            let name = outline.calls[call].nameToken
            return [
                ignored,
                syntax.step(
                    at: token,
                    "fulfill at line \(here) runs whatever \(syntax.file.name(at: name)) at line \(syntax.line(of: name)) reports"
                ),
            ]
        }
        if connecting, let later = laterWork(after: token) {
            let name = outline.calls[later].nameToken
            return [
                syntax.step(at: token, "fulfill at line \(here) runs first"),
                syntax.step(
                    at: name, "\(syntax.file.name(at: name)) at line \(syntax.line(of: name)) does the work afterwards"),
            ]
        }
        return deferredWitness(for: token)
    }

    /// The work of the fulfill's own path that goes on in a task or callback, as witness steps.
    private func deferredWitness(for token: Int, onlyTasks: Bool = false) -> [WitnessStep]? {
        let outline = syntax.outline
        let here = syntax.line(of: token)
        guard let work = deferredWork(besides: token, onlyTasks: onlyTasks) else { return nil }
        let name = outline.calls[work].nameToken
        let how =
            Self.deferringCallers.contains(syntax.file.name(at: name))
            ? "continues in" : "finishes later in the callback of"
        return [
            syntax.step(at: name, "the work \(how) \(syntax.file.name(at: name)) at line \(syntax.line(of: name))"),
            syntax.step(at: token, "fulfill at line \(here) runs without waiting for it"),
        ]
    }

    private func callerName(_ closure: Int) -> String {
        syntax.outline.closures[closure].call.map { syntax.file.name(at: syntax.outline.calls[$0].nameToken) } ?? ""
    }

    /// The innermost closure around the token (inside the handler) that does not run synchronously.
    private func innermostDeferredClosure(containing token: Int) -> Int? {
        if let deferredIndex {
            // Closures nest, so the last one around the token is the innermost.
            return deferredIndex.innermost(containing: token).map { deferredClosures[$0] }
        }
        return syntax.outline.closures(in: body).last { closure in
            syntax.outline.closures[closure].range.contains(token)
                && !synchronousClosureCallers.contains(callerName(closure))
        }
    }

    private func containsFail(_ range: Range<Int>) -> Bool {
        syntax.outline.calls(in: range).contains { call in
            syntax.file.name(at: syntax.outline.calls[call].nameToken) == "fail"
                && syntax.mentions(aliases, in: syntax.outline.calls[call].receiver)
        }
    }

    /// A call on the same path as the fulfill (same block or an enclosing one), run synchronously,
    /// whose closure carries connection work that goes on after the handler moves on.
    private func deferredWork(besides fulfill: Int, onlyTasks: Bool) -> Int? {
        let outline = syntax.outline
        for closure in closures(onPathsThrough: fulfill) {
            work.value += 1
            let record = outline.closures[closure]
            guard let call = record.call, !record.range.contains(fulfill),
                innermostDeferredClosure(containing: outline.calls[call].nameToken)
                    == innermostDeferredClosure(containing: fulfill)
            else { continue }
            let caller = callerName(closure)
            let deferring = Self.deferringCallers.contains(caller)
            let completion =
                !onlyTasks && syntax.takesParameters(closure) && !synchronousClosureCallers.contains(caller)
                && !syntax.isLogCall(call)
            guard deferring || completion else { continue }
            let workToken = outline.calls[call].nameToken
            guard onOnePath(fulfill, workToken) else { continue }
            if deferring && !syntax.file.tokens[record.range].contains(where: { $0.keyword == .await })
                && !mentionsWork(record.range)
            {
                continue
            }
            if mentionsWork(outline.calls[call].range) || mentionsWork(record.range) { return call }
        }
        return nil
    }

    /// The handler's closures `deferredWork` tries for a fulfill, ascending: when blocks nest, only those
    /// whose call lies in a block around the fulfill or inside the fulfill's block.
    private func closures(onPathsThrough fulfill: Int) -> [Int] {
        guard let pathClosures, let block = innermostBlock(containing: fulfill) else {
            return syntax.outline.closures(in: body)
        }
        return pathClosures.candidates(around: fulfill, ownBlock: syntax.outline.blocks[block].range)
    }

    /// A connection call (a work word in its name, the action in its arguments) after the fulfill,
    /// on the same path and outside any closure.
    private func laterWork(after fulfill: Int) -> Int? {
        let outline = syntax.outline
        let candidates =
            laterWorkCandidates(from: fulfill + 1)[innermostDeferredClosure(containing: fulfill) ?? -1] ?? []
        let first = candidates.partitioningIndex { outline.calls[$0].nameToken > fulfill }
        for call in candidates[first...] {
            work.value += 1
            guard onOnePath(fulfill, outline.calls[call].nameToken) else { continue }
            return call
        }
        return nil
    }

    /// The handler's calls from `start` on that could be connection work (a work word in the name, the
    /// action in the arguments), by the deferred closure they run in (-1: none), found once for all of
    /// its fulfills.
    private func laterWorkCandidates(from start: Int) -> [Int: [Int]] {
        if let from = laterWorkCalls.from, from <= start { return laterWorkCalls.calls }
        laterWorkCalls.from = start
        laterWorkCalls.calls = [:]
        for call in syntax.outline.calls(in: start..<max(start, body.upperBound)) {
            work.value += 1
            let record = syntax.outline.calls[call]
            guard record.arguments.contains(where: { syntax.mentions(aliases, in: $0.value) }),
                hasWorkWord(record.nameToken)
            else { continue }
            laterWorkCalls.calls[innermostDeferredClosure(containing: record.nameToken) ?? -1, default: []].append(call)
        }
        return laterWorkCalls.calls
    }

    private func hasWorkWord(_ token: Int) -> Bool {
        guard syntax.file.tokens[token].kind == .identifier, !syntax.isImplicitMember(token) else { return false }
        return camelCaseWords(syntax.file.name(at: token)).contains { word in workWords.contains { word.hasPrefix($0) }
        }
    }

    private func mentionsWork(_ range: Range<Int>) -> Bool {
        if syntax.mentions(aliases, in: range) { return true }
        return range.contains(where: hasWorkWord)
    }

    /// `startVideoCall` → `start`, `video`, `call` (lowercased).
    private func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current.lowercased())
                current = ""
            }
            if character == "_" {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// Whether one path runs both tokens: one's block encloses the other's, and nothing between the
    /// first and the shared block leaves (`return`, `throw`, `break`) before reaching the second.
    private func onOnePath(_ first: Int, _ second: Int) -> Bool {
        let (early, late) = first < second ? (first, second) : (second, first)
        guard let earlyBlock = innermostBlock(containing: early), let lateBlock = innermostBlock(containing: late)
        else { return false }
        let shared: Int
        if mayEnclose(lateBlock, earlyBlock), blockChain(from: earlyBlock).contains(lateBlock) {
            shared = lateBlock
        } else if mayEnclose(earlyBlock, lateBlock), blockChain(from: lateBlock).contains(earlyBlock) {
            shared = earlyBlock
        } else {
            return false
        }
        for block in blockChain(from: earlyBlock) {
            if block == shared { break }
            for statement in syntax.outline.statements(in: block) {
                let record = syntax.outline.statements[statement]
                guard record.range.lowerBound > early else { continue }
                switch record.kind {
                case .return, .throw, .break, .continue: return false
                default: continue
                }
            }
        }
        return true
    }

    /// Whether `outer` can be in `inner`'s chain: when blocks nest, only a block whose range holds
    /// `inner`'s is, so a chain is not walked to the top to find a block beside it.
    private func mayEnclose(_ outer: Int, _ inner: Int) -> Bool {
        guard syntax.functionIndex.nestedBlocks != nil else { return true }
        let outerRange = syntax.outline.blocks[outer].range
        let innerRange = syntax.outline.blocks[inner].range
        return outerRange.lowerBound <= innerRange.lowerBound && innerRange.upperBound <= outerRange.upperBound
    }

    private func innermostBlock(containing token: Int) -> Int? {
        guard let blocks = syntax.functionIndex.nestedBlocks else {
            work.value += syntax.outline.blocks.count
            return syntax.innermostBlock(containing: token)
        }
        return blocks.innermost(containing: token)
    }

    /// `block` and the blocks around it, innermost first, up to the handler body or a closure (at most
    /// 10,000), walked as far as the caller reads: a fulfill deep in an `else if` chain is not walked
    /// to the top for each later call.
    private func blockChain(from block: Int) -> BlockChain { BlockChain(syntax: syntax, first: block, work: work) }
}

/// The calls `FulfillTiming.laterWork` looks among, kept for the handler's next fulfill.
private final class LaterWorkCalls {
    var from: Int?
    var calls: [Int: [Int]] = [:]
}

/// The blocks around a block, innermost first, up to a function or closure body (at most 10,000).
private struct BlockChain: Sequence, IteratorProtocol {
    let syntax: StatementSyntax
    var upcoming: Int?
    var count = 0
    let work: Counter

    init(syntax: StatementSyntax, first: Int, work: Counter) {
        self.syntax = syntax
        upcoming = first
        self.work = work
    }

    mutating func next() -> Int? {
        guard let block = upcoming, count < 10_000 else { return nil }
        count += 1
        work.value += 1
        if case .statement(let statement) = syntax.outline.blocks[block].owner {
            upcoming = syntax.outline.statements[statement].parentBlock
        } else {
            upcoming = nil
        }
        return block
    }
}

extension String {
    fileprivate static func premature(_ action: String) -> String {
        "\(action) is fulfilled before the work it stands for has finished; fulfill when the connection is up, fail when it is not"
    }
}
