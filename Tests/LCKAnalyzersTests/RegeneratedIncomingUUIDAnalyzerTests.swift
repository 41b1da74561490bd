import LCKAnalyzers
import LCKCore
import Testing

@Suite struct RegeneratedIncomingUUIDAnalyzerTests {
    let analyzer = RegeneratedIncomingUUIDAnalyzer()

    @Test func freshUUIDInHandlersAndHelpers() {
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let callID = ↓UUID()
                provider.reportNewIncomingCall(with: callID, update: makeUpdate(payload)) { _ in completion() }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                present(payload)
                try? await manager.reportNewIncomingConversation(uuid: ↓UUID(), update: makeUpdate(payload))
            }
            func present(_ payload: PKPushPayload) {
                provider.reportNewIncomingCall(with: ↓UUID(), update: makeUpdate(payload)) { _ in }
            }
            """)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.map(\.confidence) == [.high, .high, .high])
        #expect(findings.first?.witness.map(\.message) == ["reportNewIncomingCall at line 3 reports the call under it"])
    }

    @Test func propertyAssignedAFreshUUIDThenReported() {
        // The handler keeps the new id in a property and reports the call under it.
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                self.ringingID = ↓UUID()
                provider.reportNewIncomingCall(with: self.ringingID!, update: makeUpdate(payload)) { _ in completion() }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                ringingID = payload.callID
                provider.reportNewIncomingCall(with: ringingID, update: makeUpdate(payload)) { _ in }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                // The server's id when it parses; a fresh one only as a fallback.
                let id: UUID
                if let parsed = UUID(uuidString: payload.callID) {
                    id = parsed
                } else {
                    id = UUID()
                }
                provider.reportNewIncomingCall(with: id, update: makeUpdate(payload)) { _ in completion() }
            }
            """)
        #expect(snippet.findings(analyzer).map(\.range.start) == snippet.markers)
    }

    @Test func otherFileHelperWithUUIDLabelIsLowConfidence() {
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                callManager.displayIncomingCall(uuid: ↓UUID(), handle: payload.handle)
            }
            """)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.first?.confidence == .low)
    }

    @Test func payloadIDsAndOutgoingCallsAreFine() {
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let raw = payload.dictionaryPayload["call_id"] as? String
                let callID = raw.flatMap(UUID.init(uuidString:)) ?? fallbackID(for: payload)
                provider.reportNewIncomingCall(with: callID, update: makeUpdate(payload)) { _ in completion() }
            }
            func startCall(to handle: Handle) async throws {
                let start = StartConversationAction(conversationUUID: UUID(), handles: [handle], isVideo: false)
                try await manager.perform([start])
                provider.reportNewIncomingCall(with: UUID(), update: update) { _ in }
            }
            """)
        #expect(snippet.findings(analyzer).isEmpty)
    }

    @Test func placeholderCallsEndedAtOnceAreNotFlagged() {
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                let placeholder = UUID()
                provider.reportNewIncomingCall(with: placeholder, update: CXCallUpdate()) { _ in
                    self.provider.reportCall(with: placeholder, endedAt: Date(), reason: .failed)
                }
            }
            """)
        #expect(snippet.findings(analyzer).isEmpty)
        #expect(snippet.findings(SwallowedReportErrorAnalyzer()).isEmpty)
    }
}
