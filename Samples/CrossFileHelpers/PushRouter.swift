//
//  PushRouter.swift
//  Tandem
//

import Foundation
import PushKit

// expect: pkpushregistrydelegate
final class PushRouter: NSObject, PKPushRegistryDelegate {

    weak var manager: CallManager?

    // expect: push_registry_did_update_credentials, pkpushregistry, pkpushcredentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    // `manager` is weak: when it is gone, nothing reports the call.
    // expect: unreported_voip_push, push_registry_did_receive_incoming_push_completion
    func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: pkpushpayload_dictionary_payload
        manager?.previewCall(from: payload.dictionaryPayload)
        completion()
    }
}

// expect: pkpushregistrydelegate
final class StrongPushRouter: NSObject, PKPushRegistryDelegate {

    let callManager: CallManager

    init(callManager: CallManager) {
        self.callManager = callManager
    }

    // expect: push_registry_did_update_credentials, pkpushregistry, pkpushcredentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    // CallManager.handlePush reports the call and calls the completion on every path.
    // expect: push_registry_did_receive_incoming_push_completion
    func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: pkpushpayload_dictionary_payload
        callManager.handlePush(payload.dictionaryPayload, completion: completion)
    }
}
