//
//  ProviderDelegate.swift
//  Speakerbox
//
//  The app's single CXProvider and its delegate. Created once by the
//  AppDelegate and kept for the whole app lifetime.
//

import AVFoundation
import CallKit
import UIKit
import os

final class ProviderDelegate: NSObject {

    private let callManager: SpeakerboxCallManager
    private let audioController: AudioController
    // expect: cxprovider
    private let provider: CXProvider
    private let log = Logger(subsystem: "com.example.speakerbox", category: "provider")

    init(callManager: SpeakerboxCallManager, audioController: AudioController) {
        self.callManager = callManager
        self.audioController = audioController
        // expect: cxprovider_init
        provider = CXProvider(configuration: Self.providerConfiguration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
    }

    deinit {
        // expect: cxprovider_invalidate
        provider.invalidate()
    }

    /// What the system needs to know about Speakerbox calls.
    // expect: cxproviderconfiguration
    static var providerConfiguration: CXProviderConfiguration {
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
        // expect: cxhandle_handletype_email_address, cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress]
        // expect: cxproviderconfiguration_icon_template_image_data
        configuration.iconTemplateImageData = UIImage(named: "IconMask")?.pngData()
        // expect: cxproviderconfiguration_ringtone_sound
        configuration.ringtoneSound = "Ringtone.caf"
        return configuration
    }

    // MARK: Incoming calls

    /// Shows the system incoming-call UI. The call is only added to the call
    /// list once the system accepted it; the error goes back to the caller.
    func reportIncomingCall(uuid: UUID,
                            e164Number: String,
                            callerName: String?,
                            hasVideo: Bool = false,
                            completion: ((Error?) -> Void)? = nil) {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle, cxhandle_handletype_phone_number, cxhandle_init
        update.remoteHandle = CXHandle(type: .phoneNumber, value: e164Number)
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = callerName
        // expect: cxcallupdate_has_video
        update.hasVideo = hasVideo
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_dtmf
        update.supportsDTMF = true
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false

        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: uuid, update: update) { [callManager, log] error in
            if let error {
                // Filtered by Do Not Disturb or the block list: nothing was
                // added yet, so hand the error to the caller to decline upstream.
                log.error("Incoming call \(uuid) rejected by the system: \(error.localizedDescription, privacy: .public)")
                completion?(error)
                return
            }
            let call = SpeakerboxCall(uuid: uuid, isOutgoing: false, remoteAddress: e164Number)
            call.displayName = callerName
            callManager.addCall(call)
            completion?(nil)
        }
    }

    /// The remote side hung up.
    func reportRemoteEnded(_ call: SpeakerboxCall) {
        call.endSpeakerboxCall()
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        callManager.removeCall(call)
    }
}

// MARK: - CXProviderDelegate

// expect: cxproviderdelegate
extension ProviderDelegate: CXProviderDelegate {

    // expect: cxprovider, provider_did_begin
    func providerDidBegin(_ provider: CXProvider) {
        log.info("Provider began")
    }

    // expect: cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        log.info("Provider reset: tearing down every call")
        audioController.stopAudio()
        for call in callManager.calls {
            call.endSpeakerboxCall()
        }
        callManager.removeAllCalls()
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxcallaction_call_uuid, cxhandle_value, cxstartcallaction_handle
        let call = SpeakerboxCall(uuid: action.callUUID, isOutgoing: true, remoteAddress: action.handle.value)
        audioController.configureAudioSession()

        call.hasStartedConnectingDidChange = { [weak provider, weak call] in
            guard let call else { return }
            // expect: cxprovider_report_outgoing_call_started_connecting
            provider?.reportOutgoingCall(with: call.uuid, startedConnectingAt: call.connectingSince)
        }
        call.hasConnectedDidChange = { [weak provider, weak call] in
            guard let call else { return }
            // expect: cxprovider_report_outgoing_call_connected
            provider?.reportOutgoingCall(with: call.uuid, connectedAt: call.connectedSince)
        }

        call.startSpeakerboxCall { [weak self] result in
            if case .failure(let error) = result {
                self?.log.error("Outgoing call failed: \(error.description, privacy: .public)")
                self?.callManager.removeCall(call)
            }
        }
        // expect: premature_fulfill, cxaction_fulfill
        action.fulfill()
        callManager.addCall(call)
    }

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = callManager.call(with: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        audioController.configureAudioSession()
        do {
            // expect: audio_outside_activation
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            log.error("Early activation failed: \(error.localizedDescription, privacy: .public)")
        }

        call.answerSpeakerboxCall { result in
            switch result {
            case .success:
                // expect: cxanswercallaction_fulfill_date_connected
                action.fulfill(withDateConnected: Date())
            case .failure:
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = callManager.call(with: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        call.endSpeakerboxCall()
        // expect: cxendcallaction_fulfill_date_ended
        action.fulfill(withDateEnded: Date())
        callManager.removeCall(call)
    }

    // expect: unresolved_action, cxprovider, cxsetheldcallaction, provider_perform_set_held_call_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = callManager.call(with: action.callUUID) else { return }
        // expect: cxsetheldcallaction_is_on_hold
        call.isOnHold = action.isOnHold
        // expect: cxsetheldcallaction_is_on_hold
        audioController.isInputMuted = action.isOnHold || call.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = callManager.call(with: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxsetmutedcallaction_is_muted
        call.isMuted = action.isMuted
        // expect: cxsetmutedcallaction_is_muted
        audioController.isInputMuted = action.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: unresolved_action, cxprovider, cxsetgroupcallaction, provider_perform_set_group_call_action
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        // expect: cxcallaction_call_uuid
        log.info("Grouping \(action.callUUID) is not supported yet")
    }

    // expect: cxplaydtmfcallaction, cxprovider, provider_perform_play_dtmf_call_action
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = callManager.call(with: action.callUUID) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        do {
            // expect: cxplaydtmfcallaction_digits
            try call.sendTones(action.digits)
            // expect: cxaction_fulfill
            action.fulfill()
        } catch {
            log.error("DTMF failed: \(String(describing: error), privacy: .public)")
            // expect: cxaction_fail
            action.fail()
        }
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // A timed-out action must be neither fulfilled nor failed.
        log.error("Timed out performing \(String(describing: type(of: action)), privacy: .public)")
    }

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        audioController.startAudio()
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        audioController.stopAudio()
    }
}
