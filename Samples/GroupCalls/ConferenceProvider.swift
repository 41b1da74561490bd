//
//  ConferenceProvider.swift
//  Huddleline (group calling)
//
//  The app's CXProvider: reports incoming legs and roster changes, and
//  performs start / answer / end / hold / group actions against the bridge.
//

import AVFoundation
import CallKit
import os

final class ConferenceProvider: NSObject {

    static let shared = ConferenceProvider()

    // expect: cxprovider
    let provider: CXProvider
    let bridge = ConferenceBridge()
    private(set) var calls: [UUID: ConferenceCall] = [:]
    private let voice = VoiceIO()
    private let log = Logger(subsystem: "com.example.huddleline", category: "provider")

    private override init() {
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = true
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 3
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 5
        // expect: cxproviderconfiguration_includes_calls_in_recents
        configuration.includesCallsInRecents = true
        // expect: cxhandle_handletype_email_address, cxhandle_handletype_generic, cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress, .generic]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: .main)
    }

    func call(_ uuid: UUID) -> ConferenceCall? { calls[uuid] }

    // MARK: Updates

    // expect: cxcallupdate
    private func makeUpdate(for call: ConferenceCall) -> CXCallUpdate {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle
        update.remoteHandle = ParticipantDirectory.handle(for: call)
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = call.rosterTitle
        // expect: cxcallupdate_has_video
        update.hasVideo = call.hasVideo
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = true
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = true
        // expect: missing_action_handler, cxcallupdate_supports_dtmf
        update.supportsDTMF = true
        return update
    }

    /// A new leg rang on the signalling socket while the app was running.
    func reportIncoming(_ call: ConferenceCall, completion: @escaping (Error?) -> Void) {
        calls[call.uuid] = call
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: call.uuid, update: makeUpdate(for: call)) { [weak self] error in
            if error != nil {
                self?.calls[call.uuid] = nil
                self?.bridge.hangUp(legID: call.legID) { _ in }
            }
            completion(error)
        }
    }

    /// Someone joined or left: refresh the title and handle on the call UI.
    func rosterChanged(_ call: ConferenceCall, participants: [Participant]) {
        call.participants = participants
        // expect: cxprovider_report_call_updated
        provider.reportCall(with: call.uuid, updated: makeUpdate(for: call))
    }

    /// Another device of the same user picked the call up (or declined it).
    func endedElsewhere(_ call: ConferenceCall, answered: Bool) {
        // expect: cxcallendedreason
        let reason: CXCallEndedReason = answered ? .answeredElsewhere : .declinedElsewhere
        // expect: cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: reason)
        calls[call.uuid] = nil
    }

    func remoteEnded(_ call: ConferenceCall) {
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        calls[call.uuid] = nil
    }
}

// MARK: - CXProviderDelegate

// expect: cxproviderdelegate
extension ConferenceProvider: CXProviderDelegate {

    // expect: cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        voice.stop()
        for call in calls.values {
            bridge.hangUp(legID: call.legID) { _ in }
        }
        calls.removeAll()
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxstartcallaction_handle
        guard let participant = ParticipantDirectory.participant(matching: action.handle, in: Roster.shared.everyone) else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        bridge.dial(participant) { [weak self] result in
            switch result {
            case .success(let leg):
                // expect: cxcallaction_call_uuid
                let call = ConferenceCall(uuid: action.callUUID, legID: leg.legID, conferenceID: leg.conferenceID,
                                          // expect: cxstartcallaction_is_video
                                          isOutgoing: true, participants: [participant], hasVideo: action.isVideo)
                self?.calls[call.uuid] = call
                // expect: cxprovider_report_outgoing_call_started_connecting
                provider.reportOutgoingCall(with: call.uuid, startedConnectingAt: Date())
                // expect: cxstartcallaction_fulfill_date_started
                action.fulfill(withDateStarted: Date())
            case .failure:
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls[action.callUUID] else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        try? AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: call.hasVideo ? .videoChat : .voiceChat)
        bridge.answer(legID: call.legID) { result in
            switch result {
            case .success:
                call.state = .active
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
        guard let call = calls[action.callUUID] else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        call.state = .ending
        bridge.hangUp(legID: call.legID) { [weak self] result in
            switch result {
            case .success, .failure(.legNotFound):
                // Hung up, or the bridge had already dropped the leg.
                call.state = .ended
                self?.calls[call.uuid] = nil
                // expect: cxendcallaction_fulfill_date_ended
                action.fulfill(withDateEnded: Date())
            case .failure(let error):
                self?.log.error("Bridge hang-up failed: \(String(describing: error), privacy: .public)")
                call.state = .active
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: unresolved_action, cxprovider, cxsetheldcallaction, provider_perform_set_held_call_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls[action.callUUID] else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        switch call.state {
        case .active, .held:
            // expect: cxsetheldcallaction_is_on_hold
            bridge.setHeld(action.isOnHold, legID: call.legID) { result in
                switch result {
                case .success:
                    // expect: cxsetheldcallaction_is_on_hold
                    call.state = action.isOnHold ? .held : .active
                    // expect: cxaction_fulfill
                    action.fulfill()
                case .failure:
                    // expect: cxaction_fail
                    action.fail()
                }
            }
        case .ringing, .dialing:
            // expect: cxaction_fail
            action.fail()
        default:
            break
        }
    }

    // expect: cxprovider, cxsetgroupcallaction, provider_perform_set_group_call_action
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls[action.callUUID] else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxsetgroupcallaction_call_uuid_to_group_with
        if let targetUUID = action.callUUIDToGroupWith {
            // Merge: join this leg into the target's group.
            guard let target = calls[targetUUID] else {
                // expect: cxaction_fail
                action.fail()
                return
            }
            bridge.merge(legID: call.legID, intoLeg: target.legID) { result in
                switch result {
                case .success:
                    call.groupUUID = target.groupUUID ?? target.uuid
                    // expect: cxaction_fulfill
                    action.fulfill()
                case .failure:
                    // expect: cxaction_fail
                    action.fail()
                }
            }
        } else {
            // Ungroup: a nil target means "leave whatever group you are in".
            bridge.split(legID: call.legID) { result in
                if case .success = result {
                    call.groupUUID = nil
                    // expect: cxaction_fulfill
                    action.fulfill()
                } else {
                    // expect: cxaction_fail
                    action.fail()
                }
            }
        }
    }

    // expect: cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxsetmutedcallaction_is_muted
        voice.isMuted = action.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // expect: cxaction_uuid
        log.error("Action \(action.uuid) timed out")
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

/// Everyone the user can call; loaded from the directory service.
final class Roster {
    static let shared = Roster()
    var everyone: [Participant] = []
}

/// Voice I/O for the conference mix.
final class VoiceIO {
    private let engine = AVAudioEngine()
    var isMuted = false {
        didSet { engine.inputNode.isVoiceProcessingInputMuted = isMuted }
    }

    func start() {
        guard !engine.isRunning else { return }
        engine.connect(engine.inputNode, to: engine.mainMixerNode, format: nil)
        try? engine.start()
    }

    func stop() {
        engine.stop()
    }
}

// MARK: - Bridge failures

extension ConferenceProvider {
    /// The bridge dropped a leg: tell the system why, in its own terms.
    func bridgeDropped(_ call: ConferenceCall, cause: BridgeError) {
        // expect: cxcallendedreason, cxcallendedreason_failed
        var reason: CXCallEndedReason = .failed
        if case .rejected = cause {
            // expect: cxcallendedreason_declined_elsewhere
            reason = .declinedElsewhere
        }
        abandonPendingActions(of: call)
        // expect: cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: reason)
        calls[call.uuid] = nil
    }

    /// Whatever the system still waits for on a dropped leg can no longer succeed.
    private func abandonPendingActions(of call: ConferenceCall) {
        // expect: cxcallaction, cxprovider_pending_call_actions
        let waiting = provider.pendingCallActions(of: CXCallAction.self, withCall: call.uuid)
        // expect: cxaction_fail
        for action in waiting { action.fail() }
    }
}
