//
//  HandleFactory.swift
//  Relay
//
//  Handles for the less common call kinds.
//

import CallKit
import Foundation

let enableHold = false

final class HandleFactory {
    var roomName: String?

    // expect: cxhandle
    func unknownCaller() -> CXHandle {
        // expect: cxhandle_init, transient_handle, cxhandle_handletype_generic
        CXHandle(type: .generic, value: NSLocalizedString("Unknown caller", comment: "caller without id"))
    }

    // expect: cxhandle
    func marker() -> CXHandle {
        // expect: cxhandle_init, transient_handle, cxhandle_handletype_generic
        CXHandle(type: .generic, value: "VOIP_CALL")
    }

    // expect: cxhandle
    func demo() -> CXHandle {
        // expect: cxhandle_init, transient_handle, cxhandle_handletype_phone_number
        CXHandle(type: .phoneNumber, value: "+10000000000")
    }

    // expect: cxhandle
    func conference() -> CXHandle {
        // expect: cxhandle_init, transient_handle, cxhandle_handletype_email_address
        CXHandle(type: .emailAddress, value: "bridge-7@rooms.relay.example")
    }

    // expect: cxhandle
    func room() -> CXHandle {
        // expect: cxhandle_init, transient_handle, cxhandle_handletype_generic
        CXHandle(type: .generic, value: roomName ?? "")
    }

    // expect: cxhandle
    func member(_ payload: [AnyHashable: Any]) -> CXHandle {
        let id = payload["user_id"] as? String ?? ""
        // expect: cxhandle_init, cxhandle_handletype_generic
        return CXHandle(type: .generic, value: id)
    }

    // expect: cxproviderconfiguration
    func configuration() -> CXProviderConfiguration {
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        let holding = enableHold
        configuration.supportsHolding = holding
        #if DEBUG
        let dtmf = true
        #else
        let dtmf = false
        #endif
        // expect: missing_action_handler
        configuration.supportsDTMF = dtmf
        return configuration
    }
}
