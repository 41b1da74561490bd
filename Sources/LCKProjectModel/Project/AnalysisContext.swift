import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Everything an analyzer may look at for one file, built once and shared by all analyzers.
package struct AnalysisContext: Sendable {
    package let file: TokenizedFile
    package let outline: SyntaxOutline
    package let facts: TypeFacts
    package let rules: RuleTable
    /// What a scan's pre-pass learned from all files; empty when a file is analysed on its own.
    package let project: ProjectFacts
    /// The lowest iOS version this file is built for, from the project's settings; nil when unknown
    /// (then no availability finding is reported).
    package let deploymentTarget: OSVersion?

    package init(
        file: TokenizedFile, outline: SyntaxOutline, facts: TypeFacts, rules: RuleTable,
        project: ProjectFacts = ProjectFacts(), deploymentTarget: OSVersion? = nil
    ) {
        self.file = file
        self.outline = outline
        self.facts = facts
        self.rules = rules
        self.project = project
        self.deploymentTarget = deploymentTarget
    }

    /// Lexes nothing: parses and builds type facts for an already lexed file.
    package init(
        file: TokenizedFile, rules: RuleTable, project: ProjectFacts = ProjectFacts(),
        deploymentTarget: OSVersion? = nil
    ) {
        let outline = Parser.parse(file)
        let facts = TypeFacts(outline: outline, file: file)
        self.init(
            file: file, outline: outline, facts: facts, rules: rules, project: project,
            deploymentTarget: deploymentTarget)
    }

    /// The rule's metadata from `Rules/analyzers/<id>.json`; severity and word lists come from there,
    /// so a rule author can tune them without touching Swift.
    package func metadata(for ruleID: String) -> AnalyzerRule? { rules.analyzer(id: ruleID) }

    /// A finding for `ruleID` at `range`, with the severity (and default confidence) from the rule table.
    package func finding(
        _ ruleID: String,
        at range: ByteRange,
        message: String,
        confidence: Confidence? = nil,
        witness: [WitnessStep] = [],
        evidence: [String] = []
    ) -> Finding {
        let rule = metadata(for: ruleID)
        var finding = Finding(
            ruleID: ruleID,
            severity: rule?.severity ?? .warning,
            message: message,
            range: range,
            confidence: confidence ?? rule?.confidence,
            witness: witness,
            evidence: evidence
        )
        // A step that is not certain makes the finding not certain, whatever the rule's default.
        finding.lowerConfidence(to: .medium, because: witness.lazy.compactMap(\.notHigh).first)
        return finding
    }

    /// Follows typealiases through this file's declarations, then the project's (`typealias Answer =
    /// CXAnswerCallAction` in another file still names the action type).
    package func resolveAlias(_ name: String) -> String { project.resolveAlias(facts.resolveAlias(name)) }

    /// Byte range of the token at `index`.
    package func range(ofToken index: Int) -> ByteRange { file.tokens[index].range }

    /// Byte range from the first to the last token of `tokens` (half-open token indices).
    package func range(ofTokens tokens: Range<Int>) -> ByteRange {
        guard !tokens.isEmpty else { return ByteRange(start: 0, end: 0) }
        return ByteRange(start: file.tokens[tokens.lowerBound].start, end: file.tokens[tokens.upperBound - 1].end)
    }
}
