import LCKCore
import LCKMigrateKit
import Testing

@Suite struct AnnotatedSampleTests {
    @Test func expectCommentsNameTheNextLine() {
        let source = """
            import CallKit
            // expect: unresolved_action
            func provider(_ p: CXProvider, perform action: CXSetHeldCallAction) {}
                // expect: unreported_voip_push,push_completion_not_called , empty_reset
            func pushRegistry() {}
            // We expect: nothing here, this is prose.
            let text = "// expect: not_a_comment"
            """
        let expectations = AnnotatedSample.expectations(in: source)
        #expect(
            expectations.findings.map(\.description) == [
                "3 unresolved_action", "5 empty_reset", "5 push_completion_not_called", "5 unreported_voip_push",
            ])
        #expect(!expectations.expectsNone)
    }

    @Test func settingsFilesAnnotateInTheirOwnComments() {
        let plist = "<plist>\n  <!-- expect: missing_usage_description -->\n<dict>\n<!-- a comment -->\n</dict>\n"
        #expect(AnnotatedSample.expectations(in: plist).findings.map(\.description) == ["3 missing_usage_description"])
        let pbxproj = "{\n\t/* expect: a_rule, b_rule */\n\tX = 1;\n\t/* Begin PBXProject section */\n}\n"
        #expect(AnnotatedSample.expectations(in: pbxproj).findings.map(\.description) == ["3 a_rule", "3 b_rule"])
    }

    @Test func twoFindingsOfOneRuleOnOneLineAreOneEntry() {
        let findings = [
            Finding(
                ruleID: "cxcall_uuid", severity: .warning, message: "", range: ByteRange(start: 0, end: 1),
                start: SourcePosition(line: 4, column: 3)),
            Finding(
                ruleID: "cxcall_uuid", severity: .warning, message: "", range: ByteRange(start: 9, end: 10),
                start: SourcePosition(line: 4, column: 12)),
            Finding(
                ruleID: "other", severity: .note, message: "", range: ByteRange(start: 20, end: 21),
                start: SourcePosition(line: 5, column: 1)),
        ]
        #expect(AnnotatedSample.actual(findings, scope: ["cxcall_uuid"]).map(\.description) == ["4 cxcall_uuid"])
        #expect(AnnotatedSample.expectations(in: "// expect: a, a\nx()\n").findings.map(\.description) == ["2 a"])
    }

    @Test func aConfidenceInParenthesesIsDemandedWhereItIsNamed() {
        let source = "// expect: a (medium), b\nx()\n// expect: c (sure)\ny()\n"
        let expected = AnnotatedSample.expectations(in: source).findings
        // `(sure)` names no confidence: it stays part of the id, which a test then reports as unknown.
        #expect(expected.map(\.description) == ["2 a (medium)", "2 b", "4 c (sure)"])
        func finding(_ rule: String, _ confidence: Confidence) -> Finding {
            Finding(
                ruleID: rule, severity: .warning, message: "", range: ByteRange(start: 0, end: 1),
                confidence: confidence, start: SourcePosition(line: 2, column: 1))
        }
        let right = AnnotatedSample.actual(
            [finding("a", .medium), finding("b", .high)], scope: nil, confidenceFor: expected)
        #expect(right.map(\.description) == ["2 a (medium)", "2 b"])
        let wrong = AnnotatedSample.actual(
            [finding("a", .high), finding("b", .high)], scope: nil, confidenceFor: expected)
        #expect(wrong.map(\.description) == ["2 a (high)", "2 b"])
    }

    @Test func expectNoneMarksTheWholeFile() {
        let expectations = AnnotatedSample.expectations(in: "let a = 1\n// expect-none\n")
        #expect(expectations.expectsNone)
        #expect(expectations.findings.isEmpty)
    }

    @Test func differenceIsAMultisetDifference() {
        let expected = [
            AnnotatedSample.Expectation(line: 3, ruleID: "a"), AnnotatedSample.Expectation(line: 3, ruleID: "a"),
        ]
        let actual = [
            AnnotatedSample.Expectation(line: 3, ruleID: "a"), AnnotatedSample.Expectation(line: 4, ruleID: "b"),
        ]
        let difference = AnnotatedSample.difference(expected: expected, actual: actual)
        #expect(difference.missing == [AnnotatedSample.Expectation(line: 3, ruleID: "a")])
        #expect(difference.unexpected == [AnnotatedSample.Expectation(line: 4, ruleID: "b")])
    }
}
