//
//  AudioController.swift
//  Tandem
//

import AVFoundation
import CallKit

final class AudioController {

    private var activeSession: VoiceSession?

    // expect: cxsetmutedcallaction
    func applyMute(_ action: CXSetMutedCallAction) {
        guard let session = activeSession else {
            return
        }
        // expect: cxsetmutedcallaction_is_muted
        session.isMuted = action.isMuted
        // expect: cxaction_fulfill
        action.fulfill()
    }
}

final class ActionResolver {

    private var held: Set<UUID> = []

    // expect: cxsetheldcallaction
    func settle(_ action: CXSetHeldCallAction, held isOnHold: Bool) {
        if isOnHold {
            // expect: cxcallaction_call_uuid
            held.insert(action.callUUID)
            // expect: cxaction_fulfill
            action.fulfill()
        // expect: cxcallaction_call_uuid
        } else if held.remove(action.callUUID) != nil {
            // expect: cxaction_fulfill
            action.fulfill()
        } else {
            // expect: cxaction_fail
            action.fail()
        }
    }
}

final class VoiceSession {
    var isMuted = false
}
