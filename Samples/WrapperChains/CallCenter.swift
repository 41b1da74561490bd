//
//  CallCenter.swift
//  Relay
//
//  Owns the CXProvider. Its two reporting functions pass the report's error on to their callers.
//

import CallKit
import Foundation

final class CallCenter {

    // expect: cxprovider_init, cxproviderconfiguration_init
    private let provider = CXProvider(configuration: CXProviderConfiguration())
    private var ringing: Set<UUID> = []

    /// Reports the call and hands the report's error to the completion.
    func announceIncoming(uuid: UUID, caller: String, completion: @escaping (Error?) -> Void) {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = caller
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            completion(error)
        }
    }

    /// Reports the call and throws the report's error to the caller.
    func present(uuid: UUID, caller: String) async throws {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = caller
        // expect: cxprovider_report_new_incoming_call_async
        try await provider.reportNewIncomingCall(with: uuid, update: update)
        ringing.insert(uuid)
    }

    func end(_ uuid: UUID) {
        ringing.remove(uuid)
        // expect: cxprovider_report_call_ended, cxcallendedreason_failed
        provider.reportCall(with: uuid, endedAt: Date(), reason: .failed)
    }
}
