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

    // expect: cxprovider
    let provider: CXProvider
    // expect: cxcallcontroller_init
    let callController = CXCallController()
    let callerAPI = CallerLookupAPI()
    var calls: [UUID: LegacyCall] = [:]
    // expect: pkpushregistry
    private var pushRegistry: PKPushRegistry?

    private override init() {
        // expect: multiple_providers, cxprovider_init
        provider = CXProvider(configuration: CallKitManager.makeConfiguration(video: false))
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
    }

    // expect: cxproviderconfiguration
    static func makeConfiguration(video: Bool) -> CXProviderConfiguration {
        // expect: cxproviderconfiguration_init_localized_name
        let configuration = CXProviderConfiguration(localizedName: "RingLegacy")
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = video
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 1
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 1
        // expect: cxhandle_handletype_phone_number, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.phoneNumber]
        // expect: cxproviderconfiguration_ringtone_sound
        configuration.ringtoneSound = "ring.caf"
        // expect: cxproviderconfiguration_icon_template_image_data
        configuration.iconTemplateImageData = UIImage(named: "CallIcon")?.pngData()
        return configuration
    }

    /// Called from application(_:didFinishLaunchingWithOptions:).
    func registerForVoIPPushes() {
        // expect: pkpushregistry_init
        let registry = PKPushRegistry(queue: .main)
        // expect: pkpushregistry_delegate
        registry.delegate = self
        // expect: pkpushregistry_desired_push_types, pkpushtype_voip
        registry.desiredPushTypes = [.voIP]
        pushRegistry = registry
    }

    // expect: cxcallupdate
    func makeUpdate(for payload: IncomingCallPayload, callerName: String?) -> CXCallUpdate {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle, cxhandle_handletype_phone_number, cxhandle_init
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.callerNumber)
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = callerName ?? payload.callerName
        // expect: cxcallupdate_has_video
        update.hasVideo = payload.isVideo
        // expect: missing_action_handler, cxcallupdate_supports_holding
        update.supportsHolding = true
        // expect: cxcallupdate_supports_dtmf
        update.supportsDTMF = false
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false
        return update
    }

    // MARK: Outgoing

    func dial(number: String) {
        guard number.hasPrefix("+") else {
            NSLog("Refusing to dial a number that is not in E.164 form")
            return
        }
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        let handle = CXHandle(type: .phoneNumber, value: number)
        // expect: cxstartcallaction_init
        let action = CXStartCallAction(call: UUID(), handle: handle)
        // expect: cxcallcontroller_request_transaction
        callController.requestTransaction(with: action) { error in
            if let error {
                NSLog("Start call request failed: %@", error.localizedDescription)
            }
        }
    }

    func hangUp(callUUID: UUID) {
        // expect: cxcallcontroller_request_transaction, cxendcallaction_init
        callController.requestTransaction(with: CXEndCallAction(call: callUUID)) { error in
            if let error {
                NSLog("End call request failed: %@", error.localizedDescription)
            }
        }
    }

    func remoteDidHangUp(serverCallID: String) {
        guard let call = calls.values.first(where: { $0.serverCallID == serverCallID }) else { return }
        // expect: cxcallendedreason_remote_ended, cxprovider_report_call_ended
        provider.reportCall(with: call.uuid, endedAt: nil, reason: .remoteEnded)
        calls[call.uuid] = nil
    }
}

// MARK: - PKPushRegistryDelegate

// expect: pkpushregistrydelegate
extension CallKitManager: PKPushRegistryDelegate {

    // expect: pkpushcredentials, pkpushregistry, push_registry_did_update_credentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        // expect: pkpushcredentials_token
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        callerAPI.uploadVoIPToken(token)
    }

    // expect: pkpushregistry, push_registry_did_invalidate_push_token, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        callerAPI.uploadVoIPToken(nil)
    }

    // expect: unreported_voip_push, push_completion_not_called, pkpushregistry, push_registry_did_receive_incoming_push_completion
    func pushRegistry(_ registry: PKPushRegistry,
                      // expect: pkpushpayload
                      didReceiveIncomingPushWith payload: PKPushPayload,
                      // expect: pkpushtype
                      for type: PKPushType,
                      completion: @escaping () -> Void) {
        // expect: pkpushpayload_dictionary_payload
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
            // expect: multiple_providers, cxprovider_init
            let videoProvider = CXProvider(configuration: CallKitManager.makeConfiguration(video: true))
            // expect: cxprovider_set_delegate
            videoProvider.setDelegate(self, queue: nil)
            let update = makeUpdate(for: callPayload, callerName: nil)
            Task {
                // expect: swallowed_report_error, cxprovider_report_new_incoming_call_async
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
                // expect: cxprovider_report_new_incoming_call
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
        // expect: swallowed_report_error, cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: callUUID, update: update) { _ in
            completion()
        }
    }

    /// iOS 10 entry point, kept for the few users still on old systems. PushKit never calls it on iOS 11 and
    /// later, because this type implements the completion variant above: dead code, not an unreported push.
    // expect: pkpushpayload, pkpushregistry, push_registry_did_receive_incoming_push_deprecated, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
        // expect: pkpushpayload_dictionary_payload
        guard let callPayload = IncomingCallPayload(dictionary: payload.dictionaryPayload),
              let callUUID = callPayload.callUUID else {
            return
        }
        DispatchQueue.main.async {
            self.calls[callUUID] = LegacyCall(uuid: callUUID, serverCallID: callPayload.serverCallID, isOutgoing: false)
            let update = self.makeUpdate(for: callPayload, callerName: nil)
            // expect: swallowed_report_error, cxprovider_report_new_incoming_call
            self.provider.reportNewIncomingCall(with: callUUID, update: update) { error in
                if let error {
                    NSLog("reportNewIncomingCall failed: %@", error.localizedDescription)
                }
            }
        }
    }
}
