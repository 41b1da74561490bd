//
//  ParticipantDirectory.swift
//  Huddleline (group calling)
//
//  Maps participants to the CXHandle the system shows and stores in Recents.
//

import CallKit
import Foundation

enum ParticipantDirectory {

    /// Lobby numbers of the company's dial-in bridges, shown in the
    /// "Call the bridge" menu.
    // expect: cxhandle
    static let dialInBridges: [(title: String, handle: CXHandle)] = [
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        ("San Francisco", CXHandle(type: .phoneNumber, value: "+14155550187")),
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        ("New York", CXHandle(type: .phoneNumber, value: "+12125550116")),
        // expect: unnormalized_handle, cxhandle_handletype_phone_number, cxhandle_init
        ("London", CXHandle(type: .phoneNumber, value: "+44 20 7946 0958")),
    ]

    /// The shared mailbox that receives conference recordings.
    // expect: cxhandle_handletype_email_address, cxhandle_init
    static let recordingsMailbox = CXHandle(type: .emailAddress, value: "recordings@huddleline.example")

    /// Handle for one participant: phone number when they dialled in, their
    /// lower-cased e-mail when they have one, otherwise the account name.
    // expect: cxhandle
    static func handle(for participant: Participant) -> CXHandle {
        if let e164 = participant.e164 {
            // expect: cxhandle_handletype_phone_number, cxhandle_init
            return CXHandle(type: .phoneNumber, value: e164)
        }
        if let email = participant.email {
            // expect: cxhandle_handletype_email_address, cxhandle_init
            return CXHandle(type: .emailAddress, value: email.lowercased())
        }
        // expect: cxhandle_handletype_generic, cxhandle_init
        return CXHandle(type: .generic, value: participant.accountName)
    }

    /// Handle for a whole conference leg, used when the call has more than
    /// one remote participant.
    // expect: cxhandle
    static func handle(for call: ConferenceCall) -> CXHandle {
        if call.participants.count == 1, let only = call.participants.first {
            return handle(for: only)
        }
        // expect: transient_handle, cxhandle_handletype_generic, cxhandle_init
        return CXHandle(type: .generic, value: "\(call.conferenceID):\(call.legID)")
    }

    /// Picks the participant to redial from a Recents / Siri intent handle.
    // expect: cxhandle
    static func participant(matching handle: CXHandle, in roster: [Participant]) -> Participant? {
        // expect: cxhandle_type
        switch handle.type {
        // expect: cxhandle_handletype_phone_number
        case .phoneNumber:
            // expect: cxhandle_value
            return roster.first { $0.e164 == handle.value }
        // expect: cxhandle_handletype_email_address
        case .emailAddress:
            // expect: cxhandle_value
            return roster.first { $0.email?.lowercased() == handle.value.lowercased() }
        // expect: cxhandle_handletype_generic
        case .generic:
            // expect: cxhandle_value
            return roster.first { $0.accountName == handle.value }
        @unknown default:
            return nil
        }
    }

    // MARK: Display

    /// Human formatting for a handle shown in the roster list. Only for
    /// display: handles themselves always keep the normalised value.
    // expect: cxhandle
    static func displayString(for handle: CXHandle) -> String {
        // expect: cxhandle_handletype_phone_number, cxhandle_type, cxhandle_value
        guard handle.type == .phoneNumber, handle.value.hasPrefix("+1"), handle.value.count == 12 else {
            // expect: cxhandle_value
            return handle.value
        }
        // expect: cxhandle_value
        let digits = Array(handle.value.dropFirst(2))
        let area = String(digits[0..<3])
        let exchange = String(digits[3..<6])
        let line = String(digits[6..<10])
        return "(\(area)) \(exchange)-\(line)"
    }

    /// Sorted, de-duplicated roster for the participants sheet.
    static func rosterLines(for call: ConferenceCall) -> [(name: String, detail: String)] {
        var seen: Set<String> = []
        return call.participants
            .filter { seen.insert($0.accountName).inserted }
            .sorted { $0.displayName.localizedCaseInsensitiveCompare($1.displayName) == .orderedAscending }
            .map { participant in
                (participant.displayName, displayString(for: handle(for: participant)))
            }
    }
}
