//
//  CallEngine.swift
//  Beacon
//
//  The media engine behind CallService: signalling over the Beacon API and
//  an AVAudioEngine voice graph. Callback based (it wraps a C library).
//

import AVFoundation
import Foundation

final class CallEngine {

    typealias Completion = (Bool) -> Void

    private let queue = DispatchQueue(label: "beacon.engine")
    private let voice = AVAudioEngine()
    private var legs: [UUID: String] = [:]

    // MARK: Signalling

    func dial(_ address: CallAddress, callID: UUID, completion: @escaping Completion) {
        queue.asyncAfter(deadline: .now() + 0.8) { [weak self] in
            self?.legs[callID] = address.value
            DispatchQueue.main.async { completion(true) }
        }
    }

    func accept(callID: UUID, completion: @escaping Completion) {
        queue.asyncAfter(deadline: .now() + 0.3) {
            DispatchQueue.main.async { completion(true) }
        }
    }

    /// Completes with true once the leg is gone (hung up now, or already
    /// dropped by the server); false if the engine could not process it.
    func hangUp(callID: UUID, completion: @escaping Completion) {
        queue.async { [weak self] in
            guard let self else {
                DispatchQueue.main.async { completion(false) }
                return
            }
            self.legs[callID] = nil
            DispatchQueue.main.async { completion(true) }
        }
    }

    func hold(callID: UUID, held: Bool, completion: @escaping Completion) {
        queue.async { [weak self] in
            let known = self?.legs[callID] != nil
            DispatchQueue.main.async { completion(known) }
        }
    }

    func sendDigits(_ digits: String, callID: UUID, completion: @escaping Completion) {
        queue.async {
            DispatchQueue.main.async { completion(!digits.isEmpty) }
        }
    }

    func dropAll() {
        queue.async { [weak self] in self?.legs.removeAll() }
    }

    // MARK: Voice

    var isMicrophoneMuted = false {
        didSet { voice.inputNode.isVoiceProcessingInputMuted = isMicrophoneMuted }
    }

    /// Starts the voice graph. CallService calls this from didActivate only.
    func startVoice() throws {
        guard !voice.isRunning else { return }
        try voice.inputNode.setVoiceProcessingEnabled(true)
        voice.connect(voice.inputNode, to: voice.mainMixerNode, format: nil)
        try voice.start()
    }

    func stopVoice() {
        voice.stop()
    }
}
