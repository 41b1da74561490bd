//
//  RoomInvite.swift
//  Huddle (LiveKit-style room calls)
//
//  What the signalling socket tells us about a room we were invited to, plus
//  the small error and logging helpers shared by the call code.
//

import Foundation
import os

/// A person that can host or join a room. `username` is the stable account
/// name used for redial; everything else is presentation.
struct RoomMember: Codable, Hashable {
    let username: String
    let displayName: String
    let avatarURL: URL?
}

/// One invitation to join a LiveKit room.
struct RoomInvite: Codable, Hashable {
    /// Server-side room name, e.g. "standup-7f3a". Changes for every meeting.
    let roomName: String
    /// Human title shown in the UI ("Design standup").
    let roomTitle: String
    /// Short-lived JWT that authorises this device to join `roomName`.
    let accessToken: String
    let serverURL: URL
    let host: RoomMember
    let isVideo: Bool
    let expiresAt: Date

    var isExpired: Bool { expiresAt < Date() }

    enum CodingKeys: String, CodingKey {
        case roomName = "room"
        case roomTitle = "title"
        case accessToken = "token"
        case serverURL = "url"
        case host
        case isVideo = "video"
        case expiresAt = "expires_at"
    }

    static func decode(from data: Data) throws -> RoomInvite {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(RoomInvite.self, from: data)
        } catch {
            throw RoomCallError.malformedInvite(underlying: error)
        }
    }
}

enum RoomCallError: Error, LocalizedError {
    case malformedInvite(underlying: Error)
    case inviteExpired(roomName: String)
    case unknownCall(UUID)
    case notConnected
    case connectFailed(underlying: Error)

    var errorDescription: String? {
        switch self {
        case .malformedInvite(let underlying):
            return "The room invitation could not be read (\(underlying.localizedDescription))."
        case .inviteExpired(let roomName):
            return "The invitation to \(roomName) has expired."
        case .unknownCall(let uuid):
            return "No room is associated with call \(uuid)."
        case .notConnected:
            return "Not connected to a room."
        case .connectFailed(let underlying):
            return "Could not join the room: \(underlying.localizedDescription)"
        }
    }
}

/// Book-keeping for one call: which invite it came from and where it is.
struct RoomCallRecord {
    enum Phase: String {
        case ringing
        case dialing
        case joining
        case live
        case ended
    }

    let callUUID: UUID
    let invite: RoomInvite
    let isOutgoing: Bool
    var phase: Phase
    var joinedAt: Date?

    init(callUUID: UUID, invite: RoomInvite, isOutgoing: Bool) {
        self.callUUID = callUUID
        self.invite = invite
        self.isOutgoing = isOutgoing
        self.phase = isOutgoing ? .dialing : .ringing
    }
}

enum HuddleLog {
    static let calls = Logger(subsystem: "com.example.huddle", category: "calls")
    static let media = Logger(subsystem: "com.example.huddle", category: "media")
    static let signalling = Logger(subsystem: "com.example.huddle", category: "signalling")
}
