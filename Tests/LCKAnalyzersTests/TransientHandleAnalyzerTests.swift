import LCKAnalyzers
import LCKCore
import Testing

/// transient_handle, with expectations written by hand from the rule text.
@Suite struct TransientHandleAnalyzerTests {
    func findings(_ source: String) -> [Finding] { AnalyzerTestSupport.findings(TransientHandleAnalyzer(), in: source) }

    @Test func roomTokenIsTransientWithWordEvidence() throws {
        let found = findings("let h = CXHandle(type: .generic, value: invite.roomToken)")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        // Reported at the type name token (`CXHandle` starts at byte 8).
        #expect(finding.range == ByteRange(start: 8, end: 16))
        // The head noun of `roomToken` is `token`, which decides.
        #expect(finding.evidence == ["value ← word 'token' in `roomToken`"])
        #expect(finding.confidence == .low)
    }

    @Test func shapesAreMediumConfidence() {
        let uuid = findings("let h = Handle(type: .generic, value: UUID().uuidString, displayName: nil)")
        #expect(uuid.map(\.evidence) == [["value ← a fresh UUID() (line 1)"]])
        #expect(uuid.first?.confidence == .medium)
        let composite = findings(#"let h = CXHandle(type: .generic, value: "\(tenant.id):\(user.id)")"#)
        #expect(composite.map(\.evidence) == [["value ← interpolation of `tenant.id` and `user.id`"]])
        let placeholder = findings(#"let h = CXHandle(type: .generic, value: "Unknown Caller")"#)
        #expect(placeholder.map(\.evidence) == [[#"value ← placeholder literal "Unknown Caller""#]])
    }

    @Test func localIsFollowedOneStep() {
        let source = "func f() {\n    let key = session.meetingID\n    let h = CXHandle(type: .generic, value: key)\n}"
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first?.evidence == ["value ← `key` (line 2) ← word 'meeting' in `meetingID`"])
    }

    @Test func stableValuesAreQuiet() {
        let sources = [
            "let h = CXHandle(type: .generic, value: account.username)",
            "let h = CXHandle(type: .phoneNumber, value: contact.phoneNumber)",
            "let h = Handle(type: .emailAddress, value: user.email, displayName: nil)",
            "let h = CXHandle(type: .generic, value: session.userID)",
            "let h = CXHandle(type: .generic, value: user.uuid)",
            #"let h = CXHandle(type: .generic, value: contact.handle ?? "alice")"#,
            "let h = Handle(token: room.token)",  // not the handle initializer: no `type:`/`value:`
        ]
        for source in sources { #expect(findings(source).isEmpty, "\(source)") }
    }

    @Test func callUUIDParameterIsTransientOnlyByTheWeakWord() {
        let found = findings("func report(uuid: String) { let h = CXHandle(type: .generic, value: uuid) }")
        #expect(found.map(\.evidence) == [["value ← word 'uuid' in `uuid`"]])
    }

    @Test func genericCallTextIsAPlaceholder() {
        #expect(findings("let h = CXHandle(type: .generic, value: \"Incoming Call\")").count == 1)
        #expect(findings("let h = CXHandle(type: .generic, value: \"Call\")").count == 1)
        // Fixed text is the same handle for every call, even when it reads like a name: low confidence.
        #expect(findings("let h = CXHandle(type: .generic, value: \"Alice Smith\")").map(\.confidence) == [.low])
    }
}
