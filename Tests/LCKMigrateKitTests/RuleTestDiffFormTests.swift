import Foundation
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// `rules test` diffs: the README documents both forms, and they are what the two kinds of checks print.
@Suite struct RuleTestDiffFormTests {
    @Test func diffFormsMatchTheReadme() throws {
        let readme = try String(contentsOfFile: PackageRoot.path + "/README.md", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("`line:column rule_id` for a rule's examples and mutations"))
        #expect(readme.contains("`line rule_id` for annotated samples"))
        #expect(RuleTestPosition(line: 3, column: 7, ruleID: "r").description == "3:7 r")
        #expect(AnnotatedSample.Expectation(line: 3, ruleID: "r").description == "3 r")
        let failure = RuleTestFailure(name: "sample", expected: ["3 r"], actual: [])
        #expect(failure.diffLines == ["- 3 r"])
    }
}
