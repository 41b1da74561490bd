//
//  CallService.swift
//  Beacon
//
//  The app's facade over CallKit. Nothing outside this file imports CallKit;
//  features call `CallService.reportIncoming(uuid:handle:)`,
//  `callService.startCall(to:)` and friends.
//

import AVFoundation
import CallKit
import Foundation
import os

final class CallService: NSObject {

    static let shared = CallService()

    /// Fired on the main queue whenever `calls` changes.
    var onCallsChanged: (([ActiveCall]) -> Void)?

    private(set) var calls: [UUID: ActiveCall] = [:] {
        didSet { onCallsChanged?(Array(calls.values)) }
    }

    // expect: cxprovider
    private let provider: CXProvider
    // expect: cxcallcontroller_init
    private let controller = CXCallController()
    private let engine = CallEngine()
    private let log = Logger(subsystem: "com.example.beacon", category: "call-service")

    private override init() {
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = false
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 2
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 1
        // expect: cxproviderconfiguration_includes_calls_in_recents
        configuration.includesCallsInRecents = true
        // expect: cxhandle_handletype_email_address, cxhandle_handletype_generic, cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress, .generic]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
    }

    // MARK: Public API

    /// Shows the system incoming-call screen for a call Beacon learned about.
    static func reportIncoming(uuid: UUID, handle: CallAddress) {
        shared.reportIncoming(uuid: uuid, handle: handle, completion: nil)
    }

    func reportIncoming(uuid: UUID, handle: CallAddress, completion: ((CallServiceError?) -> Void)?) {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle
        update.remoteHandle = Self.systemHandle(for: handle)
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = handle.displayName
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_dtmf
        update.supportsDTMF = true
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
            if let error {
                self?.engine.hangUp(callID: uuid) { _ in }
                completion?(.systemRefused(underlying: error))
                return
            }
            self?.calls[uuid] = ActiveCall(id: uuid, remote: handle, isOutgoing: false)
            completion?(nil)
        }
    }

    func startCall(to address: CallAddress) {
        // expect: cxstartcallaction_init
        let start = CXStartCallAction(call: UUID(), handle: Self.systemHandle(for: address))
        // expect: cxstartcallaction_contact_identifier
        start.contactIdentifier = address.displayName
        request(start)
    }

    func endCall(_ callID: UUID) {
        // expect: cxendcallaction_init
        request(CXEndCallAction(call: callID))
    }

    func setMuted(_ muted: Bool, callID: UUID) {
        // expect: cxsetmutedcallaction_init
        request(CXSetMutedCallAction(call: callID, muted: muted))
    }

    func setOnHold(_ held: Bool, callID: UUID) {
        // expect: cxsetheldcallaction_init
        request(CXSetHeldCallAction(call: callID, onHold: held))
    }

    func sendDigits(_ digits: String, callID: UUID) {
        // expect: cxplaydtmfcallaction_action_type_single_tone, cxplaydtmfcallaction_init
        request(CXPlayDTMFCallAction(call: callID, digits: digits, type: .singleTone))
    }

    func remoteHungUp(_ callID: UUID) {
        guard calls.removeValue(forKey: callID) != nil else { return }
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: callID, endedAt: Date(), reason: .remoteEnded)
    }

    // MARK: Internals

    // expect: cxhandle
    private static func systemHandle(for address: CallAddress) -> CXHandle {
        switch address.kind {
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        case .phone: return CXHandle(type: .phoneNumber, value: address.value)
        // expect: cxhandle_handletype_email_address, cxhandle_init
        case .email: return CXHandle(type: .emailAddress, value: address.value)
        // expect: cxhandle_handletype_generic, cxhandle_init
        case .username: return CXHandle(type: .generic, value: address.value)
        }
    }

    // expect: cxaction
    private func request(_ action: CXAction) {
        // expect: cxcallcontroller_request, cxtransaction_init_action
        controller.request(CXTransaction(action: action)) { [log] error in
            if let error {
                log.error("Request \(String(describing: type(of: action)), privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
            }
        }
    }
}

// MARK: - CXProviderDelegate

// expect: cxproviderdelegate
extension CallService: CXProviderDelegate {

    // expect: empty_reset, cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxhandle_value, cxstartcallaction_handle
        guard let address = CallAddress.parse(action.handle.value) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxcallaction_call_uuid
        engine.dial(address, callID: action.callUUID) { [weak self] dialled in
            guard dialled else {
                // expect: cxaction_fail
                action.fail()
                return
            }
            // expect: cxcallaction_call_uuid
            self?.calls[action.callUUID] = ActiveCall(id: action.callUUID, remote: address, isOutgoing: true)
            // expect: cxstartcallaction_fulfill_date_started
            action.fulfill(withDateStarted: Date())
        }
    }

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        engine.accept(callID: action.callUUID) { [weak self] accepted in
            if accepted {
                // expect: cxcallaction_call_uuid
                self?.calls[action.callUUID]?.connectedAt = Date()
                // expect: cxanswercallaction_fulfill_date_connected
                action.fulfill(withDateConnected: Date())
            } else {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        engine.hangUp(callID: action.callUUID) { [weak self] hungUp in
            guard hungUp else {
                // expect: cxaction_fail
                action.fail()
                return
            }
            // expect: cxcallaction_call_uuid
            self?.calls[action.callUUID] = nil
            // expect: cxendcallaction_fulfill_date_ended
            action.fulfill(withDateEnded: Date())
        }
    }

    // expect: unresolved_action, cxprovider, cxsetheldcallaction, provider_perform_set_held_call_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        // expect: cxcallaction_call_uuid, cxsetheldcallaction_is_on_hold
        engine.hold(callID: action.callUUID, held: action.isOnHold) { [weak self] success in
            if success {
                // expect: cxcallaction_call_uuid, cxsetheldcallaction_is_on_hold
                self?.calls[action.callUUID]?.isOnHold = action.isOnHold
                // expect: cxaction_fulfill
                action.fulfill()
            }
        }
    }

    // expect: cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxsetmutedcallaction_is_muted
        engine.isMicrophoneMuted = action.isMuted
        // expect: cxcallaction_call_uuid, cxsetmutedcallaction_is_muted
        calls[action.callUUID]?.isMuted = action.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: cxplaydtmfcallaction, cxprovider, provider_perform_play_dtmf_call_action
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        // expect: cxcallaction_call_uuid, cxplaydtmfcallaction_digits
        engine.sendDigits(action.digits, callID: action.callUUID) { sent in
            // expect: cxaction_fail, cxaction_fulfill
            sent ? action.fulfill() : action.fail()
        }
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // expect: cxaction_uuid
        log.error("Timed out: \(action.uuid)")
    }

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        do {
            try engine.startVoice()
        } catch {
            log.error("Voice did not start: \(error.localizedDescription, privacy: .public)")
        }
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        engine.stopVoice()
    }
}
