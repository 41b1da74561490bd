//
//  CallService.swift
//  Beacon
//
//  The app's facade over CallKit. Nothing outside this file imports CallKit;
//  features call `CallService.reportIncoming(uuid:handle:)`,
//  `callService.startCall(to:)` and friends.
//

import AVFoundation
import CallKit
import Foundation
import os

final class CallService: NSObject {

    static let shared = CallService()

    /// Fired on the main queue whenever `calls` changes.
    var onCallsChanged: (([ActiveCall]) -> Void)?

    private(set) var calls: [UUID: ActiveCall] = [:] {
        didSet { onCallsChanged?(Array(calls.values)) }
    }

    private let provider: CXProvider
    private let controller = CXCallController()
    private let engine = CallEngine()
    private let log = Logger(subsystem: "com.example.beacon", category: "call-service")

    private override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = false
        configuration.maximumCallGroups = 2
        configuration.maximumCallsPerCallGroup = 1
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress, .generic]
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    // MARK: Public API

    /// Shows the system incoming-call screen for a call Beacon learned about.
    static func reportIncoming(uuid: UUID, handle: CallAddress) {
        shared.reportIncoming(uuid: uuid, handle: handle, completion: nil)
    }

    func reportIncoming(uuid: UUID, handle: CallAddress, completion: ((CallServiceError?) -> Void)?) {
        let update = CXCallUpdate()
        update.remoteHandle = Self.systemHandle(for: handle)
        update.localizedCallerName = handle.displayName
        update.supportsHolding = true
        update.supportsDTMF = true
        update.supportsGrouping = false
        update.supportsUngrouping = false
        provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
            if let error {
                self?.engine.hangUp(callID: uuid) { _ in }
                completion?(.systemRefused(underlying: error))
                return
            }
            self?.calls[uuid] = ActiveCall(id: uuid, remote: handle, isOutgoing: false)
            completion?(nil)
        }
    }

    func startCall(to address: CallAddress) {
        let start = CXStartCallAction(call: UUID(), handle: Self.systemHandle(for: address))
        start.contactIdentifier = address.displayName
        request(start)
    }

    func endCall(_ callID: UUID) {
        request(CXEndCallAction(call: callID))
    }

    func setMuted(_ muted: Bool, callID: UUID) {
        request(CXSetMutedCallAction(call: callID, muted: muted))
    }

    func setOnHold(_ held: Bool, callID: UUID) {
        request(CXSetHeldCallAction(call: callID, onHold: held))
    }

    func sendDigits(_ digits: String, callID: UUID) {
        request(CXPlayDTMFCallAction(call: callID, digits: digits, type: .singleTone))
    }

    func remoteHungUp(_ callID: UUID) {
        guard calls.removeValue(forKey: callID) != nil else { return }
        provider.reportCall(with: callID, endedAt: Date(), reason: .remoteEnded)
    }

    // MARK: Internals

    private static func systemHandle(for address: CallAddress) -> CXHandle {
        switch address.kind {
        case .phone: return CXHandle(type: .phoneNumber, value: address.value)
        case .email: return CXHandle(type: .emailAddress, value: address.value)
        case .username: return CXHandle(type: .generic, value: address.value)
        }
    }

    private func request(_ action: CXAction) {
        controller.request(CXTransaction(action: action)) { [log] error in
            if let error {
                log.error("Request \(String(describing: type(of: action)), privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
            }
        }
    }
}

// MARK: - CXProviderDelegate

extension CallService: CXProviderDelegate {

    // expect: empty_reset
    func providerDidReset(_ provider: CXProvider) {
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        guard let address = CallAddress.parse(action.handle.value) else {
            action.fail()
            return
        }
        engine.dial(address, callID: action.callUUID) { [weak self] dialled in
            guard dialled else {
                action.fail()
                return
            }
            self?.calls[action.callUUID] = ActiveCall(id: action.callUUID, remote: address, isOutgoing: true)
            action.fulfill(withDateStarted: Date())
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        engine.accept(callID: action.callUUID) { [weak self] accepted in
            if accepted {
                self?.calls[action.callUUID]?.connectedAt = Date()
                action.fulfill(withDateConnected: Date())
            } else {
                action.fail()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        engine.hangUp(callID: action.callUUID) { [weak self] hungUp in
            guard hungUp else {
                action.fail()
                return
            }
            self?.calls[action.callUUID] = nil
            action.fulfill(withDateEnded: Date())
        }
    }

    // expect: unresolved_action
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        engine.hold(callID: action.callUUID, held: action.isOnHold) { [weak self] success in
            if success {
                self?.calls[action.callUUID]?.isOnHold = action.isOnHold
                action.fulfill()
            }
        }
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        engine.isMicrophoneMuted = action.isMuted
        calls[action.callUUID]?.isMuted = action.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        engine.sendDigits(action.digits, callID: action.callUUID) { sent in
            sent ? action.fulfill() : action.fail()
        }
    }

    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        log.error("Timed out: \(action.uuid)")
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        do {
            try engine.startVoice()
        } catch {
            log.error("Voice did not start: \(error.localizedDescription, privacy: .public)")
        }
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        engine.stopVoice()
    }
}
