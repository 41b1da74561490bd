//
//  ContactHandleMapper.swift
//  Talk (LiveCommunicationKit edition)
//
//  The one place that turns people into system handles. Values are stable
//  identities (E.164 numbers, lower-cased addresses, account names), never
//  per-call tokens, so Recents and Siri can redial them.
//

import Foundation
import LiveCommunicationKit

/// How the app knows a person.
struct Contact: Hashable, Codable {
    enum Address: Hashable, Codable {
        case phone(String)
        case email(String)
        case account(username: String)
    }

    let address: Address
    let name: String?
}

enum ContactHandleMapper {

    /// The front desk line, offered as a shortcut on the dial screen.
    static let frontDesk = Handle(type: .phoneNumber, value: "+16505550199", displayName: "Front Desk")

    /// The support mailbox, offered from the Help screen.
    static let support = Handle(type: .emailAddress, value: "support@talk.example", displayName: "Talk Support")

    /// The system handle for a contact, or nil when the address cannot be
    /// normalised (the caller should then refuse to place the call).
    static func handle(for contact: Contact) -> Handle? {
        switch contact.address {
        case .phone(let raw):
            guard let e164 = normalizedPhoneNumber(raw) else { return nil }
            return Handle(type: .phoneNumber, value: e164, displayName: contact.name ?? e164)
        case .email(let raw):
            guard let address = normalizedEmail(raw) else { return nil }
            return Handle(type: .emailAddress, value: address, displayName: contact.name ?? address)
        case .account(let username):
            let stableName = username.lowercased()
            return Handle(type: .generic, value: stableName, displayName: contact.name ?? username)
        }
    }

    /// The local user's own handle, used as `localMember`.
    static func localHandle(for account: Account) -> Handle {
        Handle(type: .generic, value: account.username.lowercased(), displayName: account.displayName)
    }

    /// Reverse mapping for redial from Recents.
    static func contact(for handle: Handle) -> Contact {
        switch handle.type {
        case .phoneNumber:
            return Contact(address: .phone(handle.value), name: handle.displayName)
        case .emailAddress:
            return Contact(address: .email(handle.value), name: handle.displayName)
        default:
            return Contact(address: .account(username: handle.value), name: handle.displayName)
        }
    }

    // MARK: Normalisation

    /// E.164: "+", country code, subscriber number, digits only.
    static func normalizedPhoneNumber(_ raw: String, defaultCountryCode: String = "1") -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = trimmed.filter(\.isNumber)
        let candidate: String
        if trimmed.hasPrefix("+") {
            candidate = digits
        } else if trimmed.hasPrefix("00") {
            candidate = String(digits.dropFirst(2))
        } else if digits.count == 10 {
            candidate = defaultCountryCode + digits
        } else {
            return nil
        }
        guard (8...15).contains(candidate.count), candidate.first != "0" else { return nil }
        return "+" + candidate
    }

    static func normalizedEmail(_ raw: String) -> String? {
        let address = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = address.split(separator: "@")
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else { return nil }
        return address
    }
}

/// The signed-in user.
struct Account: Codable, Equatable {
    let username: String
    let displayName: String
}
