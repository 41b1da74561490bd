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

extension CallKitManager: CXProviderDelegate {

    func providerDidReset(_ provider: CXProvider) {
        NSLog("Provider reset; dropping %d call(s)", calls.count)
        CallAudio.shared.stop()
        for call in calls.values {
            callerAPI.hangUp(serverCallID: call.serverCallID)
        }
        calls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        let number = action.handle.value
        provider.reportOutgoingCall(with: action.callUUID, startedConnectingAt: Date())
        callerAPI.placeCall(to: number) { [weak self] result in
            guard let self else {
                action.fail()
                return
            }
            switch result {
            case .success(let serverCallID):
                self.calls[action.callUUID] = LegacyCall(uuid: action.callUUID,
                                                         serverCallID: serverCallID,
                                                         isOutgoing: true)
                action.fulfill(withDateStarted: Date())
            case .failure(let error):
                NSLog("Could not place call: %@", String(describing: error))
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let call = calls[action.callUUID] else {
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
                action.fulfill(withDateConnected: Date())
            } else {
                action.fail()
            }
        }
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        if let call = calls[action.callUUID] {
            callerAPI.hangUp(serverCallID: call.serverCallID)
            calls[action.callUUID] = nil
            action.fulfill(withDateEnded: Date())
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        guard let call = calls[action.callUUID] else {
            action.fail()
            return
        }
        call.isMuted = action.isMuted
        CallAudio.shared.setInputMuted(action.isMuted)
        action.fulfill()
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        NSLog("Action %@ timed out", action.uuid.uuidString)
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        CallAudio.shared.start()
    }

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
