import Foundation
import LiveCommunicationKit

/// Written when the app still targeted iOS 17.4; the project now supports iOS 15 again, and these uses
/// have no availability check.
final class QuickDial {
    // expect: unguarded_lck_availability
    func favourite(_ number: String) -> Handle {
        // expect: unguarded_lck_availability
        Handle(type: .phoneNumber, value: number, displayName: nil)
    }

    @available(iOS 17.4, *)
    func join(_ uuid: UUID, on manager: ConversationManager) async throws {
        try await manager.perform([JoinConversationAction(conversationUUID: uuid)])
        // expect: unguarded_lck_availability
        let cellular = StartCellularConversationAction(favourite("555-0142"))
        // expect: unguarded_lck_availability
        try await TelephonyConversationManager.sharedInstance.startCellularConversation(cellular)
    }

    func leave(_ uuid: UUID, backend: Any) async throws {
        if #available(iOS 17.0, *) {
            // expect: unguarded_lck_availability
            try await (backend as? ConversationManager)?.perform([
                // expect: unguarded_lck_availability
                EndConversationAction(conversationUUID: uuid)
            ])
        }
    }
}
