import LCKAnalyzers
import LCKCore
import Testing

/// unnormalized_handle, with expectations written by hand from the rule text.
@Suite struct UnnormalizedHandleAnalyzerTests {
    func findings(_ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(UnnormalizedHandleAnalyzer(), in: source)
    }

    @Test func phoneLiteralProblemsAreListed() {
        let found = findings(#"let h = CXHandle(type: .phoneNumber, value: "1 (650) 555-0199")"#)
        #expect(found.count == 1)
        #expect(found.first?.evidence == ["missing leading +", "spaces", "dashes", "parentheses"])
        #expect(found.first?.range.start == 8)
    }

    @Test func e164AndShortCodesPass() {
        #expect(findings(#"let h = CXHandle(type: .phoneNumber, value: "+442079460958")"#).isEmpty)
        #expect(findings(#"let h = CXHandle(type: .phoneNumber, value: "112")"#).isEmpty)
        #expect(findings(#"let h = Handle(type: .phoneNumber, value: number, displayName: nil)"#).isEmpty)
    }

    @Test func emailCaseMattersOnlyForEmailHandles() {
        #expect(
            findings(#"let h = Handle(type: .emailAddress, value: "Bob@Example.com", displayName: nil)"#).count == 1)
        #expect(findings(#"let h = Handle(type: .emailAddress, value: "bob@example.com", displayName: nil)"#).isEmpty)
        #expect(findings(#"let h = Handle(type: .generic, value: "Bob@Example.com", displayName: nil)"#).isEmpty)
    }

    @Test func localLiteralIsFollowed() {
        let found = findings("let n = \"+1-650-555-0199\"\nlet h = CXHandle(type: .phoneNumber, value: n)")
        #expect(found.first?.evidence == ["dashes", "via local `n`"])
    }

    @Test func ternaryBranchesAreJudgedEach() {
        let found = AnalyzerTestSupport.findings(
            UnnormalizedHandleAnalyzer(),
            in: "let h = CXHandle(type: .phoneNumber, value: isDemo ? \"6505550100\" : \"+16505550100\")")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("\"6505550100\"") == true)
        let clean = AnalyzerTestSupport.findings(
            UnnormalizedHandleAnalyzer(),
            in: "let h = CXHandle(type: .phoneNumber, value: isDemo ? \"+16505550100\" : number)")
        #expect(clean.isEmpty)
    }
}
