//
//  CallBackend.swift
//  Relay (mid-migration)
//
//  Relay is moving from CallKit to LiveCommunicationKit. Both system
//  backends exist side by side; a remote-config flag decides which one is
//  built at launch (only one of them is ever live).
//

import Foundation
import os

/// Remote-config switches for the migration.
enum CallBackendFlags {
    private static let defaults = UserDefaults.standard

    /// true: use LiveCommunicationKit (iOS 17.4+). false: the CallKit path.
    static var useLCK: Bool {
        get { defaults.bool(forKey: "relay.calls.useLCK") }
        set { defaults.set(newValue, forKey: "relay.calls.useLCK") }
    }

    /// Kill switch for the new push path while it is being rolled out.
    static var lckPushEnabled: Bool {
        defaults.object(forKey: "relay.calls.lckPush") as? Bool ?? true
    }
}

/// What the rest of the app needs from whichever system backend is live.
protocol CallBackend: AnyObject {
    var name: String { get }
    func startCall(to contact: RelayContact, video: Bool) async throws
    func endCall(_ callUUID: UUID) async throws
    func setMuted(_ muted: Bool, callUUID: UUID) async throws
    func remoteEnded(_ callUUID: UUID)
}

/// A person Relay can call. `phone` is stored in E.164.
struct RelayContact: Hashable {
    let username: String
    let displayName: String
    let phone: String?
}

enum RelayCallError: Error {
    case unknownCall(UUID)
    case backendUnavailable
    case server(String)
}

enum RelayLog {
    static let calls = Logger(subsystem: "com.example.relay", category: "calls")
    static let push = Logger(subsystem: "com.example.relay", category: "push")
}

/// The media/signalling service, shared by both backends.
final class RelayBridge {
    static let shared = RelayBridge()

    private(set) var activeLegs: [UUID: String] = [:]

    func dial(_ contact: RelayContact, callUUID: UUID) async throws {
        try await Task.sleep(nanoseconds: 300_000_000)
        activeLegs[callUUID] = contact.username
    }

    func answer(_ callUUID: UUID) async throws {
        try await Task.sleep(nanoseconds: 200_000_000)
        activeLegs[callUUID] = activeLegs[callUUID] ?? "incoming"
    }

    func hangUp(_ callUUID: UUID) async {
        activeLegs[callUUID] = nil
    }

    func setMuted(_ muted: Bool, callUUID: UUID) throws {
        guard activeLegs[callUUID] != nil else { throw RelayCallError.unknownCall(callUUID) }
    }

    func setHeld(_ held: Bool, callUUID: UUID) async throws {
        guard activeLegs[callUUID] != nil else { throw RelayCallError.unknownCall(callUUID) }
    }

    func decline(_ callUUID: UUID, reason: String) async {
        activeLegs[callUUID] = nil
        RelayLog.calls.info("Declined \(callUUID): \(reason, privacy: .public)")
    }
}

/// Builds the one backend for this launch.
enum CallBackendFactory {
    static func make() -> CallBackend {
        #if canImport(LiveCommunicationKit)
        if #available(iOS 17.4, *), CallBackendFlags.useLCK {
            return LCKBackend()
        }
        #endif
        return LegacyCallKitBackend()
    }
}
