//
//  PushHandler.swift
//  Relay
//
//  Reports pushed calls.
//

import CallKit
import PushKit

// expect: pkpushregistrydelegate
final class PushHandler: NSObject, PKPushRegistryDelegate {
    // expect: cxprovider_init, cxproviderconfiguration_init
    private let provider = CXProvider(configuration: CXProviderConfiguration())
    // expect: pkpushregistry_init
    private let registry = PKPushRegistry(queue: .main)

    override init() {
        super.init()
        // expect: pkpushregistry_delegate
        registry.delegate = self
        // expect: pkpushregistry_desired_push_types, pkpushtype_voip
        registry.desiredPushTypes = [.voIP]
    }

    // expect: push_registry_did_receive_incoming_push_completion
    func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: CallIDs.next(), update: update) { error in
            if let error {
                print("report failed: \(error)")
                // expect: cxprovider_invalidate
                self.provider.invalidate()
            }
            completion()
        }
    }

    // expect: push_registry_did_update_credentials, pkpushregistry, pkpushcredentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {}
}
