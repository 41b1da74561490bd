//
//  VoIPPushService.swift
//  Talk (LiveCommunicationKit edition)
//
//  PushKit registration and incoming VoIP pushes. The registry is created
//  at launch; each push is reported to the ConversationManager, and the
//  report is awaited, before the delegate method returns.
//

import Foundation
import LiveCommunicationKit
import PushKit
import os

/// The decoded VoIP push. The server's conversation UUID is the identity
/// used everywhere (server, push, system UI).
struct IncomingInvite: Equatable {

    /// Used only for a push without a readable `conversation_uuid`. Such a
    /// push is still reported (the system requires it) and ended at once.
    static let unreadableConversationUUID = UUID(uuidString: "0D8C6C0E-5E77-4A43-9B1D-7B0D2A9E4C11")!

    let conversationUUID: UUID
    let serverID: String?
    let caller: Contact?
    let isVideo: Bool
    let sentAt: Date?

    init(payload: [AnyHashable: Any]) {
        let parsed = (payload["conversation_uuid"] as? String).flatMap(UUID.init(uuidString:))
        conversationUUID = parsed ?? Self.unreadableConversationUUID
        serverID = parsed == nil ? nil : payload["server_id"] as? String
        isVideo = payload["video"] as? Bool ?? false
        sentAt = (payload["sent_at"] as? TimeInterval).map(Date.init(timeIntervalSince1970:))

        let name = payload["caller_name"] as? String
        if let phone = payload["caller_phone"] as? String {
            caller = Contact(address: .phone(phone), name: name)
        } else if let email = payload["caller_email"] as? String {
            caller = Contact(address: .email(email), name: name)
        } else if let username = payload["caller_username"] as? String {
            caller = Contact(address: .account(username: username), name: name)
        } else {
            caller = nil
        }
    }

    /// False when the push cannot lead to a joinable conversation.
    var isUsable: Bool { serverID != nil }

    func isStale(now: Date = Date()) -> Bool {
        guard let sentAt else { return false }
        return now.timeIntervalSince(sentAt) > 45
    }
}

final class VoIPPushService: NSObject, PKPushRegistryDelegate {

    private let registry: PKPushRegistry
    private let coordinator: ConversationCoordinator
    private let log = Logger(subsystem: "com.example.talk", category: "push")

    /// Create during application(_:didFinishLaunchingWithOptions:).
    init(coordinator: ConversationCoordinator) {
        self.coordinator = coordinator
        registry = PKPushRegistry(queue: .main)
        super.init()
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    // MARK: Token

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token
        let signaling = coordinator.signaling
        Task { await signaling.register(voipToken: token) }
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        let signaling = coordinator.signaling
        Task { await signaling.register(voipToken: nil) }
    }

    // MARK: Incoming (systems before iOS 26.4)

    func pushRegistry(_ registry: PKPushRegistry,
                      didReceiveIncomingPushWith payload: PKPushPayload,
                      for type: PKPushType) async {
        let invite = IncomingInvite(payload: payload.dictionaryPayload)
        let update = coordinator.incomingUpdate(for: invite)
        do {
            try await coordinator.manager.reportNewIncomingConversation(uuid: invite.conversationUUID, update: update)
        } catch {
            await coordinator.incomingReportFailed(invite, error: error)
            return
        }
        coordinator.didReportIncoming(invite)
        if !invite.isUsable || invite.isStale() {
            coordinator.endUnusable(invite)
        }
    }

    // MARK: Incoming (iOS 26.4 and later)

    @available(iOS 26.4, *)
    func pushRegistry(_ registry: PKPushRegistry,
                      didReceiveIncomingVoIPPushWith payload: PKPushPayload,
                      metadata: PKVoIPPushMetadata) async {
        let invite = IncomingInvite(payload: payload.dictionaryPayload)

        if !metadata.mustReport && (!invite.isUsable || invite.isStale()) {
            // The system allows dropping this push; the caller gave up already.
            log.info("Dropping stale push for \(invite.conversationUUID)")
            await coordinator.signaling.decline(conversationUUID: invite.conversationUUID, reason: "stale")
            return
        }

        let update = coordinator.incomingUpdate(for: invite)
        do {
            try await coordinator.manager.reportNewIncomingConversation(uuid: invite.conversationUUID, update: update)
        } catch {
            await coordinator.incomingReportFailed(invite, error: error)
            return
        }
        coordinator.didReportIncoming(invite)
        if !invite.isUsable || invite.isStale() {
            coordinator.endUnusable(invite)
        }
    }
}
