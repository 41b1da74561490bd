//
//  CallProviderDelegate.swift
//  Parley
//
//  The single CXProvider of the app and everything it asks us to do.
//  Owned by ParleyApp for the app lifetime.
//

import AVFoundation
import CallKit
import os

@MainActor
final class CallProviderDelegate: NSObject {

    let provider: CXProvider
    let signaling: SignalingClient
    private let voice = VoiceEngine()
    private let callController = CXCallController()
    private let log = Logger(subsystem: "com.example.parley", category: "provider")
    private(set) var calls: [UUID: ParleyCall] = [:]

    init(signaling: SignalingClient) {
        self.signaling = signaling
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 2
        configuration.maximumCallsPerCallGroup = 1
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.phoneNumber]
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    // MARK: Incoming

    /// What the ring screen shows for an invite.
    func incomingUpdate(for invite: CallInvite) -> CXCallUpdate {
        let update = CXCallUpdate()
        if let e164 = invite.callerE164 {
            update.remoteHandle = CXHandle(type: .phoneNumber, value: e164)
        }
        update.localizedCallerName = invite.isReadable ? invite.callerName : "Unknown caller"
        update.hasVideo = invite.hasVideo
        update.supportsHolding = true
        update.supportsGrouping = false
        update.supportsUngrouping = false
        // expect: missing_action_handler
        update.supportsDTMF = true
        return update
    }

    /// Bookkeeping after the system accepted an incoming call.
    func track(_ invite: CallInvite) {
        calls[invite.callUUID] = ParleyCall(invite: invite)
    }

    /// An invite that cannot be used is shown and then ended right away.
    func endImmediately(_ invite: CallInvite) {
        provider.reportCall(with: invite.callUUID, endedAt: Date(), reason: .failed)
        calls[invite.callUUID] = nil
    }

    func remoteEnded(serverCallID: String) {
        guard let call = calls.values.first(where: { $0.serverCallID == serverCallID }) else { return }
        provider.reportCall(with: call.uuid, endedAt: Date(), reason: .remoteEnded)
        calls[call.uuid] = nil
    }

    // MARK: Outgoing

    func startCall(to e164: String) async throws {
        let action = CXStartCallAction(call: UUID(), handle: CXHandle(type: .phoneNumber, value: e164))
        try await callController.request(CXTransaction(action: action))
    }
}

// MARK: - CXProviderDelegate

extension CallProviderDelegate: @preconcurrency CXProviderDelegate {

    func providerDidReset(_ provider: CXProvider) {
        voice.stop()
        let open = calls.values.compactMap(\.serverCallID)
        calls.removeAll()
        Task {
            for id in open { await signaling.hangUp(serverCallID: id) }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        let callUUID = action.callUUID
        let number = action.handle.value
        provider.reportOutgoingCall(with: callUUID, startedConnectingAt: Date())
        Task {
            do {
                let serverCallID = try await signaling.dial(number, callUUID: callUUID)
                calls[callUUID] = ParleyCall(outgoing: callUUID, serverCallID: serverCallID)
                action.fulfill(withDateStarted: Date())
            } catch {
                log.error("Dial failed: \(error.localizedDescription, privacy: .public)")
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let call = calls[action.callUUID], let serverCallID = call.serverCallID else {
            action.fail()
            return
        }
        do {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
        } catch {
            log.error("Category not set: \(error.localizedDescription, privacy: .public)")
        }
        calls[action.callUUID]?.phase = .connecting
        Task {
            do {
                try await signaling.accept(serverCallID: serverCallID)
                calls[action.callUUID]?.phase = .connected
                action.fulfill(withDateConnected: Date())
            } catch {
                calls[action.callUUID] = nil
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        guard let call = calls.removeValue(forKey: action.callUUID) else {
            action.fail()
            return
        }
        if let serverCallID = call.serverCallID {
            Task { await signaling.hangUp(serverCallID: serverCallID) }
        }
        // expect: premature_fulfill
        action.fulfill(withDateEnded: Date())
    }

    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        guard let serverCallID = calls[action.callUUID]?.serverCallID else {
            action.fail()
            return
        }
        Task {
            do {
                try await signaling.setHeld(action.isOnHold, serverCallID: serverCallID)
                calls[action.callUUID]?.phase = action.isOnHold ? .onHold : .connected
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        guard calls[action.callUUID] != nil else {
            action.fail()
            return
        }
        calls[action.callUUID]?.isMuted = action.isMuted
        voice.isMuted = action.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        log.error("Timed out: \(String(describing: type(of: action)), privacy: .public)")
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        voice.start()
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        voice.stop()
    }
}
