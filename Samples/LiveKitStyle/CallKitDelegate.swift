//
//  CallKitDelegate.swift
//  Huddle (LiveKit-style room calls)
//
//  Routes CallKit actions into the LiveKit room session.
//

import AVFoundation
import CallKit
import LiveKit

// expect: missing_action_handler
@MainActor final class CallKitDelegate: NSObject, @preconcurrency CXProviderDelegate {

    private weak var manager: RoomCallManager?

    init(manager: RoomCallManager) {
        self.manager = manager
        super.init()
    }

    private var session: RoomSession? { manager?.session }

    // MARK: Lifecycle

    func providerDidBegin(_ provider: CXProvider) {
        HuddleLog.calls.info("CallKit provider ready")
    }

    // expect: empty_reset
    func providerDidReset(_ provider: CXProvider) {
        HuddleLog.calls.notice("CallKit provider reset")
    }

    // MARK: Actions

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let manager, let record = manager.record(for: action.callUUID) else {
            action.fail()
            return
        }
        manager.markJoining(action.callUUID)

        do {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord,
                                                            mode: record.invite.isVideo ? .videoChat : .voiceChat,
                                                            options: [.allowBluetooth])
            // expect: audio_outside_activation
            try AudioManager.shared.setEngineAvailability(.default)
        } catch {
            HuddleLog.media.error("Audio setup failed: \(error.localizedDescription, privacy: .public)")
        }

        let invite = record.invite
        Task {
            do {
                try await manager.session.connect(url: invite.serverURL,
                                                  token: invite.accessToken,
                                                  roomName: invite.roomName)
                manager.markLive(action.callUUID)
            } catch {
                HuddleLog.calls.error("Join failed: \(error.localizedDescription, privacy: .public)")
                provider.reportCall(with: action.callUUID, endedAt: Date(), reason: .failed)
                manager.forget(action.callUUID)
            }
        }
        // expect: premature_fulfill
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        Task {
            await session?.disconnect()
            manager?.forget(action.callUUID)
            action.fulfill()
        }
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        Task {
            do {
                try await session?.setMicrophoneMuted(action.isMuted)
                action.fulfill()
            } catch {
                HuddleLog.media.error("Mute failed: \(error.localizedDescription, privacy: .public)")
            }
        }
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        HuddleLog.calls.error("CallKit action timed out: \(action.uuid)")
    }

    // MARK: Audio session

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        do {
            try AudioManager.shared.setEngineAvailability(.default)
            HuddleLog.media.info("Audio engine enabled")
        } catch {
            HuddleLog.media.error("Could not enable audio engine: \(error.localizedDescription, privacy: .public)")
        }
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        do {
            try AudioManager.shared.setEngineAvailability(.none)
        } catch {
            HuddleLog.media.error("Could not disable audio engine: \(error.localizedDescription, privacy: .public)")
        }
    }
}
