import AVFAudio
import Foundation
import LiveCommunicationKit

/// The app still supports iOS 15, so every LiveCommunicationKit type sits behind an availability check:
/// this whole backend is `@available(iOS 17.4, *)`, and `RelayCalls` picks it with `#available`.
/// It handles no start action, so a redial from Recents cannot start a call (`missing_action_handler`).
@available(iOS 17.4, *)
// expect: missing_action_handler
final class ConversationBackend: NSObject, ConversationManagerDelegate {
    let manager: ConversationManager

    override init() {
        manager = ConversationManager(
            configuration: ConversationManager.Configuration(
                ringtoneName: "relay-ring.caf", iconTemplateImageData: nil, maximumConversationGroups: 2,
                maximumConversationsPerConversationGroup: 5, includesConversationInRecents: true,
                supportsVideo: false, supportedHandleTypes: [.phoneNumber, .generic]))
        super.init()
        manager.delegate = self
    }

    func reportIncoming(uuid: UUID, caller: String) async throws {
        let remote = Handle(type: .generic, value: caller, displayName: caller)
        let update = Conversation.Update(members: [remote])
        try await manager.reportNewIncomingConversation(uuid: uuid, update: update)
    }

    func conversationManagerDidBegin(_ manager: ConversationManager) {}

    func conversationManagerDidReset(_ manager: ConversationManager) {
        RelayMedia.shared.stopAll()
    }

    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {}

    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
        switch action {
        case let join as JoinConversationAction:
            RelayMedia.shared.connect(join.conversationUUID) { connected in
                connected ? join.fulfill(dateConnected: Date()) : join.fail()
            }
        case let end as EndConversationAction:
            RelayMedia.shared.hangUp(end.conversationUUID)
            end.fulfill(dateEnded: Date())
        default:
            action.fail()
        }
    }

    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {}

    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {
        RelayMedia.shared.startAudio()
    }

    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {
        RelayMedia.shared.stopAudio()
    }
}
