/// `VoIPPushHandler.swift`: receives VoIP pushes and awaits the incoming-call report before returning.
/// It reports through `CallingSystem` when only LiveCommunicationKit ships, through `CallBackend` in the
/// two-stack form (so it needs no `#available` of its own).
enum ScaffoldPushTemplate {
    static func render(_ facts: ScaffoldFacts) -> String {
        let origin =
            facts.pushKitLocation.map { "The app's PushKit code starts at \(ScaffoldGenerator.comment($0))." }
            ?? "The app has no PushKit code yet; delete this file if it never receives VoIP pushes."
        let twoStacks = facts.usesTwoStacks
        let imports = "import Foundation\n" + (twoStacks ? "" : "import LiveCommunicationKit\n") + "import PushKit\n"
        let reported = twoStacks ? "call" : "conversation"
        let owner = twoStacks ? "calls: any CallBackend" : "callingSystem: CallingSystem"
        let ownerName = twoStacks ? "calls" : "callingSystem"
        let report =
            twoStacks
            ? """
                    do {
                        // Awaited before returning: PushKit ends the app if a VoIP push reports no call.
                        // TODO: hasVideo from the payload for video calls.
                        try await calls.reportIncomingCall(
                            uuid: call.uuid, callerID: call.callerID, callerName: call.callerName, hasVideo: false)
            """
            : """
                    let caller = callingSystem.handles.account(call.callerID, displayName: call.callerName)
                    let update = Conversation.Update(localMember: nil, members: [caller], activeRemoteMembers: nil, capabilities: nil)
                    do {
                        // Awaited before returning: PushKit ends the app if a VoIP push reports no call.
                        try await callingSystem.manager.reportNewIncomingConversation(uuid: call.uuid, update: update)
            """
        return ScaffoldGenerator.header + imports + """

            /// Receives VoIP pushes and reports each as an incoming \(reported) before returning, as
            /// PushKit requires. \(origin)
            final class VoIPPushHandler: NSObject, PKPushRegistryDelegate {
                private let \(owner)
                private let registry: PKPushRegistry
                /// TODO: decline the call on the server so the caller stops ringing.
                private let onReportFailure: (UUID, any Error) -> Void

                init(\(owner), onReportFailure: @escaping (UUID, any Error) -> Void) {
                    self.\(ownerName) = \(ownerName)
                    self.onReportFailure = onReportFailure
                    registry = PKPushRegistry(queue: nil)
                    super.init()
                    registry.delegate = self
                    registry.desiredPushTypes = [.voIP]
                }

                func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
                    // TODO: send pushCredentials.token to the server.
                }

                func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
                    // TODO: tell the server to stop sending VoIP pushes to this device.
                }

                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                    let call = IncomingCallPayload(payload.dictionaryPayload)

            """ + report + "\n" + """
                        } catch {
                            // The system refused the call (do not disturb, blocked, duplicate UUID).
                            onReportFailure(call.uuid, error)
                        }
                    }
                }

                /// TODO: the keys your server sends; keep the server's call UUID so push, server and system agree.
                struct IncomingCallPayload {
                    var uuid: UUID
                    var callerID: String
                    var callerName: String?

                    init(_ payload: [AnyHashable: Any]) {
                        uuid = (payload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
                        callerID = payload["callerID"] as? String ?? "unknown"
                        callerName = payload["callerName"] as? String
                    }
                }

                """
    }
}
