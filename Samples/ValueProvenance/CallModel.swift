//
//  CallModel.swift
//  Relay
//
//  What the app knows about one call; the handles are built from it.
//

import CallKit
import Foundation

struct ThreadCall {
    let accountID: String
    let threadID: String
    /// A fresh id per call, kept for logging.
    let traceID = UUID().uuidString
    /// The contact's number, straight from the address book.
    let contactNumber: String

    var key: String { "\(accountID)-\(threadID)" }

    // expect: cxhandle, cxhandle_init, transient_handle, cxhandle_handletype_generic
    var handle: CXHandle { CXHandle(type: .generic, value: key) }

    // expect: cxhandle, cxhandle_init, transient_handle, cxhandle_handletype_generic
    var traceHandle: CXHandle { CXHandle(type: .generic, value: traceID) }

    // expect: cxhandle, cxhandle_init, cxhandle_handletype_phone_number
    var contactHandle: CXHandle { CXHandle(type: .phoneNumber, value: contactNumber) }
}

enum CallIDs {
    /// A new id for every incoming call.
    static func next() -> UUID {
        // expect: regenerated_incoming_uuid
        let id = UUID()
        return id
    }
}
