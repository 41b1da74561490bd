//
//  AudioController.swift
//  Speakerbox
//
//  Owns the voice-processing audio graph. The session category is prepared
//  ahead of time; the graph itself is only started once the system hands the
//  app an active audio session (see ProviderDelegate.provider(_:didActivate:)).
//

import AVFoundation
import os

final class AudioController {

    enum AudioControllerError: Error {
        case engineNotPrepared
        case inputUnavailable
    }

    private let engine = AVAudioEngine()
    private let log = Logger(subsystem: "com.example.speakerbox", category: "audio")
    private var isPrepared = false
    private var routeObserver: NSObjectProtocol?
    private(set) var isRunning = false

    /// Muting is done in the graph so the session can stay active while muted.
    var isInputMuted: Bool = false {
        didSet { engine.inputNode.volume = isInputMuted ? 0 : 1 }
    }

    // MARK: Session preparation (no activation here)

    /// Sets the category and mode. Safe to call from an answer or start handler:
    /// it does not activate the session.
    func configureAudioSession() {
        let session = AVAudioSession.sharedInstance()
        do {
            try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth, .allowBluetoothA2DP])
            try session.setPreferredSampleRate(48_000)
            try session.setPreferredIOBufferDuration(0.01)
        } catch {
            log.error("Could not configure audio session: \(error.localizedDescription, privacy: .public)")
        }
    }

    // MARK: Graph lifetime

    /// Builds the graph: microphone -> voice processing -> loopback to the speaker.
    private func prepareGraph() throws {
        guard !isPrepared else { return }
        let input = engine.inputNode
        try input.setVoiceProcessingEnabled(true)
        let format = input.outputFormat(forBus: 0)
        guard format.channelCount > 0 else { throw AudioControllerError.inputUnavailable }
        engine.connect(input, to: engine.mainMixerNode, format: format)
        engine.prepare()
        isPrepared = true
    }

    /// Starts audio I/O. Only call this after the system activated the session.
    func startAudio() {
        do {
            try prepareGraph()
            try engine.start()
            isRunning = true
            log.info("Audio graph running")
        } catch {
            log.error("Audio graph failed to start: \(error.localizedDescription, privacy: .public)")
        }
    }

    /// Stops audio I/O. Called when the session is deactivated or the provider resets.
    func stopAudio() {
        guard isRunning else { return }
        engine.stop()
        isRunning = false
        log.info("Audio graph stopped")
    }

    // MARK: Route changes

    func observeRouteChanges() {
        routeObserver = NotificationCenter.default.addObserver(
            forName: AVAudioSession.routeChangeNotification,
            object: nil,
            queue: .main
        ) { [weak self] note in
            guard let self,
                  let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                  let reason = AVAudioSession.RouteChangeReason(rawValue: raw) else { return }
            if reason == .oldDeviceUnavailable, self.isRunning {
                self.log.info("Headset removed; keeping the graph running on the built-in route")
            }
        }
    }
}
