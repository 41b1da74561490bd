//
//  LCKBackend.swift
//  Relay (mid-migration)
//
//  The new LiveCommunicationKit backend, enabled for a growing share of
//  users through CallBackendFlags.useLCK.
//

#if canImport(LiveCommunicationKit)
import Foundation
import LiveCommunicationKit

@available(iOS 17.4, *)
final class LCKBackend: CallBackend {

    let name = "LiveCommunicationKit"
    let manager: ConversationManager

    init() {
        let configuration = ConversationManager.Configuration(
            ringtoneName: nil,
            iconTemplateImageData: nil,
            maximumConversationGroups: 2,
            maximumConversationsPerConversationGroup: 5,
            includesConversationInRecents: true,
            supportsVideo: true,
            supportedHandleTypes: [.phoneNumber, .generic]
        )
        manager = ConversationManager(configuration: configuration)
        // expect: unretained_delegate
        manager.delegate = ConversationHandler()
    }

    /// The update shown for an incoming conversation.
    func incomingUpdate(callerUsername: String?, callerName: String, video: Bool) -> Conversation.Update {
        let caller: Handle
        if let callerUsername {
            caller = Handle(type: .generic, value: callerUsername, displayName: callerName)
        } else {
            // Withheld caller ID.
            // expect: transient_handle
            caller = Handle(type: .generic, value: UUID().uuidString, displayName: "Unknown caller")
        }
        var capabilities: Conversation.Capabilities = []
        if video {
            capabilities.insert(.video)
        }
        // expect: missing_action_handler
        capabilities.insert(.pausing)
        return Conversation.Update(localMember: nil, members: [caller], activeRemoteMembers: nil,
                                   capabilities: capabilities)
    }

    private func conversation(_ uuid: UUID) -> Conversation? {
        manager.conversations.first { $0.uuid == uuid }
    }

    // MARK: CallBackend

    func startCall(to contact: RelayContact, video: Bool) async throws {
        let handle: Handle
        if let phone = contact.phone {
            handle = Handle(type: .phoneNumber, value: phone, displayName: contact.displayName)
        } else {
            handle = Handle(type: .generic, value: contact.username, displayName: contact.displayName)
        }
        let start = StartConversationAction(conversationUUID: UUID(), handles: [handle], isVideo: video)
        try await manager.perform([start])
    }

    func endCall(_ callUUID: UUID) async throws {
        try await manager.perform([EndConversationAction(conversationUUID: callUUID)])
    }

    func setMuted(_ muted: Bool, callUUID: UUID) async throws {
        try await manager.perform([MuteConversationAction(conversationUUID: callUUID, isMuted: muted)])
    }

    func remoteEnded(_ callUUID: UUID) {
        guard let conversation = conversation(callUUID) else { return }
        manager.reportConversationEvent(.conversationEnded(Date(), .remoteEnded), for: conversation)
    }

    func remoteConnected(_ callUUID: UUID) {
        guard let conversation = conversation(callUUID) else { return }
        manager.reportConversationEvent(.conversationConnected(Date()), for: conversation)
    }
}
#endif
