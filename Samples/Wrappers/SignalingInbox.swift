//
//  SignalingInbox.swift
//  Beacon
//
//  Events from the Beacon realtime channel (foreground only; this app has
//  no VoIP push). Incoming calls go through CallService.
//

import Foundation
import os

/// Messages on the realtime channel.
enum InboxEvent: Decodable {
    case ring(callID: UUID, from: CallAddress)
    case callbackRequested(from: CallAddress)
    case hungUp(callID: UUID)
    case unknown

    private enum CodingKeys: String, CodingKey {
        case type, callID = "call_id", from
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "ring":
            self = .ring(callID: try container.decode(UUID.self, forKey: .callID),
                         from: try container.decode(CallAddress.self, forKey: .from))
        case "callback":
            self = .callbackRequested(from: try container.decode(CallAddress.self, forKey: .from))
        case "hangup":
            self = .hungUp(callID: try container.decode(UUID.self, forKey: .callID))
        default:
            self = .unknown
        }
    }
}

final class SignalingInbox {

    private let log = Logger(subsystem: "com.example.beacon", category: "inbox")
    private let callService: CallService
    private var seenCallIDs: Set<UUID> = []

    init(callService: CallService = .shared) {
        self.callService = callService
    }

    /// Entry point for raw frames from the realtime socket.
    func receive(_ frame: Data) {
        let event: InboxEvent
        do {
            event = try JSONDecoder().decode(InboxEvent.self, from: frame)
        } catch {
            log.error("Undecodable frame: \(error.localizedDescription, privacy: .public)")
            return
        }
        DispatchQueue.main.async { [weak self] in self?.handle(event) }
    }

    private func handle(_ event: InboxEvent) {
        switch event {
        case .ring(let callID, let from):
            guard seenCallIDs.insert(callID).inserted else { return }
            CallService.reportIncoming(uuid: callID, handle: from)

        case .callbackRequested(let from):
            // The server has no call yet; it creates one when we answer.
            callService.reportIncoming(uuid: UUID(), handle: from) { [log] error in
                if let error {
                    log.error("Callback ring not shown: \(error.localizedDescription, privacy: .public)")
                }
            }

        case .hungUp(let callID):
            callService.remoteHungUp(callID)

        case .unknown:
            break
        }
    }
}
