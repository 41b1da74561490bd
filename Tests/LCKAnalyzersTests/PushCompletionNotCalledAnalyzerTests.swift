import LCKAnalyzers
import LCKCore
import Testing

@Suite struct PushCompletionNotCalledAnalyzerTests: MarkedSnippetSuite {
    let analyzer = PushCompletionNotCalledAnalyzer()

    @Test func completionNeverCalled() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { error in
                    if let error { self.log(error) }
                }
            }
            """,
            witness: [
                "the true branch of the if at line 3 ends without calling completion()",
                "handler ends at line 5 without calling completion()",
            ])
    }

    @Test func guardReturnSkipsTheInternalName() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata, withCompletionHandler done: @escaping () -> Void) {
                guard metadata.mustReport else { return }
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in done() }
            }
            """, witness: ["guard at line 2 returns without calling done()"])
    }

    @Test func calledOnEveryPath() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard type == .voIP else {
                    completion()
                    return
                }
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in completion() }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                defer { completion() }
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                callCenter.handle(payload, then: completion)
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                DispatchQueue.main.async { completion?() }
            }
            """)
    }

    @Test func asyncVariantHasNoCompletion() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                guard type == .voIP else { return }
            }
            """)
    }

    @Test func completionHandedOnInATuple() {
        // The completion travels with the payload to a subscriber; it is not dropped.
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard type == .voIP else {
                    completion()
                    return
                }
                incomingPushes.send((payload: payload, completion: completion))
            }
            """)
    }

    @Test func continueInALoopStaysInTheLoop() {
        // `continue` goes to the next account; every path still reaches a completion() call.
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                for account in accounts {
                    guard let call = account.decode(payload) else { continue }
                    calls.report(call)
                    completion()
                    return
                }
                calls.reportUnknown()
                completion()
            }
            """)
    }

    @Test func breakOutsideALoopIsReportedNotACrash() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                break
            }
            """, witness: ["handler ends at line 3 without calling completion()"])
    }
}
