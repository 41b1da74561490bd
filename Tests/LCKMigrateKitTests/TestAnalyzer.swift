import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules

@testable import LCKMigrateKit

/// A stand-in analyzer for tests: `body` gives the findings of each file.
struct TestAnalyzer: Analyzer {
    let ruleID: String
    let body: @Sendable (AnalysisContext) -> [Finding]

    init(_ ruleID: String, body: @escaping @Sendable (AnalysisContext) -> [Finding]) {
        self.ruleID = ruleID
        self.body = body
    }

    func analyze(_ context: AnalysisContext, into findings: inout [Finding]) { findings += body(context) }
}

extension AnalyzerSuite {
    /// `analyzers` alone, over an empty rule table: no mapping detection, no project facts.
    static func testing(_ analyzers: [any Analyzer]) -> AnalyzerSuite {
        AnalyzerSuite(rules: RuleTable(mappings: [], analyzers: []), analyzers: analyzers)
    }
}

/// Stands in for the real analyzers: every identifier token `CXProvider` is a `test_provider` warning,
/// every identifier `CXCallController` a `test_controller` note. Tokens only, so text in strings
/// and comments never counts.
let identifierSpotter = TestAnalyzer("test_identifiers") { context in
    let file = context.file
    return file.tokens.compactMap { token -> Finding? in
        guard token.kind == .identifier else { return nil }
        if file.token(token, is: "CXProvider") {
            return Finding(ruleID: "test_provider", severity: .warning, message: "provider", range: token.range)
        }
        if file.token(token, is: "CXCallController") {
            return Finding(ruleID: "test_controller", severity: .note, message: "controller", range: token.range)
        }
        return nil
    }
}

let testRuleIDs: Set<String> = ["test_provider", "test_controller", "unused_suppression", "suppression_without_reason"]

/// Runs the per-file stages (lex → analyze → suppress → policy → locate → fingerprint) on `source`,
/// as the pipeline does, and returns the findings in report order.
func scanSource(
    _ source: String, path: String = "A.swift", requireReason: Bool = false, policy: RulePolicy = RulePolicy()
) -> [Finding] {
    let bytes = Array(source.utf8)
    let lines = LineTable(bytes)
    let file = Lexer.tokenize(bytes)
    var findings = AnalyzerSuite.testing([identifierSpotter]).findings(in: file)
    SuppressionPass.apply(
        to: &findings, file: file, lines: lines,
        options: SuppressionOptions(knownRuleIDs: testRuleIDs, requireReason: requireReason))
    policy.apply(to: &findings)
    Finding.locate(&findings, path: path, lines: lines, bytes: bytes)
    FindingFingerprint.assign(to: &findings, bytes: bytes, lines: lines)
    findings.sort(by: Finding.reportOrder)
    FindingFingerprint.rankDuplicates(in: &findings)
    return findings
}

/// `line:rule:state` per finding, state `active`, `in:REASON` or `baseline`: compact to compare.
func summary(_ findings: [Finding]) -> [String] {
    findings.map { finding in
        let state: String
        switch finding.suppression?.kind {
        case nil: state = "active"
        case .inSource: state = "in:" + finding.suppression!.justification
        case .external: state = "baseline"
        }
        return "\(finding.start.line):\(finding.ruleID):\(state)"
    }
}
