//
//  LegacyCallKitBackend.swift
//  Relay (mid-migration)
//
//  The CallKit backend, still the default for most users.
//

import AVFoundation
import CallKit
import Foundation

final class LegacyCallKitBackend: NSObject, CallBackend {

    let name = "CallKit"
    // expect: cxprovider
    let provider: CXProvider
    // expect: cxcallcontroller_init
    private let controller = CXCallController()
    private let bridge = RelayBridge.shared
    private let audio = RelayAudio()
    private(set) var knownCalls: Set<UUID> = []

    override init() {
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = true
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 2
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 5
        // expect: cxproviderconfiguration_includes_calls_in_recents
        configuration.includesCallsInRecents = true
        // expect: cxhandle_handletype_generic, cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber, .generic]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
    }

    deinit {
        // expect: cxprovider_invalidate
        provider.invalidate()
    }

    // expect: cxcallupdate
    func incomingUpdate(callerUsername: String?, callerName: String, video: Bool) -> CXCallUpdate {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        if let callerUsername {
            // expect: cxcallupdate_remote_handle, cxhandle_handletype_generic, cxhandle_init
            update.remoteHandle = CXHandle(type: .generic, value: callerUsername)
        }
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = callerName
        // expect: cxcallupdate_has_video
        update.hasVideo = video
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false
        // expect: cxcallupdate_supports_dtmf
        update.supportsDTMF = false
        return update
    }

    func track(_ callUUID: UUID) {
        knownCalls.insert(callUUID)
    }

    // MARK: CallBackend

    func startCall(to contact: RelayContact, video: Bool) async throws {
        // expect: cxhandle
        let handle: CXHandle
        if let phone = contact.phone {
            // expect: cxhandle_handletype_phone_number, cxhandle_init
            handle = CXHandle(type: .phoneNumber, value: phone)
        } else {
            // expect: cxhandle_handletype_generic, cxhandle_init
            handle = CXHandle(type: .generic, value: contact.username)
        }
        // expect: cxstartcallaction_init
        let start = CXStartCallAction(call: UUID(), handle: handle)
        // expect: cxstartcallaction_is_video
        start.isVideo = video
        // expect: cxstartcallaction_contact_identifier
        start.contactIdentifier = contact.displayName
        // expect: cxcallcontroller_request_async, cxtransaction_init_action
        try await controller.request(CXTransaction(action: start))
    }

    func endCall(_ callUUID: UUID) async throws {
        // expect: cxcallcontroller_request_async, cxendcallaction_init, cxtransaction_init_action
        try await controller.request(CXTransaction(action: CXEndCallAction(call: callUUID)))
    }

    func setMuted(_ muted: Bool, callUUID: UUID) async throws {
        // expect: cxcallcontroller_request_async, cxsetmutedcallaction_init, cxtransaction_init_action
        try await controller.request(CXTransaction(action: CXSetMutedCallAction(call: callUUID, muted: muted)))
    }

    func remoteEnded(_ callUUID: UUID) {
        knownCalls.remove(callUUID)
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: callUUID, endedAt: Date(), reason: .remoteEnded)
    }
}

// MARK: - CXProviderDelegate

// expect: cxproviderdelegate
extension LegacyCallKitBackend: CXProviderDelegate {

    // expect: cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        audio.stop()
        let calls = knownCalls
        knownCalls.removeAll()
        Task {
            for callUUID in calls {
                await RelayBridge.shared.hangUp(callUUID)
            }
        }
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxhandle_value, cxstartcallaction_handle
        let contact = RelayContact(username: action.handle.value,
                                   // expect: cxhandle_value, cxstartcallaction_contact_identifier, cxstartcallaction_handle
                                   displayName: action.contactIdentifier ?? action.handle.value,
                                   // expect: cxhandle_handletype_phone_number, cxhandle_value, cxstartcallaction_handle
                                   phone: action.handle.type == .phoneNumber ? action.handle.value : nil)
        Task {
            do {
                // expect: cxcallaction_call_uuid
                try await bridge.dial(contact, callUUID: action.callUUID)
                // expect: cxcallaction_call_uuid
                knownCalls.insert(action.callUUID)
                // expect: cxstartcallaction_fulfill_date_started
                action.fulfill(withDateStarted: Date())
            } catch {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: cxanswercallaction, cxprovider, provider_perform_answer_call_action
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        try? AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
        Task {
            do {
                // expect: cxcallaction_call_uuid
                try await bridge.answer(action.callUUID)
                // expect: cxanswercallaction_fulfill_date_connected
                action.fulfill(withDateConnected: Date())
            } catch {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: unresolved_action, cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        knownCalls.remove(action.callUUID)
        #if targetEnvironment(simulator)
        // The simulator has no bridge; nothing to hang up.
        // expect: cxcallaction_call_uuid
        RelayLog.calls.debug("Simulated end for \(action.callUUID)")
        #else
        Task {
            // expect: cxcallaction_call_uuid
            await bridge.hangUp(action.callUUID)
            // expect: cxendcallaction_fulfill_date_ended
            action.fulfill(withDateEnded: Date())
        }
        #endif
    }

    // expect: cxprovider, cxsetheldcallaction, provider_perform_set_held_call_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        Task {
            do {
                // expect: cxcallaction_call_uuid, cxsetheldcallaction_is_on_hold
                try await bridge.setHeld(action.isOnHold, callUUID: action.callUUID)
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
        do {
            // expect: cxcallaction_call_uuid, cxsetmutedcallaction_is_muted
            try bridge.setMuted(action.isMuted, callUUID: action.callUUID)
            // expect: cxaction_fulfill
            action.fulfill()
        } catch {
            // expect: cxaction_fail
            action.fail()
        }
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        RelayLog.calls.error("CallKit action timed out")
    }

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        audio.start()
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        audio.stop()
    }
}

/// Audio graph used by both backends; started only from didActivate.
final class RelayAudio {
    private let engine = AVAudioEngine()

    func start() {
        guard !engine.isRunning else { return }
        engine.connect(engine.inputNode, to: engine.mainMixerNode, format: nil)
        do {
            try engine.start()
        } catch {
            RelayLog.calls.error("Audio engine failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func stop() {
        engine.stop()
    }
}
