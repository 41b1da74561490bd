//
//  CallProviderDelegate.swift
//  Parley
//
//  The single CXProvider of the app and everything it asks us to do.
//  Owned by ParleyApp for the app lifetime.
//

import AVFoundation
import CallKit
import os

@MainActor
final class CallProviderDelegate: NSObject {

    // expect: cxprovider
    let provider: CXProvider
    let signaling: SignalingClient
    private let voice = VoiceEngine()
    // expect: cxcallcontroller_init
    private let callController = CXCallController()
    private let log = Logger(subsystem: "com.example.parley", category: "provider")
    private(set) var calls: [UUID: ParleyCall] = [:]

    init(signaling: SignalingClient) {
        self.signaling = signaling
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = true
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 2
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 1
        // expect: cxproviderconfiguration_includes_calls_in_recents
        configuration.includesCallsInRecents = true
        // expect: cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
    }

    // MARK: Incoming

    /// What the ring screen shows for an invite.
    // expect: cxcallupdate
    func incomingUpdate(for invite: CallInvite) -> CXCallUpdate {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        if let e164 = invite.callerE164 {
            // expect: cxcallupdate_remote_handle, cxhandle_handletype_phone_number, cxhandle_init
            update.remoteHandle = CXHandle(type: .phoneNumber, value: e164)
        }
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = invite.isReadable ? invite.callerName : "Unknown caller"
        // expect: cxcallupdate_has_video
        update.hasVideo = invite.hasVideo
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false
        // expect: missing_action_handler, cxcallupdate_supports_dtmf
        update.supportsDTMF = true
        return update
    }

    /// Bookkeeping after the system accepted an incoming call.
    func track(_ invite: CallInvite) {
        calls[invite.callUUID] = ParleyCall(invite: invite)
    }

    /// An invite that cannot be used is shown and then ended right away.
    func endImmediately(_ invite: CallInvite) {
        // expect: cxcallendedreason_failed, cxprovider_report_call_ended
        provider.reportCall(with: invite.callUUID, endedAt: Date(), reason: .failed)
        calls[invite.callUUID] = nil
    }

    func remoteEnded(serverCallID: String) {
        guard let call = calls.values.first(where: { $0.serverCallID == serverCallID }) else { return }
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        calls[call.uuid] = nil
    }

    // MARK: Outgoing

    func startCall(to e164: String) async throws {
        // expect: cxhandle_handletype_phone_number, cxhandle_init, cxstartcallaction_init
        let action = CXStartCallAction(call: UUID(), handle: CXHandle(type: .phoneNumber, value: e164))
        // expect: cxcallcontroller_request_async, cxtransaction_init_action
        try await callController.request(CXTransaction(action: action))
    }
}

// MARK: - CXProviderDelegate

// expect: cxproviderdelegate
extension CallProviderDelegate: @preconcurrency CXProviderDelegate {

    // expect: cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        voice.stop()
        let open = calls.values.compactMap(\.serverCallID)
        calls.removeAll()
        Task {
            for id in open { await signaling.hangUp(serverCallID: id) }
        }
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxcallaction_call_uuid
        let callUUID = action.callUUID
        // expect: cxhandle_value, cxstartcallaction_handle
        let number = action.handle.value
        // expect: cxprovider_report_outgoing_call_started_connecting
        provider.reportOutgoingCall(with: callUUID, startedConnectingAt: Date())
        Task {
            do {
                let serverCallID = try await signaling.dial(number, callUUID: callUUID)
                calls[callUUID] = ParleyCall(outgoing: callUUID, serverCallID: serverCallID)
                // expect: cxstartcallaction_fulfill_date_started
                action.fulfill(withDateStarted: Date())
            } catch {
                log.error("Dial failed: \(error.localizedDescription, privacy: .public)")
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls[action.callUUID], let serverCallID = call.serverCallID else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        do {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
        } catch {
            log.error("Category not set: \(error.localizedDescription, privacy: .public)")
        }
        // expect: cxcallaction_call_uuid
        calls[action.callUUID]?.phase = .connecting
        Task {
            do {
                try await signaling.accept(serverCallID: serverCallID)
                // expect: cxcallaction_call_uuid
                calls[action.callUUID]?.phase = .connected
                // expect: cxanswercallaction_fulfill_date_connected
                action.fulfill(withDateConnected: Date())
            } catch {
                // expect: cxcallaction_call_uuid
                calls[action.callUUID] = nil
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls.removeValue(forKey: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        if let serverCallID = call.serverCallID {
            Task { await signaling.hangUp(serverCallID: serverCallID) }
        }
        // expect: premature_fulfill, cxendcallaction_fulfill_date_ended
        action.fulfill(withDateEnded: Date())
    }

    // expect: cxprovider, cxsetheldcallaction, provider_perform_set_held_call_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        // expect: cxcallaction_call_uuid
        guard let serverCallID = calls[action.callUUID]?.serverCallID else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        Task {
            do {
                // expect: cxsetheldcallaction_is_on_hold
                try await signaling.setHeld(action.isOnHold, serverCallID: serverCallID)
                // expect: cxcallaction_call_uuid, cxsetheldcallaction_is_on_hold
                calls[action.callUUID]?.phase = action.isOnHold ? .onHold : .connected
                // expect: cxaction_fulfill
                action.fulfill()
            } catch {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxcallaction_call_uuid
        guard calls[action.callUUID] != nil else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxcallaction_call_uuid, cxsetmutedcallaction_is_muted
        calls[action.callUUID]?.isMuted = action.isMuted
        // expect: cxsetmutedcallaction_is_muted
        voice.isMuted = action.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        log.error("Timed out: \(String(describing: type(of: action)), privacy: .public)")
    }

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        voice.start()
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        voice.stop()
    }
}
