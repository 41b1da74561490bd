//
//  CallInvite.swift
//  Parley
//
//  The decoded form of a VoIP push. The server puts its own call UUID in the
//  payload, so the push, the server and CallKit all agree on one identity.
//

import Foundation

struct CallInvite: Sendable, Equatable {

    /// Used only when a push arrives without a readable `call_uuid`. Such a
    /// push must still be reported; it is ended straight away afterwards.
    /// A fixed value (not a fresh one) keeps duplicates from piling up.
    static let unreadablePayloadUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    let callUUID: UUID
    let serverCallID: String?
    /// Caller number, already E.164 (or nil when the payload had none).
    let callerE164: String?
    let callerName: String?
    let hasVideo: Bool
    let sentAt: Date?
    let isReadable: Bool

    /// Pushes older than this are stale: the caller has most likely given up.
    static let freshnessWindow: TimeInterval = 30

    init(payload: [AnyHashable: Any], now: Date = Date()) {
        let rawUUID = payload["call_uuid"] as? String
        let parsedUUID = rawUUID.flatMap(UUID.init(uuidString:))
        callUUID = parsedUUID ?? Self.unreadablePayloadUUID
        serverCallID = payload["call_id"] as? String
        callerE164 = (payload["caller"] as? String).flatMap(E164.normalize)
        callerName = payload["caller_name"] as? String
        hasVideo = payload["video"] as? Bool ?? false
        if let seconds = payload["sent_at"] as? TimeInterval {
            sentAt = Date(timeIntervalSince1970: seconds)
        } else {
            sentAt = nil
        }
        isReadable = parsedUUID != nil && serverCallID != nil
    }

    func isStale(now: Date = Date()) -> Bool {
        guard let sentAt else { return false }
        return now.timeIntervalSince(sentAt) > Self.freshnessWindow
    }
}

/// E.164 normalisation for numbers that arrive from the server in whatever
/// form the carrier gave them.
enum E164 {
    static func normalize(_ raw: String) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = trimmed.filter(\.isNumber)
        if trimmed.hasPrefix("+") {
            return (8...15).contains(digits.count) ? "+" + digits : nil
        }
        if trimmed.hasPrefix("00"), (10...17).contains(digits.count) {
            return "+" + digits.dropFirst(2)
        }
        if digits.count == 10 {
            return "+1" + digits
        }
        return nil
    }
}

enum ParleyCallError: Error, Equatable {
    case unknownCall(UUID)
    case signalling(String)
    case media(String)
    case cancelledByCaller
}

/// App-side state of one call.
struct ParleyCall: Sendable {
    enum Direction: Sendable { case incoming, outgoing }
    enum Phase: Sendable { case ringing, connecting, connected, onHold, ended }

    let uuid: UUID
    let serverCallID: String?
    let direction: Direction
    var phase: Phase
    var isMuted = false

    init(invite: CallInvite) {
        uuid = invite.callUUID
        serverCallID = invite.serverCallID
        direction = .incoming
        phase = .ringing
    }

    init(outgoing uuid: UUID, serverCallID: String?) {
        self.uuid = uuid
        self.serverCallID = serverCallID
        direction = .outgoing
        phase = .connecting
    }
}
