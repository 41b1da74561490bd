//
//  InviteInbox.swift
//  Huddle (LiveKit-style room calls)
//
//  Listens on the signalling WebSocket while the app is in the foreground and
//  turns "ring" messages into CallKit incoming calls. (Background ringing is
//  not implemented in this app; there is no PushKit here.)
//

import CallKit
import Foundation

@MainActor
final class InviteInbox {

    /// Wire format of a signalling message.
    private struct Envelope: Decodable {
        let kind: String
        let callUUID: UUID?
        let invite: RoomInvite?

        enum CodingKeys: String, CodingKey {
            case kind
            case callUUID = "call_uuid"
            case invite
        }
    }

    private let endpoint: URL
    private let urlSession: URLSession
    private var socket: URLSessionWebSocketTask?
    private var reconnectDelay: TimeInterval = 1
    private let callManager: RoomCallManager

    init(endpoint: URL, callManager: RoomCallManager, urlSession: URLSession = .shared) {
        self.endpoint = endpoint
        self.callManager = callManager
        self.urlSession = urlSession
    }

    func start() {
        guard socket == nil else { return }
        let task = urlSession.webSocketTask(with: endpoint)
        socket = task
        task.resume()
        receiveNext()
    }

    func stop() {
        socket?.cancel(with: .goingAway, reason: nil)
        socket = nil
    }

    private func receiveNext() {
        socket?.receive { [weak self] result in
            Task { @MainActor in self?.handle(result) }
        }
    }

    private func handle(_ result: Result<URLSessionWebSocketTask.Message, Error>) {
        switch result {
        case .failure(let error):
            HuddleLog.signalling.error("Socket closed: \(error.localizedDescription, privacy: .public)")
            socket = nil
            scheduleReconnect()
        case .success(let message):
            reconnectDelay = 1
            if case .data(let data) = message {
                route(data)
            } else if case .string(let text) = message, let data = text.data(using: .utf8) {
                route(data)
            }
            receiveNext()
        }
    }

    private func route(_ data: Data) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let envelope = try? decoder.decode(Envelope.self, from: data) else {
            HuddleLog.signalling.error("Dropping unreadable signalling message")
            return
        }
        switch envelope.kind {
        case "ring":
            guard let invite = envelope.invite, let callUUID = envelope.callUUID else { return }
            Task {
                do {
                    try await callManager.reportIncoming(invite: invite, callUUID: callUUID)
                } catch {
                    HuddleLog.calls.error("Ring not shown: \(error.localizedDescription, privacy: .public)")
                    await decline(callUUID: callUUID, reason: "not-presented")
                }
            }
        case "cancel":
            guard let callUUID = envelope.callUUID, callManager.record(for: callUUID) != nil else { return }
            // expect: cxcallendedreason_unanswered, cxprovider_report_call_ended
            callManager.provider.reportCall(with: callUUID, endedAt: Date(), reason: .unanswered)
            callManager.forget(callUUID)
        default:
            HuddleLog.signalling.debug("Ignoring message of kind \(envelope.kind, privacy: .public)")
        }
    }

    private func decline(callUUID: UUID, reason: String) async {
        let body = ["kind": "decline", "call_uuid": callUUID.uuidString, "reason": reason]
        guard let data = try? JSONSerialization.data(withJSONObject: body) else { return }
        try? await socket?.send(.data(data))
    }

    private func scheduleReconnect() {
        let delay = reconnectDelay
        reconnectDelay = min(reconnectDelay * 2, 60)
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            self?.start()
        }
    }
}
