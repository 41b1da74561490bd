import AVFoundation
import Foundation
import LiveCommunicationKit

/// An app built for iOS 18 that adopts the iOS 26 additions where the system has them: live
/// translation of a conversation and cellular calls placed as the default dialing app.
/// It handles no start action, so a redial from Recents cannot start a call (`missing_action_handler`).
@available(iOS 26.0, *)
// expect: missing_action_handler
final class TranslatingConversations: ConversationManagerDelegate {
    private let manager: ConversationManager
    private var translating: Set<UUID> = []

    init(manager: ConversationManager) {
        self.manager = manager
        manager.delegate = self
    }

    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {}

    func conversationManagerDidBegin(_ manager: ConversationManager) {}

    func conversationManagerDidReset(_ manager: ConversationManager) {
        translating.removeAll()
    }

    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
        switch action {
        case let join as JoinConversationAction:
            join.fulfill(dateConnected: Date())
        case let end as EndConversationAction:
            translating.remove(end.conversationUUID)
            end.fulfill(dateEnded: Date())
        case let translate as SetTranslatingAction:
            if translate.isTranslating {
                translating.insert(translate.conversationUUID)
            } else {
                translating.remove(translate.conversationUUID)
            }
            translate.fulfill(using: .default)
        default:
            action.fail()
        }
    }

    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {}

    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {}

    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {}
}

/// Places a cellular call; needs the `com.apple.developer.dialing-app` entitlement, which this app lacks.
@available(iOS 26.0, *)
enum CellularDialer {
    static func dial(_ number: String) async throws {
        let handle = Handle(type: .phoneNumber, value: number, displayName: number)
        try await TelephonyConversationManager.sharedInstance.startCellularConversation(
            StartCellularConversationAction(handle))
    }
}
