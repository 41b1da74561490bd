//
//  CallKitManager+Actions.swift
//  RingLegacy
//
//  CXProviderDelegate conformance: what happens when the user (or the
//  system) acts on a call.
//

import AVFoundation
import CallKit
import Foundation

// expect: cxproviderdelegate
extension CallKitManager: CXProviderDelegate {

    // expect: cxprovider, provider_did_reset
    func providerDidReset(_ provider: CXProvider) {
        NSLog("Provider reset; dropping %d call(s)", calls.count)
        CallAudio.shared.stop()
        for call in calls.values {
            callerAPI.hangUp(serverCallID: call.serverCallID)
        }
        calls.removeAll()
    }

    // expect: cxprovider, cxstartcallaction, provider_perform_start_call_action
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxhandle_value, cxstartcallaction_handle
        let number = action.handle.value
        // expect: cxcallaction_call_uuid, cxprovider_report_outgoing_call_started_connecting
        provider.reportOutgoingCall(with: action.callUUID, startedConnectingAt: Date())
        callerAPI.placeCall(to: number) { [weak self] result in
            guard let self else {
                // expect: cxaction_fail
                action.fail()
                return
            }
            switch result {
            case .success(let serverCallID):
                // expect: cxcallaction_call_uuid
                self.calls[action.callUUID] = LegacyCall(uuid: action.callUUID,
                                                         serverCallID: serverCallID,
                                                         isOutgoing: true)
                // expect: cxstartcallaction_fulfill_date_started
                action.fulfill(withDateStarted: Date())
            case .failure(let error):
                NSLog("Could not place call: %@", String(describing: error))
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
        do {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
        } catch {
            NSLog("setCategory failed: %@", error.localizedDescription)
        }
        callerAPI.accept(serverCallID: call.serverCallID) { accepted in
            if accepted {
                call.isConnected = true
                // expect: cxanswercallaction_fulfill_date_connected
                action.fulfill(withDateConnected: Date())
            } else {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // expect: unresolved_action, cxendcallaction, cxprovider, provider_perform_end_call_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        if let call = calls[action.callUUID] {
            callerAPI.hangUp(serverCallID: call.serverCallID)
            // expect: cxcallaction_call_uuid
            calls[action.callUUID] = nil
            // expect: cxendcallaction_fulfill_date_ended
            action.fulfill(withDateEnded: Date())
        }
    }

    // expect: cxprovider, cxsetmutedcallaction, provider_perform_set_muted_call_action
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxcallaction_call_uuid
        guard let call = calls[action.callUUID] else {
            // expect: cxaction_fail
            action.fail()
            return
        }
        // expect: cxsetmutedcallaction_is_muted
        call.isMuted = action.isMuted
        // expect: cxsetmutedcallaction_is_muted
        CallAudio.shared.setInputMuted(action.isMuted)
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: cxaction, cxprovider, provider_timed_out_performing
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // expect: cxaction_uuid
        NSLog("Action %@ timed out", action.uuid.uuidString)
    }

    // expect: cxprovider, provider_did_activate_audio_session
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        CallAudio.shared.start()
    }

    // expect: cxprovider, provider_did_deactivate_audio_session
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        CallAudio.shared.stop()
    }
}

/// The voice I/O graph. Started only from didActivate.
final class CallAudio {
    static let shared = CallAudio()

    private let engine = AVAudioEngine()
    private var running = false

    func start() {
        guard !running else { return }
        let input = engine.inputNode
        engine.connect(input, to: engine.mainMixerNode, format: input.outputFormat(forBus: 0))
        do {
            try engine.start()
            running = true
        } catch {
            NSLog("Audio engine failed to start: %@", error.localizedDescription)
        }
    }

    func stop() {
        guard running else { return }
        engine.stop()
        running = false
    }

    func setInputMuted(_ muted: Bool) {
        engine.inputNode.volume = muted ? 0 : 1
    }
}
