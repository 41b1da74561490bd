import Foundation
import LiveCommunicationKit

/// Chooses the call backend once: LiveCommunicationKit from iOS 17.4, the older in-app ringer below.
final class RelayCalls {
    static let shared = RelayCalls()

    private var lckBackend: Any?

    private init() {
        if #available(iOS 17.4, *) {
            lckBackend = ConversationBackend()
        }
    }

    func ring(uuid: UUID, caller: String) async throws {
        guard #available(iOS 17.4, *), let backend = lckBackend as? ConversationBackend else {
            RelayMedia.shared.ringInApp(caller)
            return
        }
        try await backend.reportIncoming(uuid: uuid, caller: caller)
    }

    func hangUp(_ uuid: UUID) async throws {
        if #unavailable(iOS 17.4) {
            RelayMedia.shared.hangUp(uuid)
        } else if let backend = lckBackend as? ConversationBackend {
            try await backend.manager.perform([EndConversationAction(conversationUUID: uuid)])
        }
    }

    func translate(_ uuid: UUID) async throws {
        guard #available(iOS 26.0, *), let backend = lckBackend as? ConversationBackend else { return }
        let action = SetTranslatingAction(
            conversationID: uuid, isTranslating: true, localLanguage: Locale.Language(identifier: "en"),
            remoteLanguage: Locale.Language(identifier: "de"))
        try await backend.manager.perform([action])
    }
}
