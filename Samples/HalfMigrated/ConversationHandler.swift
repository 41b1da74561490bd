//
//  ConversationHandler.swift
//  Relay (mid-migration)
//
//  ConversationManagerDelegate for the LCK backend. Ported handler by
//  handler from LegacyCallKitBackend; hold, merge and keypad are still TODO.
//

#if canImport(LiveCommunicationKit)
import AVFoundation
import Foundation
import LiveCommunicationKit

@available(iOS 17.4, *)
final class ConversationHandler: ConversationManagerDelegate {

    private let bridge = RelayBridge.shared
    private let audio = RelayAudio()
    private var joined: Set<UUID> = []

    func conversationManagerDidBegin(_ manager: ConversationManager) {
        RelayLog.calls.info("LCK manager began")
    }

    func conversationManagerDidReset(_ manager: ConversationManager) {
        audio.stop()
        let open = joined
        joined.removeAll()
        Task {
            for uuid in open {
                await RelayBridge.shared.hangUp(uuid)
            }
        }
    }

    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {
        if conversation.state == .left {
            joined.remove(conversation.uuid)
        }
    }

    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {
        audio.start()
    }

    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {
        audio.stop()
    }

    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {
        RelayLog.calls.error("LCK action timed out for \(action.conversationUUID)")
    }

    // expect: unresolved_action
    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
        switch action {
        case let join as JoinConversationAction:
            Task {
                do {
                    try await bridge.answer(join.conversationUUID)
                    joined.insert(join.conversationUUID)
                    join.fulfill(dateConnected: Date())
                } catch {
                    join.fail()
                }
            }
        case let start as StartConversationAction:
            guard let handle = start.handles.first else {
                start.fail()
                return
            }
            let contact = RelayContact(username: handle.value, displayName: handle.displayName,
                                       phone: handle.type == .phoneNumber ? handle.value : nil)
            Task {
                do {
                    try await bridge.dial(contact, callUUID: start.conversationUUID)
                    joined.insert(start.conversationUUID)
                    start.fulfill(dateStarted: Date())
                } catch {
                    start.fail()
                }
            }
        case let end as EndConversationAction:
            Task {
                await bridge.hangUp(end.conversationUUID)
                joined.remove(end.conversationUUID)
                end.fulfill(dateEnded: Date())
            }
        case let mute as MuteConversationAction:
            do {
                try bridge.setMuted(mute.isMuted, callUUID: mute.conversationUUID)
                mute.fulfill()
            } catch {
                mute.fail()
            }
        default:
            break
        }
    }
}
#endif
