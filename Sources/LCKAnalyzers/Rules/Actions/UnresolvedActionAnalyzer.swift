import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds `provider(_:perform:)` / `conversationManager(_:perform:)` handlers with a path on which
/// the action is neither fulfilled nor failed.
///
/// Resolution inside a closure the handler starts (a `Task`, a completion) counts when the closure
/// resolves on all of its paths; handing the action to code elsewhere or storing it counts as
/// resolution (we cannot see further), except to calls that only describe it (`type(of:)`, logging);
/// handing it to a helper in the same file counts when the helper resolves it on every path. A
/// `guard` whose condition asks a same-file helper that fails the action (`findCallOrFail(action)`)
/// owes nothing in its `else`, and an action type the file later takes from
/// `pendingCallActions(of:)` is resolved there.
package struct UnresolvedActionAnalyzer: Analyzer {
    package let ruleID = "unresolved_action"

    package init() {}

    static let handlerSelectors = CallRoles.actionHandlerSelectors

    /// Findings sit in perform handlers, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? {
        CallRoles.baseNames(of: UnresolvedActionAnalyzer.handlerSelectors)
    }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let syntax = StatementSyntax(context: context)
        let pendingTypes = Self.typesTakenFromPending(context)
        let handOffs = RuntimeHandOffs(context: context, syntax: syntax)
        for function in syntax.functions(withSelectors: Self.handlerSelectors) {
            guard let name = syntax.parameterName(function, label: "perform"),
                let bodyBlock = context.outline.functions[function].bodyBlock
            else { continue }
            if let type = syntax.parameterTypeName(function, label: "perform"), pendingTypes.contains(type) { continue }
            let aliases = Set(syntax.aliases(of: name, type: nil, in: function).keys)
            let resolution = ActionResolution(context: context, syntax: syntax, depth: 0)
            var walker = PathWalker(context: context, syntax: syntax, rules: resolution.rules(for: aliases))
            let summary = walker.summary(of: bodyBlock)
            let endsOpen = summary.leaks.isEmpty && summary.jumps == nil && summary.throwsOpen == nil
            guard !summary.discharges,
                let open = walker.openHandlerWitness(summary, of: bodyBlock, endsOpen: endsOpen, mentioning: aliases)
            else { continue }
            var witness = open.steps
            // A `break` outside any loop (which the compiler rejects) leaves the path with no step of its own.
            if endsOpen || witness.isEmpty {
                let end = syntax.closingBrace(of: function)
                witness.append(
                    syntax.step(at: end, "handler ends at line \(syntax.line(of: end)) without fulfill() or fail()"))
            }
            let nameToken = context.outline.functions[function].nameToken
            var finding = context.finding(
                ruleID, at: context.range(ofToken: nameToken),
                message: .unresolvedAction(name, reason: witness[0].message), witness: witness)
            finding.lowerConfidence(to: .medium, because: open.notHigh)
            handOffs.qualify(&finding, handler: function)
            findings.append(finding)
        }
    }
}

extension UnresolvedActionAnalyzer {
    /// Action types the file looks up with `pendingCallActions(of: T.self, …)` and then fulfills or
    /// fails: their handlers leave the action pending on purpose and resolve it there.
    static func typesTakenFromPending(_ context: AnalysisContext) -> Set<String> {
        let file = context.file
        let calls = context.outline.calls
        let resolves = calls.contains {
            ["fulfill", "fail"].contains(file.name(at: $0.nameToken)) && !$0.receiver.isEmpty
        }
        guard resolves else { return [] }
        var result: Set<String> = []
        for call in calls where file.name(at: call.nameToken) == "pendingCallActions" {
            guard let first = call.arguments.first, !first.value.isEmpty,
                file.tokens[first.value.lowerBound].kind == .identifier
            else { continue }
            result.insert(file.name(at: first.value.lowerBound))
        }
        return result
    }
}

extension String {
    fileprivate static func unresolvedAction(_ name: String, reason: String) -> String {
        "`\(name)` is neither fulfilled nor failed on some path: \(reason)"
    }
}
