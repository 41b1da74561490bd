//
//  PushHandlers.swift
//  Relay
//
//  Two push handlers that ring through RingService, two wrappers away from the report.
//

import Foundation
import PushKit

// expect: pkpushregistrydelegate
final class LoosePushHandler: NSObject, PKPushRegistryDelegate {

    let rings: RingService

    init(rings: RingService) {
        self.rings = rings
    }

    // expect: push_registry_did_update_credentials, pkpushregistry, pkpushcredentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    /// The error comes back through two wrappers, and this handler only prints it.
    // expect: push_registry_did_receive_incoming_push_completion
    func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: pkpushpayload_dictionary_payload
        let caller = payload.dictionaryPayload["caller"] as? String ?? ""
        // expect: pkpushpayload_dictionary_payload
        let id = UUID(uuidString: payload.dictionaryPayload["id"] as? String ?? "") ?? UUID()
        // expect: swallowed_report_error
        rings.relayRing(uuid: id, caller: caller) { error in
            if let error {
                print("ring failed: \(error)")
            }
            completion()
        }
    }
}

// expect: pkpushregistrydelegate
final class CarefulPushHandler: NSObject, PKPushRegistryDelegate {

    let rings: RingService

    init(rings: RingService) {
        self.rings = rings
    }

    // expect: push_registry_did_update_credentials, pkpushregistry, pkpushcredentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    /// The same chain, and this handler ends the call it could not show.
    // expect: push_registry_did_receive_incoming_push_completion
    func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: pkpushpayload_dictionary_payload
        let caller = payload.dictionaryPayload["caller"] as? String ?? ""
        // expect: pkpushpayload_dictionary_payload
        let id = UUID(uuidString: payload.dictionaryPayload["id"] as? String ?? "") ?? UUID()
        rings.relayRing(uuid: id, caller: caller) { error in
            if error != nil {
                self.rings.center.end(id)
            }
            completion()
        }
    }
}
