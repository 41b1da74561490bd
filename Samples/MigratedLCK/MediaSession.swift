//
//  MediaSession.swift
//  Talk (LiveCommunicationKit edition)
//
//  Server signalling, the media transport and the audio pipeline. None of
//  these know about the system conversation UI; the coordinator drives them.
//

import AVFoundation
import Foundation
import os

enum TalkError: Error, Equatable {
    case unknownConversation(UUID)
    case noRecipient
    case server(status: Int)
    case transportClosed
    case invalidTones(String)
}

/// One conversation as the server sees it.
struct CallSession: Equatable {
    enum Direction: Equatable { case incoming, outgoing }

    let conversationUUID: UUID
    var serverID: String
    let direction: Direction
    var isVideo: Bool
    var isMuted = false
    var isPaused = false
    var mergedInto: UUID?
}

/// REST signalling. Every call is async and throws on non-2xx answers.
actor SignalingService {

    private let baseURL: URL
    private let urlSession: URLSession

    init(baseURL: URL = URL(string: "https://rtc.talk.example/v3")!, urlSession: URLSession = .shared) {
        self.baseURL = baseURL
        self.urlSession = urlSession
    }

    func invite(_ recipient: String, conversationUUID: UUID, video: Bool) async throws -> String {
        let body = try await post("conversations", [
            "to": recipient, "conversation_uuid": conversationUUID.uuidString, "video": video,
        ])
        guard let id = body["id"] as? String else { throw TalkError.server(status: 200) }
        return id
    }

    func accept(serverID: String) async throws {
        _ = try await post("conversations/\(serverID)/accept", [:])
    }

    func decline(conversationUUID: UUID, reason: String) async {
        _ = try? await post("conversations/by-uuid/\(conversationUUID.uuidString)/decline", ["reason": reason])
    }

    func hangUp(serverID: String) async {
        _ = try? await post("conversations/\(serverID)/leave", [:])
    }

    func setPaused(_ paused: Bool, serverID: String) async throws {
        _ = try await post("conversations/\(serverID)/pause", ["paused": paused])
    }

    func merge(serverID: String, into otherServerID: String) async throws {
        _ = try await post("conversations/\(serverID)/merge", ["into": otherServerID])
    }

    func unmerge(serverID: String) async throws {
        _ = try await post("conversations/\(serverID)/unmerge", [:])
    }

    func sendTones(_ digits: String, pause: String?, serverID: String) async throws {
        var body: [String: Any] = ["digits": digits]
        if let pause { body["pause"] = pause }
        _ = try await post("conversations/\(serverID)/tones", body)
    }

    func register(voipToken: Data?) async {
        let hex = voipToken?.map { String(format: "%02x", $0) }.joined() ?? ""
        _ = try? await post("devices/voip", ["token": hex])
    }

    private func post(_ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await urlSession.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw TalkError.server(status: status) }
        guard !data.isEmpty else { return [:] }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

/// Packet transport to the media server (SRTP over UDP in the real app).
/// Connecting negotiates the route; it does not touch audio hardware.
actor MediaTransport {
    private var open: Set<UUID> = []

    func connect(conversationUUID: UUID, serverID: String) async throws {
        try await Task.sleep(nanoseconds: 150_000_000) // ICE and DTLS in the real app
        open.insert(conversationUUID)
    }

    func disconnect(conversationUUID: UUID) async {
        open.remove(conversationUUID)
    }

    func disconnectAll() async {
        open.removeAll()
    }
}

/// The audio graph. `start()` is only ever called once the system has
/// activated the audio session for a conversation.
final class AudioPipeline {

    private let engine = AVAudioEngine()
    private let log = Logger(subsystem: "com.example.talk", category: "audio")
    private(set) var isRunning = false

    var isInputMuted = false {
        didSet { engine.inputNode.isVoiceProcessingInputMuted = isInputMuted }
    }

    func start() {
        guard !isRunning else { return }
        do {
            try engine.inputNode.setVoiceProcessingEnabled(true)
            engine.connect(engine.inputNode, to: engine.mainMixerNode, format: nil)
            try engine.start()
            isRunning = true
        } catch {
            log.error("Audio pipeline did not start: \(error.localizedDescription, privacy: .public)")
        }
    }

    func stop() {
        guard isRunning else { return }
        engine.stop()
        isRunning = false
    }
}
