//
//  ProviderDelegate.swift
//  Tandem
//
//  CallKit side of Tandem: every handler hands its work to a helper that
//  lives in another file (RoomClient, AudioController, Failures).
//

import CallKit
import Foundation

// expect: cxproviderdelegate
final class ProviderDelegate: NSObject, CXProviderDelegate {

    enum LegState {
        case active
        case unknown
    }

    private let client = RoomClient()
    private let audio = AudioController()
    private let resolver = ActionResolver()
    private var legs: [UUID: LegState] = [:]

    // expect: provider_did_reset, cxprovider
    func providerDidReset(_ provider: CXProvider) {
        legs.removeAll()
    }

    // RoomClient.connect returns on its error branch without calling the completion.
    // expect: unresolved_action, provider_perform_answer_call_action, cxprovider, cxanswercallaction
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        client.connect(room: action.callUUID.uuidString) { ok in
            // expect: cxaction_fulfill, cxaction_fail
            ok ? action.fulfill() : action.fail()
        }
    }

    // RoomClient.join calls its completion on every path.
    // expect: provider_perform_start_call_action, cxprovider, cxstartcallaction
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxcallaction_call_uuid
        client.join(room: action.callUUID.uuidString) { ok in
            if ok {
                // expect: cxaction_fulfill
                action.fulfill()
            } else {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    // The unknown case ends in the app's own `-> Never` failure function.
    // expect: provider_perform_end_call_action, cxprovider, cxendcallaction
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        switch legs[action.callUUID] ?? .unknown {
        case .active:
            // expect: cxcallaction_call_uuid
            legs[action.callUUID] = nil
            // expect: cxaction_fulfill
            action.fulfill()
        case .unknown:
            unrecoverable("end requested for a call Tandem never started")
        }
    }

    // ActionResolver.settle fulfills or fails on every path.
    // expect: provider_perform_set_held_call_action, cxprovider, cxsetheldcallaction
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        // expect: cxsetheldcallaction_is_on_hold
        resolver.settle(action, held: action.isOnHold)
    }

    // AudioController.applyMute returns early when no session is active.
    // expect: unresolved_action, provider_perform_set_muted_call_action, cxprovider, cxsetmutedcallaction
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        audio.applyMute(action)
    }

    // RoomClient.sendTones returns early inside its Task without calling the completion.
    // expect: unresolved_action, provider_perform_play_dtmf_call_action, cxprovider, cxplaydtmfcallaction
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        // expect: cxplaydtmfcallaction_digits, cxcallaction_call_uuid
        client.sendTones(action.digits, room: action.callUUID.uuidString) { ok in
            // expect: cxaction_fulfill, cxaction_fail
            ok ? action.fulfill() : action.fail()
        }
    }

    // RoomClient.regroup answers on every path of its Task.
    // expect: provider_perform_set_group_call_action, cxprovider, cxsetgroupcallaction
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        // expect: cxcallaction_call_uuid
        client.regroup(room: action.callUUID.uuidString) { ok in
            // expect: cxaction_fulfill, cxaction_fail
            ok ? action.fulfill() : action.fail()
        }
    }
}
