//
//  CallManager.swift
//  Tandem
//
//  Owns the CXProvider and every report of an incoming call.
//

import CallKit
import Foundation

final class CallManager {

    // expect: cxprovider_init, cxproviderconfiguration_init
    private let provider = CXProvider(configuration: CXProviderConfiguration())
    private var pending: Set<UUID> = []

    /// Reports the pushed call at once, before returning.
    func previewCall(from dictionary: [AnyHashable: Any]) {
        // expect: regenerated_incoming_uuid
        let id = UUID()
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle, cxhandle_init, cxhandle_handletype_generic
        update.remoteHandle = CXHandle(type: .generic, value: dictionary["caller"] as? String ?? "Tandem")
        pending.insert(id)
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: id, update: update) { [weak self] error in
            if error != nil {
                self?.pending.remove(id)
            }
        }
    }

    /// Reports the call and hands the report's error to the caller, who decides what to do with it.
    func reportIncoming(uuid: UUID, caller: String, completion: @escaping (Error?) -> Void) {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = caller
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            completion(error)
        }
    }

    /// Reports the pushed call and then lets PushKit go.
    func handlePush(_ dictionary: [AnyHashable: Any], completion: @escaping () -> Void) {
        previewCall(from: dictionary)
        completion()
    }

    func endCall(_ uuid: UUID) {
        // expect: cxprovider_report_call_ended, cxcallendedreason_failed
        provider.reportCall(with: uuid, endedAt: Date(), reason: .failed)
    }
}
