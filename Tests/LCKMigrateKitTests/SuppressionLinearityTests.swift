import LCKAnalyzers
import LCKCore
import LCKLexer
import Testing

@testable import LCKMigrateKit

/// Hostile directive shapes cost the suppression pass work in proportion to the file (issue 15): each
/// test counts the pass's steps at N and 2N.
@Suite struct SuppressionLinearityTests {
    /// The pass's steps and findings for `source`, with the identifier spotter's findings.
    private static func run(_ source: String) -> (work: Int, findings: [Finding]) {
        let bytes = Array(source.utf8)
        let file = Lexer.tokenize(bytes)
        var findings = AnalyzerSuite.testing([identifierSpotter]).findings(in: file)
        var work = 0
        SuppressionPass.apply(
            to: &findings, file: file, lines: LineTable(bytes), options: SuppressionOptions(knownRuleIDs: testRuleIDs),
            work: &work)
        return (work, findings)
    }

    private static func expectLinear(_ source: (Int) -> String, small: Int = 2_000) {
        let first = run(source(small)).work
        let second = run(source(2 * small)).work
        #expect(first > 0)
        #expect(Double(second) <= 2.2 * Double(first), "suppression work \(first) → \(second)")
    }

    /// N `disable-next-line all` comments stacked over one finding: each reaches the finding's line, the
    /// first claims it, the others are unused notes.
    @Test func stackedNextLineDirectivesAreLinear() {
        let stacked = { (count: Int) in
            String(repeating: "// lckmigrate:disable-next-line all\n", count: count) + "let p = CXProvider()\n"
        }
        let outcome = Self.run(stacked(50))
        #expect(outcome.findings.filter { $0.ruleID == "test_provider" && $0.suppression != nil }.count == 1)
        #expect(outcome.findings.filter { $0.ruleID == "unused_suppression" }.count == 49)
        Self.expectLinear(stacked)
    }

    /// N findings on one line under N stacked directives: one index lookup per finding.
    @Test func manyFindingsUnderManyDirectivesAreLinear() {
        Self.expectLinear { count in
            String(repeating: "// lckmigrate:disable-next-line test_provider\n", count: count) + "let a = ["
                + String(repeating: "CXProvider, ", count: count) + "]\n"
        }
    }

    /// N open regions, then N `enable`s of another rule id, then N findings inside the regions.
    @Test func manyRegionsAndEnablesAreLinear() {
        Self.expectLinear { count in
            String(repeating: "// lckmigrate:disable test_provider\n", count: count)
                + String(repeating: "// lckmigrate:enable test_controller\n", count: count)
                + String(repeating: "let p = CXProvider()\n", count: count) + "// lckmigrate:enable all\n"
        }
    }

    /// The innermost region wins, a region ended by `enable all` no longer covers, and a line directive beats both.
    @Test func indexKeepsTheMostSpecificScope() {
        let source = """
            // lckmigrate:disable test_provider -- outer
            // lckmigrate:disable all -- inner
            let a = CXProvider()
            let b = CXProvider() // lckmigrate:disable-line test_provider -- line
            // lckmigrate:enable all
            let c = CXProvider()
            """
        let findings = Self.run(source).findings.filter { $0.ruleID == "test_provider" }
        #expect(findings.map { $0.suppression?.justification } == ["inner", "line", nil])
    }
}
