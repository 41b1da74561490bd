import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds completion-handler PushKit methods with a path that never calls the completion handler.
///
/// Calling it inside a closure the handler starts counts (the closure is assumed to run), and so do
/// passing it to another function (also inside a tuple or array) and storing it.
package struct PushCompletionNotCalledAnalyzer: Analyzer {
    package let ruleID = "push_completion_not_called"

    package init() {}

    /// Findings start from the incoming-push callbacks, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.baseNames(of: PushHandler.selectors) }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let syntax = StatementSyntax(context: context)
        let handOffs = RuntimeHandOffs(context: context, syntax: syntax)
        for handler in PushHandler.all(in: syntax) {
            guard let completion = handler.completion,
                let bodyBlock = context.outline.functions[handler.function].bodyBlock
            else { continue }
            let names: Set<String> = [completion]
            let rules = PathRules(
                effect: { statement, summaries in
                    Self.effect(of: statement, completion: names, syntax: syntax, summaries: summaries)
                },
                missing: "calling \(completion)()")
            var walker = PathWalker(context: context, syntax: syntax, rules: rules)
            let summary = walker.summary(of: bodyBlock)
            guard !summary.discharges,
                let open = walker.openHandlerWitness(
                    summary, of: bodyBlock, endsOpen: summary.leaks.isEmpty, mentioning: names)
            else { continue }
            var witness = open.steps
            if summary.leaks.isEmpty || witness.isEmpty {
                let end = syntax.closingBrace(of: handler.function)
                witness.append(
                    syntax.step(at: end, "handler ends at line \(syntax.line(of: end)) without calling \(completion)()")
                )
            }
            let nameToken = context.outline.functions[handler.function].nameToken
            var finding = context.finding(
                ruleID, at: context.range(ofToken: nameToken),
                message: .completionNotCalled(completion, reason: witness[0].message), witness: witness)
            finding.lowerConfidence(to: .medium, because: open.notHigh)
            handOffs.qualify(&finding, handler: handler.function)
            findings.append(finding)
        }
    }

    private static func effect(
        of statement: Int, completion: Set<String>, syntax: StatementSyntax, summaries: [Int: BlockSummary]
    ) -> PathEffect {
        let outline = syntax.outline
        var handedToADropper = false
        for call in syntax.ownCalls(of: statement) {
            let record = outline.calls[call]
            let direct = record.receiver.isEmpty && syntax.isName(record.nameToken, in: completion)
            let optional = record.callee.count <= 2 && syntax.isName(record.callee.lowerBound, in: completion)
            if direct || optional { return .satisfies }
            if let argument = syntax.argumentPassing(completion, in: call) {
                if let (steps, never) = Self.helperMisses(call, argument: argument, syntax: syntax) {
                    if never { continue }
                    return .violatesAlong(steps)
                }
                // A same-file helper that never mentions the parameter drops the handler.
                guard syntax.dropsArgument(argument, of: call) else { return .satisfies }
                handedToADropper = true
            }
        }
        if syntax.terminates(statement) { return .ends }
        for closure in syntax.ownClosures(of: statement)
        where summaries[outline.closures[closure].bodyBlock]?.discharges == true {
            if let (fact, resolved, call) = syntax.closureFact(of: closure), fact.coverage != .all || resolved.mayNotRun
            {
                if fact.coverage == .none && !resolved.mayNotRun { continue }
                return .violatesAlong(syntax.helperSteps(resolved, call: call, fact: fact, what: "calling it"))
            }
            return .satisfies
        }
        if !handedToADropper,
            syntax.storesValue(completion, in: statement) || syntax.passesAsElement(completion, in: statement)
        {
            return .satisfies
        }
        return .none
    }
}

extension PushCompletionNotCalledAnalyzer {
    /// The completion handed to a helper in another file that calls it on some paths only, or through
    /// optional chaining: the witness steps; nil when it is called, or the helper is unknown.
    /// `never`: the helper surely runs and never calls it, so the handler still owes the call.
    static func helperMisses(
        _ call: Int, argument: Int, syntax: StatementSyntax
    ) -> (steps: [WitnessStep], never: Bool)? {
        let name = syntax.file.name(at: syntax.outline.calls[call].nameToken)
        guard !(syntax.isSameFileCall(call) && !syntax.functions(named: name).isEmpty),
            let resolved = syntax.resolvedCall(call),
            let fact = resolved.summary.closureCalls[resolved.argumentParameters[argument]],
            fact.coverage != .unknown, fact.coverage != .all || resolved.mayNotRun
        else { return nil }
        let never = fact.coverage == .none && !resolved.mayNotRun
        return (syntax.helperSteps(resolved, call: call, fact: fact, what: "calling it"), never)
    }
}

extension String {
    fileprivate static func completionNotCalled(_ name: String, reason: String) -> String {
        "PushKit completion handler `\(name)` is not called on some path: \(reason)"
    }
}
