//
//  CallKitManager.swift
//  RingLegacy
//
//  The app's one-stop call object from the iOS 10 days: it owns the
//  CXProvider, the CXCallController and the PushKit registry, and it is the
//  delegate of all of them. Action handlers live in CallKitManager+Actions.
//

import CallKit
import Foundation
import PushKit
import UIKit

final class CallKitManager: NSObject {

    static let shared = CallKitManager()

    let provider: CXProvider
    let callController = CXCallController()
    let callerAPI = CallerLookupAPI()
    var calls: [UUID: LegacyCall] = [:]
    private var pushRegistry: PKPushRegistry?

    private override init() {
        // expect: multiple_providers
        provider = CXProvider(configuration: CallKitManager.makeConfiguration(video: false))
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    static func makeConfiguration(video: Bool) -> CXProviderConfiguration {
        let configuration = CXProviderConfiguration(localizedName: "RingLegacy")
        configuration.supportsVideo = video
        configuration.maximumCallGroups = 1
        configuration.maximumCallsPerCallGroup = 1
        configuration.supportedHandleTypes = [.phoneNumber]
        configuration.ringtoneSound = "ring.caf"
        configuration.iconTemplateImageData = UIImage(named: "CallIcon")?.pngData()
        return configuration
    }

    /// Called from application(_:didFinishLaunchingWithOptions:).
    func registerForVoIPPushes() {
        let registry = PKPushRegistry(queue: .main)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        pushRegistry = registry
    }

    func makeUpdate(for payload: IncomingCallPayload, callerName: String?) -> CXCallUpdate {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.callerNumber)
        update.localizedCallerName = callerName ?? payload.callerName
        update.hasVideo = payload.isVideo
        // expect: missing_action_handler
        update.supportsHolding = true
        update.supportsDTMF = false
        update.supportsGrouping = false
        update.supportsUngrouping = false
        return update
    }

    // MARK: Outgoing

    func dial(number: String) {
        guard number.hasPrefix("+") else {
            NSLog("Refusing to dial a number that is not in E.164 form")
            return
        }
        let handle = CXHandle(type: .phoneNumber, value: number)
        let action = CXStartCallAction(call: UUID(), handle: handle)
        callController.requestTransaction(with: action) { error in
            if let error {
                NSLog("Start call request failed: %@", error.localizedDescription)
            }
        }
    }

    func hangUp(callUUID: UUID) {
        callController.requestTransaction(with: CXEndCallAction(call: callUUID)) { error in
            if let error {
                NSLog("End call request failed: %@", error.localizedDescription)
            }
        }
    }

    func remoteDidHangUp(serverCallID: String) {
        guard let call = calls.values.first(where: { $0.serverCallID == serverCallID }) else { return }
        provider.reportCall(with: call.uuid, endedAt: nil, reason: .remoteEnded)
        calls[call.uuid] = nil
    }
}

// MARK: - PKPushRegistryDelegate

extension CallKitManager: PKPushRegistryDelegate {

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        callerAPI.uploadVoIPToken(token)
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        callerAPI.uploadVoIPToken(nil)
    }

    // expect: unreported_voip_push, push_completion_not_called
    func pushRegistry(_ registry: PKPushRegistry,
                      didReceiveIncomingPushWith payload: PKPushPayload,
                      for type: PKPushType,
                      completion: @escaping () -> Void) {
        guard let callPayload = IncomingCallPayload(dictionary: payload.dictionaryPayload) else {
            NSLog("VoIP push without a call in it; ignoring")
            completion()
            return
        }
        // expect: regenerated_incoming_uuid
        let callUUID = UUID()
        calls[callUUID] = LegacyCall(uuid: callUUID, serverCallID: callPayload.serverCallID, isOutgoing: false)

        if callPayload.isVideo {
            // Video calls get a provider whose configuration allows video.
            // expect: multiple_providers
            let videoProvider = CXProvider(configuration: CallKitManager.makeConfiguration(video: true))
            videoProvider.setDelegate(self, queue: nil)
            let update = makeUpdate(for: callPayload, callerName: nil)
            Task {
                // expect: swallowed_report_error
                try? await videoProvider.reportNewIncomingCall(with: callUUID, update: update)
                completion()
            }
            return
        }

        if callPayload.callerName == nil {
            // Slim payload: fetch the caller's name first so the ring screen
            // does not show a bare number.
            callerAPI.lookUpCaller(number: callPayload.callerNumber) { [weak self] name in
                guard let self else { return }
                let update = self.makeUpdate(for: callPayload, callerName: name)
                self.provider.reportNewIncomingCall(with: callUUID, update: update) { error in
                    if let error {
                        self.calls[callUUID] = nil
                        self.callerAPI.decline(serverCallID: callPayload.serverCallID,
                                               reason: "not-presented: \(error.localizedDescription)")
                    }
                }
            }
            return
        }

        let update = makeUpdate(for: callPayload, callerName: nil)
        // expect: swallowed_report_error
        provider.reportNewIncomingCall(with: callUUID, update: update) { _ in
            completion()
        }
    }

    /// iOS 10 entry point, kept for the few users still on old systems.
    // expect: unreported_voip_push
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
        guard let callPayload = IncomingCallPayload(dictionary: payload.dictionaryPayload),
              let callUUID = callPayload.callUUID else {
            return
        }
        DispatchQueue.main.async {
            self.calls[callUUID] = LegacyCall(uuid: callUUID, serverCallID: callPayload.serverCallID, isOutgoing: false)
            let update = self.makeUpdate(for: callPayload, callerName: nil)
            // expect: swallowed_report_error
            self.provider.reportNewIncomingCall(with: callUUID, update: update) { error in
                if let error {
                    NSLog("reportNewIncomingCall failed: %@", error.localizedDescription)
                }
            }
        }
    }
}
