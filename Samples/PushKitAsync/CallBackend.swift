//
//  CallBackend.swift
//  Parley
//
//  The server connection (signalling) and the voice engine. Both are plain
//  async APIs; CallKit code calls into them, never the other way round.
//

import AVFoundation
import Foundation
import os

/// REST signalling client.
actor SignalingClient {

    private let baseURL: URL
    private let session: URLSession
    private let log = Logger(subsystem: "com.example.parley", category: "signalling")

    init(baseURL: URL = URL(string: "https://signal.parley.example/v2")!, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func register(voipToken: Data?) async {
        let hex = voipToken?.map { String(format: "%02x", $0) }.joined()
        do {
            try await post("devices/voip", body: ["token": hex as Any])
        } catch {
            log.error("Token upload failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    /// Tells the server the device rang, so the caller sees "ringing".
    func acknowledgeRinging(_ invite: CallInvite) async {
        guard let id = invite.serverCallID else { return }
        _ = try? await post("calls/\(id)/ringing", body: [:])
    }

    /// Tells the server the invite was dropped without ringing (stale push).
    func acknowledgeDropped(_ invite: CallInvite) async {
        guard let id = invite.serverCallID else { return }
        _ = try? await post("calls/\(id)/dropped", body: [:])
    }

    func decline(_ invite: CallInvite, reason: String) async {
        guard let id = invite.serverCallID else { return }
        _ = try? await post("calls/\(id)/decline", body: ["reason": reason])
    }

    func accept(serverCallID: String) async throws {
        try await post("calls/\(serverCallID)/accept", body: [:])
    }

    func dial(_ e164: String, callUUID: UUID) async throws -> String {
        let response = try await post("calls", body: ["to": e164, "call_uuid": callUUID.uuidString])
        guard let id = response["call_id"] as? String else {
            throw ParleyCallError.signalling("missing call_id")
        }
        return id
    }

    func hangUp(serverCallID: String) async {
        _ = try? await post("calls/\(serverCallID)/hangup", body: [:])
    }

    func setHeld(_ held: Bool, serverCallID: String) async throws {
        try await post("calls/\(serverCallID)/hold", body: ["held": held])
    }

    @discardableResult
    private func post(_ path: String, body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw ParleyCallError.signalling("HTTP \((response as? HTTPURLResponse)?.statusCode ?? -1)")
        }
        if data.isEmpty { return [:] }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

/// Voice engine. `start()` is only ever called from the provider's
/// didActivate callback; everything else just flips flags.
final class VoiceEngine {

    private let engine = AVAudioEngine()
    private let log = Logger(subsystem: "com.example.parley", category: "media")
    private(set) var isRunning = false

    var isMuted = false {
        didSet { engine.inputNode.isVoiceProcessingInputMuted = isMuted }
    }

    func start() {
        guard !isRunning else { return }
        do {
            try engine.inputNode.setVoiceProcessingEnabled(true)
            engine.connect(engine.inputNode, to: engine.mainMixerNode, format: nil)
            try engine.start()
            isRunning = true
        } catch {
            log.error("Voice engine failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func stop() {
        guard isRunning else { return }
        engine.stop()
        isRunning = false
    }
}
