import LCKAnalyzers
import LCKCore
import Testing

@Suite struct UnreportedVoipPushAnalyzerTests: MarkedSnippetSuite {
    let analyzer = UnreportedVoipPushAnalyzer()

    @Test func earlyReturnOnMissingCallID() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard let callID = payload.callID else {
                    completion()
                    return
                }
                provider.reportNewIncomingCall(with: callID, update: payload.update) { _ in completion() }
            }
            """, witness: ["guard at line 2 returns without reporting a call"])
    }

    /// Before iOS 13 PushKit did not require a report, so a branch that only runs there owes none.
    @Test func branchesForSystemsBeforeIOS13OweNoReport() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let system = ProcessInfo.processInfo.operatingSystemVersion
                if system.majorVersion >= 13 {
                    provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in }
                }
                completion()
            }
            """)
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                if #available(iOS 13.0, *) {
                    provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in }
                } else {
                    legacyQueue.append(payload)
                }
                completion()
            }
            """)
        // Any other version check is no excuse: iOS 14 devices still kill the app.
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                if #available(iOS 15.0, *) {
                    provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in }
                }
                completion()
            }
            """)
    }

    @Test func reportInsideTaskOfCompletionVariant() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                Task {
                    try await manager.reportNewIncomingConversation(uuid: payload.conversationID, update: payload.update)
                    completion()
                }
            }
            """,
            witness: ["reportNewIncomingConversation at line 3 runs inside Task at line 2, after the handler returns"])
    }

    @Test func reportInsideNetworkCallbackOrDispatch() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                api.fetchCaller(payload.callerID) { caller in
                    self.provider.reportNewIncomingCall(with: payload.callID, update: caller.update) { _ in completion() }
                }
            }
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                DispatchQueue.main.async {
                    self.provider.reportNewIncomingCall(with: payload.callID, update: self.update) { _ in }
                }
            }
            """)
    }

    @Test func asyncVariantAwaitsOtherWorkFirst() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                let caller = await directory.lookUp(payload.callerID)
                try? await manager.reportNewIncomingConversation(uuid: payload.conversationID, update: caller.update)
            }
            """, witness: ["awaits other work at line 2 before reporting a call"])
    }

    @Test func reportedOnEveryPath() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let callID = calls.identifier(for: payload)
                provider.reportNewIncomingCall(with: callID, update: payload.update) { _ in completion() }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                do {
                    try await manager.reportNewIncomingConversation(uuid: payload.conversationID, update: payload.update)
                } catch {
                    log(error)
                }
            }
            """)
    }

    @Test func nonVoIPAndMustReportBranchesOweNothing() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata) async {
                guard metadata.mustReport else { return }
                try? await manager.reportNewIncomingConversation(uuid: payload.conversationID, update: payload.update)
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata, withCompletionHandler completion: @escaping () -> Void) {
                if !metadata.mustReport {
                    completion()
                    return
                }
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in completion() }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard type == .voIP else { return completion() }
                if type != .voIP { return }
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in completion() }
            }
            """)
    }

    @Test func sameFileHelperAndHandOffs() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                present(payload)
                completion()
            }
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                later(payload)
            }
            func present(_ payload: PKPushPayload) {
                provider.reportNewIncomingCall(with: payload.callID, update: payload.update) { _ in }
            }
            func later(_ payload: PKPushPayload) {
                Task { try await manager.reportNewIncomingConversation(uuid: payload.id, update: payload.update) }
            }
            """,
            witness: ["reportNewIncomingConversation at line 12 runs inside Task at line 12, after the handler returns"]
        )
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                CallCenter.shared.handleVoIPPush(payload)
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard let id = payload.id else { fatalError("push without a call") }
                callManager.displayIncomingCall(uuid: id, handle: payload.caller, completion: completion)
            }
            """)
    }

    @Test func switchOverTheAppsOwnPushKinds() {
        // `relayKind` is the app's classification, not PKPushType: its default still owes a report.
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                let relayKind = Relay.pushType(of: payload.dictionaryPayload)
                switch relayKind {
                case .invite:
                    provider.reportNewIncomingCall(with: payload.callID, update: makeUpdate(payload)) { _ in completion() }
                default:
                    break
                }
            }
            """)
    }

    @Test func payloadHandedOnInsideATuple() {
        // The push and its completion travel together to a subscriber elsewhere, which reports.
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
        // One field of the push in a tuple is not the push.
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                analytics.send((kind: payload.type, at: Date()))
                completion()
            }
            """)
    }

    @Test func parsingThePayloadIsNotHandingItOn() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                guard let caller = sdk.parseVoIPPayload(payload: payload) else {
                    print("bad payload")
                    return
                }
                callManager.reportIncomingCallFor(uuid: caller.id, sender: caller.name) { completion() }
            }
            """, witness: ["guard at line 2 returns without reporting a call"])
    }

    @Test func theBranchWhereTheSDKTookThePushOwesNothing() {
        check(
            """
            func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                if !VoiceSDK.handleNotification(payload.dictionaryPayload, delegate: self) {
                    print("not a call push")
                }
            }
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                if !VoiceSDK.handleNotification(payload.dictionaryPayload, delegate: self) {
                    reportPlaceholderCall()
                }
                completion()
            }
            func reportPlaceholderCall() {
                let id = UUID()
                provider.reportNewIncomingCall(with: id, update: CXCallUpdate()) { _ in
                    self.provider.reportCall(with: id, endedAt: Date(), reason: .failed)
                }
            }
            """,
            witness: [
                "the true branch of the if at line 2 ends without reporting a call",
                "handler ends at line 5 without reporting a call",
            ])
    }
}
