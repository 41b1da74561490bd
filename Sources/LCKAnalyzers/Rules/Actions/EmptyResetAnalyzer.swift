import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds `providerDidReset(_:)` / `conversationManagerDidReset(_:)` bodies that are empty or only log.
package struct EmptyResetAnalyzer: Analyzer {
    package let ruleID = "empty_reset"

    package init() {}

    static let selectors: Set<String> = ["providerDidReset(_:)", "conversationManagerDidReset(_:)"]

    /// Findings sit in the reset callbacks, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.baseNames(of: Self.selectors) }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let syntax = StatementSyntax(context: context, logging: LoggingVocabulary(parameters: parameters))
        for function in syntax.functions(withSelectors: Self.selectors) {
            guard let body = context.outline.functions[function].bodyBlock, syntax.isLogOnly(body) else { continue }
            let isEmpty = context.outline.statements(in: body).isEmpty
            let nameToken = context.outline.functions[function].nameToken
            let end = syntax.closingBrace(of: function)
            let step = syntax.step(
                at: end,
                "body ending at line \(syntax.line(of: end)) \(isEmpty ? "is empty" : "only logs"): calls and media survive the reset"
            )
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: nameToken), message: .emptyReset(isEmpty: isEmpty),
                    witness: [step]))
        }
    }
}

extension String {
    fileprivate static func emptyReset(isEmpty: Bool) -> String {
        "The reset handler \(isEmpty ? "is empty" : "only logs"); end the app's calls, stop media and clear call state here"
    }
}
