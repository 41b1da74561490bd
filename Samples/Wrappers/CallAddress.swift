//
//  CallAddress.swift
//  Beacon
//
//  The app's own notion of "who": a phone number, an e-mail address or a
//  Beacon username. Only CallService turns it into a system handle.
//

import Foundation

struct CallAddress: Hashable, Codable, CustomStringConvertible {

    enum Kind: String, Codable {
        case phone
        case email
        case username
    }

    let kind: Kind
    /// Normalised value: E.164 for phones, lower case for e-mail.
    let value: String
    let displayName: String?

    private init(kind: Kind, value: String, displayName: String?) {
        self.kind = kind
        self.value = value
        self.displayName = displayName
    }

    static func phone(_ raw: String, displayName: String? = nil) -> CallAddress? {
        guard let e164 = normalizePhone(raw) else { return nil }
        return CallAddress(kind: .phone, value: e164, displayName: displayName)
    }

    static func email(_ raw: String, displayName: String? = nil) -> CallAddress? {
        let address = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard address.split(separator: "@").count == 2 else { return nil }
        return CallAddress(kind: .email, value: address, displayName: displayName)
    }

    static func username(_ name: String, displayName: String? = nil) -> CallAddress {
        CallAddress(kind: .username, value: name.lowercased(), displayName: displayName)
    }

    /// Parses whatever the user typed in the dial field.
    static func parse(_ text: String) -> CallAddress? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.contains("@") { return email(trimmed) }
        if trimmed.first == "+" || trimmed.allSatisfy({ $0.isNumber || " -()".contains($0) }) {
            return phone(trimmed)
        }
        return trimmed.isEmpty ? nil : username(trimmed)
    }

    var description: String {
        displayName ?? value
    }

    private static func normalizePhone(_ raw: String) -> String? {
        let digits = raw.filter(\.isNumber)
        if raw.hasPrefix("+") {
            return (8...15).contains(digits.count) ? "+" + digits : nil
        }
        if digits.count == 10 { return "+1" + digits }
        if digits.count == 11, digits.hasPrefix("1") { return "+" + digits }
        return nil
    }
}

/// Errors surfaced by CallService to the rest of the app.
enum CallServiceError: Error, LocalizedError {
    case notReady
    case unknownCall(UUID)
    case systemRefused(underlying: Error)
    case engine(String)

    var errorDescription: String? {
        switch self {
        case .notReady: return "Calling is not available right now."
        case .unknownCall: return "That call has already ended."
        case .systemRefused(let underlying): return underlying.localizedDescription
        case .engine(let message): return message
        }
    }
}

/// A call as the rest of the app sees it (no system types leak out).
struct ActiveCall: Identifiable, Equatable {
    let id: UUID
    let remote: CallAddress
    let isOutgoing: Bool
    var isMuted = false
    var isOnHold = false
    var connectedAt: Date?
}
