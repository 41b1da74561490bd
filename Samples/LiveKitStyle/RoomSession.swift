//
//  RoomSession.swift
//  Huddle (LiveKit-style room calls)
//
//  Thin wrapper around a LiveKit `Room`. One session exists at a time; it is
//  owned by RoomCallManager.
//

import Foundation
import LiveKit

@MainActor
final class RoomSession {

    enum State: Equatable {
        case idle
        case connecting(roomName: String)
        case connected(roomName: String)
        case disconnected
    }

    private(set) var state: State = .idle
    private var room: Room?
    private let roomObserver = RoomObserver()

    /// Called when the server or the network drops the room.
    var onUnexpectedDisconnect: ((Error?) -> Void)? {
        get { roomObserver.onDisconnect }
        set { roomObserver.onDisconnect = newValue }
    }

    /// Must run before the first connect: the app, not the SDK, decides when
    /// audio starts (CallKit owns activation).
    static func disableAutomaticAudio() {
        AudioManager.shared.audioSession.isAutomaticConfigurationEnabled = false
        do {
            try AudioManager.shared.setEngineAvailability(.none)
        } catch {
            HuddleLog.media.error("Could not park the audio engine: \(error.localizedDescription, privacy: .public)")
        }
    }

    func connect(url: URL, token: String, roomName: String) async throws {
        if case .connected(let current) = state, current == roomName { return }
        await disconnect()
        let room = Room()
        room.add(delegate: roomObserver)
        self.room = room
        state = .connecting(roomName: roomName)
        do {
            try await room.connect(url: url.absoluteString, token: token)
            state = .connected(roomName: roomName)
            HuddleLog.media.info("Joined \(roomName, privacy: .public)")
        } catch {
            state = .disconnected
            self.room = nil
            throw RoomCallError.connectFailed(underlying: error)
        }
    }

    /// Mutes or unmutes the already-published microphone track. This never
    /// starts capture; the track is published once the session is active.
    func setMicrophoneMuted(_ muted: Bool) async throws {
        guard let room, case .connected = state else { throw RoomCallError.notConnected }
        guard let publication = room.localParticipant.firstAudioPublication as? LocalTrackPublication else {
            throw RoomCallError.notConnected
        }
        if muted {
            try await publication.mute()
        } else {
            try await publication.unmute()
        }
    }

    func disconnect() async {
        guard let room else { return }
        room.remove(delegate: roomObserver)
        await room.disconnect()
        self.room = nil
        state = .disconnected
    }
}

/// Forwards the few room events the call layer cares about.
private final class RoomObserver: RoomDelegate, @unchecked Sendable {
    var onDisconnect: ((Error?) -> Void)?

    func room(_ room: Room, didDisconnectWithError error: LiveKitError?) {
        let handler = onDisconnect
        DispatchQueue.main.async { handler?(error) }
    }
}
