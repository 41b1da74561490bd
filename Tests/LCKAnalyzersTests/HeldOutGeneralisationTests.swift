import LCKAnalyzers
import LCKCore
import Testing

/// Shapes met in apps the analyzers had never seen (the third held-out set), written from scratch:
/// each test pins one general cause of a miss or a false alarm found there.
@Suite struct HeldOutGeneralisationTests {
    @Test func recordingAnEndedStateInATaskIsNotWork() {
        // Only the UI state changes in the Task; the call is already over when fulfill runs.
        let quiet = MarkedSnippet(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                wasEndedByUser = true
                action.fulfill()
                Task { @MainActor in self.phase = .ended }
            }
            """)
        #expect(quiet.findings(PrematureFulfillAnalyzer()).isEmpty)
        // The same handler that really hangs up in the Task is still early.
        let early = MarkedSnippet(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                action.↓fulfill()
                Task { @MainActor in await self.session.hangUp(); self.phase = .ended }
            }
            """)
        #expect(early.findings(PrematureFulfillAnalyzer()).map(\.range.start) == early.markers)
    }

    @Test func spelledOutInitializerIsAFreshUUIDToo() {
        let snippet = MarkedSnippet(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let ringing = ↓UUID.init()
                provider.reportNewIncomingCall(with: ringing, update: CXCallUpdate()) { error in
                    if error != nil { self.drop(ringing) }
                    completion()
                }
            }
            """)
        #expect(snippet.findings(RegeneratedIncomingUUIDAnalyzer()).map(\.range.start) == snippet.markers)
    }

    @Test func freshIDHandedToAnIncomingHelperOfTheSameFile() {
        // The helper reports whatever id it gets; the push handler made that id up.
        let snippet = MarkedSnippet(
            """
            final class Pushes: NSObject, PKPushRegistryDelegate {
                var ringingID: UUID?
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                    ringingID = ↓UUID()
                    showIncoming(uuid: ringingID!, from: payload.dictionaryPayload["from"] as? String, completion: completion)
                }
                func showIncoming(uuid: UUID, from caller: String?, completion: @escaping () -> Void) {
                    provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate()) { error in
                        if let error { self.teardown(uuid, error) }
                        completion()
                    }
                }
            }
            """)
        let findings = snippet.findings(RegeneratedIncomingUUIDAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.map(\.confidence) == [.low])
    }

    @Test func stubCallEndedThroughAnAppWrapperIsNotARealCall() {
        // A push that is not a call is reported and ended at once to satisfy PushKit: there is no
        // server id to reuse and nothing to tear down if reporting fails.
        let source = """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let stub = UUID()
                provider.reportNewIncomingCall(with: stub, update: CXCallUpdate()) { _ in
                    self.reportCallEnded(uuid: stub, reason: .failed)
                    completion()
                }
            }
            """
        let snippet = MarkedSnippet(source)
        #expect(snippet.findings(RegeneratedIncomingUUIDAnalyzer()).isEmpty)
        #expect(snippet.findings(SwallowedReportErrorAnalyzer()).isEmpty)
    }

    @Test func placeholderFallbacksAndLiteralLocalsAreTransient() {
        let snippet = MarkedSnippet(
            """
            func show(_ data: CallData, _ payload: [String: Any]) {
                let first = ↓CXHandle(type: .generic, value: data.callerID ?? "Unknown")
                let label = (payload["name"] as? String) ?? (payload["title"] as? String) ?? "Incoming Call"
                let second = ↓CXHandle(type: .generic, value: label)
                let handle = "handle"
                let third = ↓CXHandle(type: .phoneNumber, value: handle)
            }
            """)
        let findings = snippet.findings(TransientHandleAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.first?.evidence == ["value ← fallback after `??` ← placeholder literal \"Unknown\""])
    }

    @Test func realFallbacksAndPayloadLocalsStayQuiet() {
        let snippet = MarkedSnippet(
            """
            func show(_ data: CallData, _ payload: [String: Any]) {
                let first = CXHandle(type: .generic, value: data.callerID ?? data.accountNumber)
                let handle = payload["handle"] as? String ?? data.accountNumber
                let second = CXHandle(type: .generic, value: handle)
                let third = CXHandle(type: .generic, value: data.callerID ?? "Alice Example")
                let fourth = CXHandle(type: .generic, value: data.displayName ?? "")
            }
            """)
        #expect(snippet.findings(TransientHandleAnalyzer()).isEmpty)
    }
}

@Suite struct DroppedCompletionTests {
    @Test func completionHandedToAHelperThatNeverUsesIt() {
        // The helper takes the completion (after a defaulted parameter) and forgets it.
        let snippet = MarkedSnippet(
            """
            final class Pushes: NSObject, PKPushRegistryDelegate {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                    show(id: UUID(uuidString: payload.callID)!, completion: completion)
                }
                func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                    ring(id: UUID(uuidString: payload.callID)!, completion: completion)
                }
                func show(id: UUID, video: Bool = false, completion: @escaping () -> Void) {
                    provider.reportNewIncomingCall(with: id, update: CXCallUpdate()) { _ in completion() }
                }
                func ring(id: UUID, video: Bool = false, completion: @escaping () -> Void) {
                    provider.reportNewIncomingCall(with: id, update: CXCallUpdate()) { error in self.note(error) }
                }
            }
            """)
        #expect(snippet.findings(PushCompletionNotCalledAnalyzer()).map(\.range.start) == snippet.markers)
    }
}
