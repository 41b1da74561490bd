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
    let provider: CXProvider
    private let controller = CXCallController()
    private let bridge = RelayBridge.shared
    private let audio = RelayAudio()
    private(set) var knownCalls: Set<UUID> = []

    override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 2
        configuration.maximumCallsPerCallGroup = 5
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.phoneNumber, .generic]
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    deinit {
        provider.invalidate()
    }

    func incomingUpdate(callerUsername: String?, callerName: String, video: Bool) -> CXCallUpdate {
        let update = CXCallUpdate()
        if let callerUsername {
            update.remoteHandle = CXHandle(type: .generic, value: callerUsername)
        }
        update.localizedCallerName = callerName
        update.hasVideo = video
        update.supportsHolding = true
        update.supportsGrouping = false
        update.supportsUngrouping = false
        update.supportsDTMF = false
        return update
    }

    func track(_ callUUID: UUID) {
        knownCalls.insert(callUUID)
    }

    // MARK: CallBackend

    func startCall(to contact: RelayContact, video: Bool) async throws {
        let handle: CXHandle
        if let phone = contact.phone {
            handle = CXHandle(type: .phoneNumber, value: phone)
        } else {
            handle = CXHandle(type: .generic, value: contact.username)
        }
        let start = CXStartCallAction(call: UUID(), handle: handle)
        start.isVideo = video
        start.contactIdentifier = contact.displayName
        try await controller.request(CXTransaction(action: start))
    }

    func endCall(_ callUUID: UUID) async throws {
        try await controller.request(CXTransaction(action: CXEndCallAction(call: callUUID)))
    }

    func setMuted(_ muted: Bool, callUUID: UUID) async throws {
        try await controller.request(CXTransaction(action: CXSetMutedCallAction(call: callUUID, muted: muted)))
    }

    func remoteEnded(_ callUUID: UUID) {
        knownCalls.remove(callUUID)
        provider.reportCall(with: callUUID, endedAt: Date(), reason: .remoteEnded)
    }
}

// MARK: - CXProviderDelegate

extension LegacyCallKitBackend: CXProviderDelegate {

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

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        let contact = RelayContact(username: action.handle.value,
                                   displayName: action.contactIdentifier ?? action.handle.value,
                                   phone: action.handle.type == .phoneNumber ? action.handle.value : nil)
        Task {
            do {
                try await bridge.dial(contact, callUUID: action.callUUID)
                knownCalls.insert(action.callUUID)
                action.fulfill(withDateStarted: Date())
            } catch {
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        try? AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
        Task {
            do {
                try await bridge.answer(action.callUUID)
                action.fulfill(withDateConnected: Date())
            } catch {
                action.fail()
            }
        }
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        knownCalls.remove(action.callUUID)
        #if targetEnvironment(simulator)
        // The simulator has no bridge; nothing to hang up.
        RelayLog.calls.debug("Simulated end for \(action.callUUID)")
        #else
        Task {
            await bridge.hangUp(action.callUUID)
            action.fulfill(withDateEnded: Date())
        }
        #endif
    }

    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        Task {
            do {
                try await bridge.setHeld(action.isOnHold, callUUID: action.callUUID)
                action.fulfill()
            } catch {
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        do {
            try bridge.setMuted(action.isMuted, callUUID: action.callUUID)
            action.fulfill()
        } catch {
            action.fail()
        }
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        RelayLog.calls.error("CallKit action timed out")
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        audio.start()
    }

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
