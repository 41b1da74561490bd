//
//  ConversationCoordinator.swift
//  Talk (LiveCommunicationKit edition)
//
//  Owns the app's only ConversationManager and is its delegate. Created once
//  at launch by TalkAppDelegate and kept for the app lifetime. Every action
//  the manager hands us is fulfilled or failed on every path.
//

import AVFoundation
import Foundation
import LiveCommunicationKit
import os

final class ConversationCoordinator: ConversationManagerDelegate {

    let manager: ConversationManager
    let signaling: SignalingService
    private let transport = MediaTransport()
    private let audio = AudioPipeline()
    private let log = Logger(subsystem: "com.example.talk", category: "conversations")

    private(set) var sessions: [UUID: CallSession] = [:]
    var account: Account?

    init(signaling: SignalingService) {
        self.signaling = signaling
        let configuration = ConversationManager.Configuration(
            ringtoneName: "talk-ring.caf",
            iconTemplateImageData: nil,
            maximumConversationGroups: 2,
            maximumConversationsPerConversationGroup: 5,
            includesConversationInRecents: true,
            supportsVideo: true,
            supportedHandleTypes: [.phoneNumber, .emailAddress, .generic]
        )
        manager = ConversationManager(configuration: configuration)
        manager.delegate = self
    }

    // MARK: Lookups and updates

    func conversation(for uuid: UUID) -> Conversation? {
        manager.conversations.first { $0.uuid == uuid }
    }

    /// Everything this app can do in a conversation. Each capability below
    /// has a matching case in `conversationManager(_:perform:)`.
    private func capabilities(video: Bool) -> Conversation.Capabilities {
        var capabilities: Conversation.Capabilities = [.pausing, .merging, .unmerging, .playingTones]
        if video {
            capabilities.insert(.video)
        }
        return capabilities
    }

    func incomingUpdate(for invite: IncomingInvite) -> Conversation.Update {
        let members: Set<Handle>? = invite.caller.flatMap(ContactHandleMapper.handle(for:)).map { [$0] }
        return Conversation.Update(
            localMember: account.map(ContactHandleMapper.localHandle(for:)),
            members: members,
            activeRemoteMembers: nil,
            capabilities: capabilities(video: invite.isVideo)
        )
    }

    /// Called by the push service once the system accepted the conversation.
    func didReportIncoming(_ invite: IncomingInvite) {
        sessions[invite.conversationUUID] = CallSession(
            conversationUUID: invite.conversationUUID,
            serverID: invite.serverID ?? "",
            direction: .incoming,
            isVideo: invite.isVideo
        )
    }

    /// The system refused to show the conversation: tell the caller's side.
    func incomingReportFailed(_ invite: IncomingInvite, error: Error) async {
        log.error("Conversation not presented: \(error.localizedDescription, privacy: .public)")
        sessions[invite.conversationUUID] = nil
        await signaling.decline(conversationUUID: invite.conversationUUID, reason: "not-presented")
    }

    /// A conversation that had to be reported but cannot be joined.
    func endUnusable(_ invite: IncomingInvite) {
        sessions[invite.conversationUUID] = nil
        guard let conversation = conversation(for: invite.conversationUUID) else { return }
        manager.reportConversationEvent(.conversationEnded(Date(), .failed), for: conversation)
    }

    // MARK: Remote events (from the signalling socket)

    func remoteAnswered(_ uuid: UUID) {
        guard let conversation = conversation(for: uuid) else { return }
        manager.reportConversationEvent(.conversationConnected(Date()), for: conversation)
    }

    func remoteLeft(_ uuid: UUID, answeredOnOtherDevice: Bool) {
        sessions[uuid] = nil
        guard let conversation = conversation(for: uuid) else { return }
        let reason: Conversation.EndedReason = answeredOnOtherDevice ? .joinedElsewhere : .remoteEnded
        manager.reportConversationEvent(.conversationEnded(Date(), reason), for: conversation)
    }

    func membersChanged(_ uuid: UUID, members: Set<Handle>, active: Set<Handle>) {
        guard let conversation = conversation(for: uuid), let session = sessions[uuid] else { return }
        let update = Conversation.Update(
            localMember: nil,
            members: members,
            activeRemoteMembers: active,
            capabilities: capabilities(video: session.isVideo)
        )
        manager.reportConversationEvent(.conversationUpdated(update), for: conversation)
    }

    // MARK: ConversationManagerDelegate

    func conversationManagerDidBegin(_ manager: ConversationManager) {
        log.info("Conversation manager began")
    }

    func conversationManagerDidReset(_ manager: ConversationManager) {
        log.notice("Conversation manager reset: ending \(self.sessions.count) session(s)")
        audio.stop()
        let serverIDs = sessions.values.map(\.serverID)
        sessions.removeAll()
        Task {
            await transport.disconnectAll()
            for serverID in serverIDs {
                await signaling.hangUp(serverID: serverID)
            }
        }
    }

    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {
        if conversation.state == .left {
            sessions[conversation.uuid] = nil
        }
    }

    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {
        audio.start()
    }

    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {
        audio.stop()
    }

    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {
        // The action is over; it must not be fulfilled or failed any more.
        log.error("Timed out: \(String(describing: type(of: action)), privacy: .public) for \(action.conversationUUID)")
    }

    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
        switch action {
        case let start as StartConversationAction:
            handleStart(start, manager: manager)
        case let join as JoinConversationAction:
            handleJoin(join, manager: manager)
        case let end as EndConversationAction:
            handleEnd(end)
        case let mute as MuteConversationAction:
            handleMute(mute)
        case let pause as PauseConversationAction:
            handlePause(pause)
        case let merge as MergeConversationAction:
            handleMerge(merge)
        case let unmerge as UnmergeConversationAction:
            handleUnmerge(unmerge)
        case let tone as PlayToneAction:
            handlePlayTone(tone)
        default:
            log.error("Unsupported action \(String(describing: type(of: action)), privacy: .public)")
            action.fail()
        }
    }
}

// MARK: - Action handlers (each resolves its action on every path)

extension ConversationCoordinator {

    private func handleStart(_ action: StartConversationAction, manager: ConversationManager) {
        guard let recipient = action.handles.first else {
            action.fail()
            return
        }
        let uuid = action.conversationUUID
        Task {
            do {
                let serverID = try await signaling.invite(recipient.value, conversationUUID: uuid, video: action.isVideo)
                sessions[uuid] = CallSession(conversationUUID: uuid, serverID: serverID,
                                             direction: .outgoing, isVideo: action.isVideo)
                action.fulfill(dateStarted: Date())
                if let conversation = conversation(for: uuid) {
                    manager.reportConversationEvent(.conversationStartedConnecting(Date()), for: conversation)
                }
            } catch {
                log.error("Invite failed: \(error.localizedDescription, privacy: .public)")
                action.fail()
            }
        }
    }

    private func handleJoin(_ action: JoinConversationAction, manager: ConversationManager) {
        let uuid = action.conversationUUID
        guard let session = sessions[uuid], !session.serverID.isEmpty else {
            action.fail()
            return
        }
        do {
            // Category only; activation is the system's job (didActivate).
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord,
                                                            mode: session.isVideo ? .videoChat : .voiceChat,
                                                            options: [.allowBluetooth])
        } catch {
            log.error("Audio category not set: \(error.localizedDescription, privacy: .public)")
        }
        if let conversation = conversation(for: uuid) {
            manager.reportConversationEvent(.conversationStartedConnecting(Date()), for: conversation)
        }
        Task {
            do {
                try await signaling.accept(serverID: session.serverID)
                try await transport.connect(conversationUUID: uuid, serverID: session.serverID)
                if let conversation = conversation(for: uuid) {
                    manager.reportConversationEvent(.conversationConnected(Date()), for: conversation)
                }
                action.fulfill(dateConnected: Date())
            } catch {
                log.error("Join failed: \(error.localizedDescription, privacy: .public)")
                sessions[uuid] = nil
                action.fail()
            }
        }
    }

    private func handleEnd(_ action: EndConversationAction) {
        let uuid = action.conversationUUID
        guard let session = sessions.removeValue(forKey: uuid) else {
            // Nothing on our side to tear down.
            action.fulfill(dateEnded: Date())
            return
        }
        Task {
            await transport.disconnect(conversationUUID: uuid)
            await signaling.hangUp(serverID: session.serverID)
            action.fulfill(dateEnded: Date())
        }
    }

    private func handleMute(_ action: MuteConversationAction) {
        guard sessions[action.conversationUUID] != nil else {
            action.fail()
            return
        }
        sessions[action.conversationUUID]?.isMuted = action.isMuted
        audio.isInputMuted = action.isMuted
        action.fulfill()
    }

    private func handlePause(_ action: PauseConversationAction) {
        guard let session = sessions[action.conversationUUID] else {
            action.fail()
            return
        }
        Task {
            do {
                try await signaling.setPaused(action.isPaused, serverID: session.serverID)
                sessions[action.conversationUUID]?.isPaused = action.isPaused
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }

    private func handleMerge(_ action: MergeConversationAction) {
        guard let session = sessions[action.conversationUUID],
              let target = sessions[action.conversationUUIDToMergeWith] else {
            action.fail()
            return
        }
        Task {
            do {
                try await signaling.merge(serverID: session.serverID, into: target.serverID)
                sessions[action.conversationUUID]?.mergedInto = target.conversationUUID
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }

    private func handleUnmerge(_ action: UnmergeConversationAction) {
        guard let session = sessions[action.conversationUUID], session.mergedInto != nil else {
            action.fail()
            return
        }
        Task {
            do {
                try await signaling.unmerge(serverID: session.serverID)
                sessions[action.conversationUUID]?.mergedInto = nil
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }

    private func handlePlayTone(_ action: PlayToneAction) {
        guard let session = sessions[action.conversationUUID] else {
            action.fail()
            return
        }
        let pause: String?
        switch action.tone {
        case .single:
            pause = nil
        case .softPause:
            pause = "soft"
        case .hardPause:
            pause = "hard"
        @unknown default:
            pause = nil
        }
        Task {
            do {
                try await signaling.sendTones(action.digits, pause: pause, serverID: session.serverID)
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }
}
