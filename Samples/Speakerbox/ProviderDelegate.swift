//
//  ProviderDelegate.swift
//  Speakerbox
//
//  The app's single CXProvider and its delegate. Created once by the
//  AppDelegate and kept for the whole app lifetime.
//

import AVFoundation
import CallKit
import UIKit
import os

final class ProviderDelegate: NSObject {

    private let callManager: SpeakerboxCallManager
    private let audioController: AudioController
    private let provider: CXProvider
    private let log = Logger(subsystem: "com.example.speakerbox", category: "provider")

    init(callManager: SpeakerboxCallManager, audioController: AudioController) {
        self.callManager = callManager
        self.audioController = audioController
        provider = CXProvider(configuration: Self.providerConfiguration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    deinit {
        provider.invalidate()
    }

    /// What the system needs to know about Speakerbox calls.
    static var providerConfiguration: CXProviderConfiguration {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 2
        configuration.maximumCallsPerCallGroup = 1
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress]
        configuration.iconTemplateImageData = UIImage(named: "IconMask")?.pngData()
        configuration.ringtoneSound = "Ringtone.caf"
        return configuration
    }

    // MARK: Incoming calls

    /// Shows the system incoming-call UI. The call is only added to the call
    /// list once the system accepted it; the error goes back to the caller.
    func reportIncomingCall(uuid: UUID,
                            e164Number: String,
                            callerName: String?,
                            hasVideo: Bool = false,
                            completion: ((Error?) -> Void)? = nil) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: e164Number)
        update.localizedCallerName = callerName
        update.hasVideo = hasVideo
        update.supportsHolding = true
        update.supportsDTMF = true
        update.supportsGrouping = false
        update.supportsUngrouping = false

        provider.reportNewIncomingCall(with: uuid, update: update) { [callManager, log] error in
            if let error {
                // Filtered by Do Not Disturb or the block list: nothing was
                // added yet, so hand the error to the caller to decline upstream.
                log.error("Incoming call \(uuid) rejected by the system: \(error.localizedDescription, privacy: .public)")
                completion?(error)
                return
            }
            let call = SpeakerboxCall(uuid: uuid, isOutgoing: false, remoteAddress: e164Number)
            call.displayName = callerName
            callManager.addCall(call)
            completion?(nil)
        }
    }

    /// The remote side hung up.
    func reportRemoteEnded(_ call: SpeakerboxCall) {
        call.endSpeakerboxCall()
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        callManager.removeCall(call)
    }
}

// MARK: - CXProviderDelegate

extension ProviderDelegate: CXProviderDelegate {

    func providerDidBegin(_ provider: CXProvider) {
        log.info("Provider began")
    }

    func providerDidReset(_ provider: CXProvider) {
        log.info("Provider reset: tearing down every call")
        audioController.stopAudio()
        for call in callManager.calls {
            call.endSpeakerboxCall()
        }
        callManager.removeAllCalls()
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        let call = SpeakerboxCall(uuid: action.callUUID, isOutgoing: true, remoteAddress: action.handle.value)
        audioController.configureAudioSession()

        call.hasStartedConnectingDidChange = { [weak provider, weak call] in
            guard let call else { return }
            provider?.reportOutgoingCall(with: call.uuid, startedConnectingAt: call.connectingSince)
        }
        call.hasConnectedDidChange = { [weak provider, weak call] in
            guard let call else { return }
            provider?.reportOutgoingCall(with: call.uuid, connectedAt: call.connectedSince)
        }

        call.startSpeakerboxCall { [weak self] result in
            if case .failure(let error) = result {
                self?.log.error("Outgoing call failed: \(error.description, privacy: .public)")
                self?.callManager.removeCall(call)
            }
        }
        // expect: premature_fulfill
        action.fulfill()
        callManager.addCall(call)
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let call = callManager.call(with: action.callUUID) else {
            action.fail()
            return
        }
        audioController.configureAudioSession()
        do {
            // expect: audio_outside_activation
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            log.error("Early activation failed: \(error.localizedDescription, privacy: .public)")
        }

        call.answerSpeakerboxCall { result in
            switch result {
            case .success:
                action.fulfill(withDateConnected: Date())
            case .failure:
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        guard let call = callManager.call(with: action.callUUID) else {
            action.fail()
            return
        }
        call.endSpeakerboxCall()
        action.fulfill(withDateEnded: Date())
        callManager.removeCall(call)
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        guard let call = callManager.call(with: action.callUUID) else { return }
        call.isOnHold = action.isOnHold
        audioController.isInputMuted = action.isOnHold || call.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        guard let call = callManager.call(with: action.callUUID) else {
            action.fail()
            return
        }
        call.isMuted = action.isMuted
        audioController.isInputMuted = action.isMuted
        action.fulfill()
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        log.info("Grouping \(action.callUUID) is not supported yet")
    }

    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        guard let call = callManager.call(with: action.callUUID) else {
            action.fail()
            return
        }
        do {
            try call.sendTones(action.digits)
            action.fulfill()
        } catch {
            log.error("DTMF failed: \(String(describing: error), privacy: .public)")
            action.fail()
        }
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        // A timed-out action must be neither fulfilled nor failed.
        log.error("Timed out performing \(String(describing: type(of: action)), privacy: .public)")
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        audioController.startAudio()
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        audioController.stopAudio()
    }
}
