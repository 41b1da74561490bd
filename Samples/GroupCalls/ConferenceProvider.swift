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

    let provider: CXProvider
    let bridge = ConferenceBridge()
    private(set) var calls: [UUID: ConferenceCall] = [:]
    private let voice = VoiceIO()
    private let log = Logger(subsystem: "com.example.huddleline", category: "provider")

    private override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 3
        configuration.maximumCallsPerCallGroup = 5
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress, .generic]
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: .main)
    }

    func call(_ uuid: UUID) -> ConferenceCall? { calls[uuid] }

    // MARK: Updates

    private func makeUpdate(for call: ConferenceCall) -> CXCallUpdate {
        let update = CXCallUpdate()
        update.remoteHandle = ParticipantDirectory.handle(for: call)
        update.localizedCallerName = call.rosterTitle
        update.hasVideo = call.hasVideo
        update.supportsHolding = true
        update.supportsGrouping = true
        update.supportsUngrouping = true
        // expect: missing_action_handler
        update.supportsDTMF = true
        return update
    }

    /// A new leg rang on the signalling socket while the app was running.
    func reportIncoming(_ call: ConferenceCall, completion: @escaping (Error?) -> Void) {
        calls[call.uuid] = call
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
        provider.reportCall(with: call.uuid, updated: makeUpdate(for: call))
    }

    /// Another device of the same user picked the call up (or declined it).
    func endedElsewhere(_ call: ConferenceCall, answered: Bool) {
        let reason: CXCallEndedReason = answered ? .answeredElsewhere : .declinedElsewhere
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: reason)
        calls[call.uuid] = nil
    }

    func remoteEnded(_ call: ConferenceCall) {
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        calls[call.uuid] = nil
    }
}

// MARK: - CXProviderDelegate

extension ConferenceProvider: CXProviderDelegate {

    func providerDidReset(_ provider: CXProvider) {
        voice.stop()
        for call in calls.values {
            bridge.hangUp(legID: call.legID) { _ in }
        }
        calls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        guard let participant = ParticipantDirectory.participant(matching: action.handle, in: Roster.shared.everyone) else {
            action.fail()
            return
        }
        bridge.dial(participant) { [weak self] result in
            switch result {
            case .success(let leg):
                let call = ConferenceCall(uuid: action.callUUID, legID: leg.legID, conferenceID: leg.conferenceID,
                                          isOutgoing: true, participants: [participant], hasVideo: action.isVideo)
                self?.calls[call.uuid] = call
                provider.reportOutgoingCall(with: call.uuid, startedConnectingAt: Date())
                action.fulfill(withDateStarted: Date())
            case .failure:
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let call = calls[action.callUUID] else {
            action.fail()
            return
        }
        try? AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: call.hasVideo ? .videoChat : .voiceChat)
        bridge.answer(legID: call.legID) { result in
            switch result {
            case .success:
                call.state = .active
                action.fulfill(withDateConnected: Date())
            case .failure:
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        guard let call = calls[action.callUUID] else {
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
                action.fulfill(withDateEnded: Date())
            case .failure(let error):
                self?.log.error("Bridge hang-up failed: \(String(describing: error), privacy: .public)")
                call.state = .active
                action.fail()
            }
        }
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        guard let call = calls[action.callUUID] else {
            action.fail()
            return
        }
        switch call.state {
        case .active, .held:
            bridge.setHeld(action.isOnHold, legID: call.legID) { result in
                switch result {
                case .success:
                    call.state = action.isOnHold ? .held : .active
                    action.fulfill()
                case .failure:
                    action.fail()
                }
            }
        case .ringing, .dialing:
            action.fail()
        default:
            break
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        guard let call = calls[action.callUUID] else {
            action.fail()
            return
        }
        if let targetUUID = action.callUUIDToGroupWith {
            // Merge: join this leg into the target's group.
            guard let target = calls[targetUUID] else {
                action.fail()
                return
            }
            bridge.merge(legID: call.legID, intoLeg: target.legID) { result in
                switch result {
                case .success:
                    call.groupUUID = target.groupUUID ?? target.uuid
                    action.fulfill()
                case .failure:
                    action.fail()
                }
            }
        } else {
            // Ungroup: a nil target means "leave whatever group you are in".
            bridge.split(legID: call.legID) { result in
                if case .success = result {
                    call.groupUUID = nil
                    action.fulfill()
                } else {
                    action.fail()
                }
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        voice.isMuted = action.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        log.error("Action \(action.uuid) timed out")
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        voice.start()
    }

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
