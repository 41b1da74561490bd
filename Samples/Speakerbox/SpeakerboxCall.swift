//
//  SpeakerboxCall.swift
//  Speakerbox
//
//  The app-side model of one call. CallKit only knows a UUID and a handle;
//  everything else (connection state, timestamps, the fake network session)
//  lives here.
//

import Foundation

/// Errors the simulated signalling layer can produce.
enum SpeakerboxCallError: Error, CustomStringConvertible {
    case alreadyConnected
    case notConnected
    case remoteRejected
    case networkUnavailable
    case invalidDigits(String)

    var description: String {
        switch self {
        case .alreadyConnected: return "The call is already connected."
        case .notConnected: return "The call is not connected."
        case .remoteRejected: return "The remote party rejected the call."
        case .networkUnavailable: return "No network route to the call server."
        case .invalidDigits(let digits): return "Cannot send tones for \"\(digits)\"."
        }
    }
}

/// Where a call is in its lifetime, as seen by the app.
enum SpeakerboxCallPhase: String {
    case idle
    case ringing
    case connecting
    case connected
    case onHold
    case ended
}

final class SpeakerboxCall {

    // MARK: Identity

    let uuid: UUID
    let isOutgoing: Bool
    /// Normalised remote address (E.164 for phone numbers, lower-case for e-mail).
    var remoteAddress: String
    var displayName: String?

    // MARK: State

    private(set) var phase: SpeakerboxCallPhase = .idle {
        didSet { stateDidChange?(self) }
    }
    var isMuted = false
    var isOnHold = false {
        didSet {
            if phase == .connected || phase == .onHold {
                phase = isOnHold ? .onHold : .connected
            }
        }
    }
    /// UUID of the call this one is grouped with, if any.
    var groupedWith: UUID?

    private(set) var connectingSince: Date?
    private(set) var connectedSince: Date?
    private(set) var endedAt: Date?

    var stateDidChange: ((SpeakerboxCall) -> Void)?
    var hasStartedConnectingDidChange: (() -> Void)?
    var hasConnectedDidChange: (() -> Void)?

    private let network: SimulatedCallNetwork

    init(uuid: UUID, isOutgoing: Bool, remoteAddress: String, network: SimulatedCallNetwork = .shared) {
        self.uuid = uuid
        self.isOutgoing = isOutgoing
        self.remoteAddress = remoteAddress
        self.network = network
        self.phase = isOutgoing ? .idle : .ringing
    }

    var duration: TimeInterval {
        guard let connectedSince else { return 0 }
        return (endedAt ?? Date()).timeIntervalSince(connectedSince)
    }

    // MARK: Actions

    /// Places the call on the simulated network. `completion` runs on the main queue.
    func startSpeakerboxCall(completion: @escaping (Result<Void, SpeakerboxCallError>) -> Void) {
        phase = .connecting
        connectingSince = Date()
        hasStartedConnectingDidChange?()
        network.dial(remoteAddress) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.connectedSince = Date()
                self.phase = .connected
                self.hasConnectedDidChange?()
                completion(.success(()))
            case .failure(let error):
                self.phase = .ended
                self.endedAt = Date()
                completion(.failure(error))
            }
        }
    }

    /// Accepts a ringing call. `completion` runs on the main queue.
    func answerSpeakerboxCall(completion: @escaping (Result<Void, SpeakerboxCallError>) -> Void) {
        guard phase == .ringing else {
            completion(.failure(.alreadyConnected))
            return
        }
        phase = .connecting
        network.accept(callID: uuid) { [weak self] result in
            guard let self else { return }
            if case .success = result {
                self.connectedSince = Date()
                self.phase = .connected
            }
            completion(result)
        }
    }

    func endSpeakerboxCall() {
        network.hangUp(callID: uuid)
        endedAt = Date()
        phase = .ended
    }

    func sendTones(_ digits: String) throws {
        guard phase == .connected else { throw SpeakerboxCallError.notConnected }
        let allowed = Set("0123456789*#,;")
        guard !digits.isEmpty, digits.allSatisfy({ allowed.contains($0) }) else {
            throw SpeakerboxCallError.invalidDigits(digits)
        }
        network.sendTones(digits, callID: uuid)
    }
}

/// A stand-in for a real VoIP backend: answers after a short delay.
final class SimulatedCallNetwork {
    static let shared = SimulatedCallNetwork()

    private let queue = DispatchQueue(label: "speakerbox.network")
    var failureRate: Double = 0

    func dial(_ address: String, completion: @escaping (Result<Void, SpeakerboxCallError>) -> Void) {
        respond(after: 1.5, completion: completion)
    }

    func accept(callID: UUID, completion: @escaping (Result<Void, SpeakerboxCallError>) -> Void) {
        respond(after: 0.5, completion: completion)
    }

    func hangUp(callID: UUID) {
        queue.async { /* fire and forget */ }
    }

    func sendTones(_ digits: String, callID: UUID) {
        queue.async { /* tones are sent in-band */ }
    }

    private func respond(after delay: TimeInterval,
                         completion: @escaping (Result<Void, SpeakerboxCallError>) -> Void) {
        let failing = Double.random(in: 0..<1) < failureRate
        queue.asyncAfter(deadline: .now() + delay) {
            DispatchQueue.main.async {
                completion(failing ? .failure(.networkUnavailable) : .success(()))
            }
        }
    }
}
