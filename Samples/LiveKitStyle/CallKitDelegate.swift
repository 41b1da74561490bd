//
//  CallKitDelegate.swift
//  Huddle (LiveKit-style room calls)
//
//  Routes CallKit actions into the LiveKit room session.
//

import AVFoundation
import CallKit
import LiveKit

// expect: missing_action_handler, cxproviderdelegate
@MainActor final class CallKitDelegate: NSObject, @preconcurrency CXProviderDelegate {

    private weak var manager: RoomCallManager?

    init(manager: RoomCallManager) {
        self.manager = manager
        super.init()
    }

    private var session: RoomSession? { manager?.session }

    // MARK: Lifecycle

    // expect: cxprovider, provider_did_begin
    func providerDidBegin(_ provider: CXProvider) {
        HuddleLog.calls.info("CallKit provider ready")
    }

    // expect: empty_reset, cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        HuddleLog.calls.notice("CallKit provider reset")
    }

    // MARK: Actions

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        guard let manager, let record = manager.record(for: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxcallaction_call_uuid
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
                // expect: cxcallaction_call_uuid
                manager.markLive(action.callUUID)
            } catch {
                HuddleLog.calls.error("Join failed: \(error.localizedDescription, privacy: .public)")
                // expect: cxcallaction_call_uuid, cxcallendedreason_failed, cxprovider_report_call_ended
                provider.reportCall(with: action.callUUID, endedAt: Date(), reason: .failed)
                // expect: cxcallaction_call_uuid
                manager.forget(action.callUUID)
            }
        }
        // expect: premature_fulfill, cxaction_fulfill
        action.fulfill()
    }

    // expect: cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        Task {
            await session?.disconnect()
            // expect: cxcallaction_call_uuid
            manager?.forget(action.callUUID)
            // expect: cxaction_fulfill
            action.fulfill()
        }
    }

    // expect: unresolved_action, cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        Task {
            do {
                // expect: cxsetmutedcallaction_is_muted
                try await session?.setMicrophoneMuted(action.isMuted)
                // expect: cxaction_fulfill
                action.fulfill()
            } catch {
                HuddleLog.media.error("Mute failed: \(error.localizedDescription, privacy: .public)")
            }
        }
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // expect: cxaction_uuid
        HuddleLog.calls.error("CallKit action timed out: \(action.uuid)")
    }

    // MARK: Audio session

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        do {
            try AudioManager.shared.setEngineAvailability(.default)
            HuddleLog.media.info("Audio engine enabled")
        } catch {
            HuddleLog.media.error("Could not enable audio engine: \(error.localizedDescription, privacy: .public)")
        }
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        do {
            try AudioManager.shared.setEngineAvailability(.none)
        } catch {
            HuddleLog.media.error("Could not disable audio engine: \(error.localizedDescription, privacy: .public)")
        }
    }
}
