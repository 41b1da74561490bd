import LCKCore
import LCKLexer
import LCKParser

/// One function's summary from its body: the path walks of the analyzers, applied to its parameters,
/// with calls to other summarised functions read from the table as it stands.
struct SummaryFacts {
    let context: AnalysisContext
    let syntax: StatementSyntax
    let path: String
    let function: Int
    /// The analyzers' per-function facts to summarise too.
    let functionFacts: [any FunctionFact.Type]
    /// Blocks the path walks summarised, for the work count.
    private(set) var visitedBlocks = 0

    init(
        context: AnalysisContext, syntax: StatementSyntax, path: String, function: Int,
        functionFacts: [any FunctionFact.Type]
    ) {
        self.context = context
        self.syntax = syntax
        self.path = path
        self.function = function
        self.functionFacts = functionFacts
    }

    static let defaultReportMembers: Set<String> = ["reportNewIncomingCall", "reportNewIncomingConversation"]

    mutating func summarize(_ previous: FunctionSummary) -> FunctionSummary {
        var summary = previous
        let record = context.outline.functions[function]
        guard let body = record.bodyBlock, let bodyRange = record.body else { return summary }
        let file = context.file
        let syntax = self.syntax
        let neverRules = PathRules(
            effect: { statement, _ in syntax.terminates(statement) ? .ends : .none }, missing: "ending")
        let calls = context.outline.calls(in: bodyRange)
        // Every path must reach a call that ends the process: with no such call anywhere in the body (nested
        // closures included, so this never skips a walk that could succeed) the walk is not needed.
        summary.neverReturns =
            record.returnType?.nameToken.map { file.name(at: $0) == "Never" } ?? false
            || (!record.isThrowing && calls.contains(where: mayEndProcess) && walk(body, neverRules).discharges)
        for (index, parameter) in record.parameters.enumerated() {
            let name = file.name(at: parameter.internalName)
            if previous.parameters[index].isClosure {
                summary.closureCalls[index] = closureFact(name, body: body, range: bodyRange)
            } else if isAction(parameter, name: name, range: bodyRange) {
                summary.actionResolution[index] = actionFact(name, body: body, range: bodyRange)
            }
        }
        summary.reportsIncoming = reportFact(body: body, range: bodyRange)
        let summarized = SummarizedFunction(
            context: context, syntax: syntax, path: path, function: function, calls: calls)
        for kind in functionFacts { summary.facts.store(kind.summarize(summarized)) }
        return summary
    }

    /// A call that may end the process: a terminator (`fatalError`) or a function summarised as never returning.
    private func mayEndProcess(_ call: Int) -> Bool {
        let record = context.outline.calls[call]
        return
            (record.receiver.isEmpty && StatementSyntax.terminators.contains(context.file.name(at: record.nameToken)))
            || syntax.callsNeverReturning(call)
    }

    mutating func walk(_ block: Int, _ rules: PathRules) -> BlockSummary {
        var walker = PathWalker(context: context, syntax: syntax, rules: rules)
        let result = walker.summary(of: block)
        visitedBlocks += walker.summaries.count
        return result
    }

    /// The first way out that misses, as a step of this file.
    func witness(_ summary: BlockSummary, missing: String) -> RemoteStep {
        if let step = summary.firstWitness?.first {
            return RemoteStep(
                path: path, position: syntax.position(of: step.range.start),
                utf16Column: syntax.utf16Column(of: step.range.start), message: step.message)
        }
        let end = syntax.closingBrace(of: function)
        return syntax.remoteStep(
            at: end, path: path, "the function ends at line \(syntax.line(of: end)) without \(missing)")
    }

    private func mentions(_ name: String, in range: Range<Int>) -> Bool {
        syntax.mentions([name], in: range)
    }

    private mutating func closureFact(_ name: String, body: Int, range: Range<Int>) -> ObligationFact {
        let deferred = Flag()
        let names: Set<String> = [name]
        let facts = self
        let rules = PathRules(
            effect: { statement, summaries in
                facts.closureEffect(statement, names: names, summaries: summaries, deferred: deferred)
            },
            // `guard let self else { return }`: the owner is gone, and with it whoever waits for the call.
            isExempt: { statement, branch in branch == .otherwise && facts.syntax.isWeakSelfGuard(statement) },
            missing: "calling \(name)()")
        let result = walk(body, rules)
        if result.discharges { return ObligationFact(coverage: .all, deferred: deferred.value) }
        guard mentions(name, in: range) else {
            return ObligationFact(coverage: .none, witness: witness(result, missing: "calling \(name)()"))
        }
        return partial(result, missing: "calling \(name)()")
    }

    private func closureEffect(
        _ statement: Int, names: Set<String>, summaries: [Int: BlockSummary], deferred: Flag
    ) -> PathEffect {
        let outline = context.outline
        let calls = syntax.ownCalls(of: statement)
        for call in calls {
            let record = outline.calls[call]
            let direct = record.receiver.isEmpty && syntax.isName(record.nameToken, in: names)
            let optional = record.callee.count <= 2 && syntax.isName(record.callee.lowerBound, in: names)
            if direct || optional { return .satisfies }
        }
        if syntax.terminates(statement) { return .ends }
        // `Task { …; guard … else { return }; completion() }`: the task runs once, and a visible early
        // return in it leaves without the call (a `guard let self` is exempt).
        for closure in syntax.ownClosures(of: statement) {
            let record = outline.closures[closure]
            guard let at = record.call,
                CallRoles.deferringCallers.contains(context.file.name(at: outline.calls[at].nameToken)),
                let leak = summaries[record.bodyBlock]?.leaks.first, !leak.isEmpty,
                syntax.mentions(names, in: record.range)
            else { continue }
            deferred.value = true
            return .violatesAlong(leak)
        }
        for closure in syntax.ownClosures(of: statement)
        where summaries[outline.closures[closure].bodyBlock]?.discharges == true {
            if let known = syntax.closureFact(of: closure), known.fact.coverage != .all || known.resolved.mayNotRun {
                continue
            }
            let caller = outline.closures[closure].call.map { context.file.name(at: outline.calls[$0].nameToken) }
            if !synchronousClosureCallers.contains(caller ?? "") { deferred.value = true }
            return .satisfies
        }
        for call in calls {
            guard let argument = syntax.argumentPassing(names, in: call) else { continue }
            guard let resolved = syntax.resolvedCall(call) else { return .satisfies }
            let fact = resolved.summary.closureCalls[resolved.argumentParameters[argument]]
            switch fact?.coverage ?? .unknown {
            case .all, .unknown:
                if fact?.deferred == true { deferred.value = true }
                return resolved.mayNotRun ? .none : .satisfies
            case .some, .none:
                continue
            }
        }
        if syntax.storesValue(names, in: statement) || syntax.passesAsElement(names, in: statement) {
            return .satisfies
        }
        return .none
    }

    /// A `CX…Action`/`…ConversationAction` parameter, or one the body fulfills or fails.
    private func isAction(_ parameter: Parameter, name: String, range: Range<Int>) -> Bool {
        if let token = parameter.type?.nameToken {
            let type = context.resolveAlias(context.file.name(at: token))
            if (type.hasPrefix("CX") && type.hasSuffix("Action")) || type.hasSuffix("ConversationAction") {
                return true
            }
        }
        return context.outline.calls(in: range).contains { call in
            let record = context.outline.calls[call]
            let callee = context.file.name(at: record.nameToken)
            return (callee == "fulfill" || callee == "fail") && syntax.mentions([name], in: record.receiver)
        }
    }

    private mutating func actionFact(_ name: String, body: Int, range: Range<Int>) -> ObligationFact {
        let aliases = Set(syntax.aliases(of: name, type: nil, in: function).keys)
        let resolution = ActionResolution(context: context, syntax: syntax, depth: 0)
        let result = walk(body, resolution.rules(for: aliases))
        if result.discharges { return ObligationFact(coverage: .all) }
        let resolves = context.outline.calls(in: range).contains { call in
            let record = context.outline.calls[call]
            let callee = context.file.name(at: record.nameToken)
            return (callee == "fulfill" || callee == "fail") && syntax.mentions(aliases, in: record.receiver)
        }
        guard resolves else {
            return ObligationFact(coverage: .none, witness: witness(result, missing: "fulfill() or fail()"))
        }
        return partial(result, missing: "fulfill() or fail()")
    }

    /// Met on some paths: claimed only when a path visibly leaves without it (a `return`, a `guard`'s
    /// `else`); a path that only falls off the end of an `if` without `else` may be one the conditions
    /// rule out (`if a {…} else if !a {…}`), so that stays unknown.
    func partial(_ result: BlockSummary, missing: String) -> ObligationFact {
        guard !result.leaks.isEmpty else { return ObligationFact(coverage: .unknown) }
        return ObligationFact(coverage: .some, witness: witness(result, missing: missing))
    }
}

/// A flag a path rule sets while the walk runs.
final class Flag {
    var value = false
}
