//
//  ConferenceCall.swift
//  Huddleline (group calling)
//
//  Call and participant models plus the bridge client that talks to the
//  conferencing server (merge, split, hold, tones).
//

import Foundation

struct Participant: Hashable, Codable {
    /// Stable account identifier on the conferencing service.
    let accountName: String
    let displayName: String
    /// E.164 number when the participant dialled in from the phone network.
    let e164: String?
    /// Work e-mail, as typed by the user (not normalised).
    let email: String?
}

final class ConferenceCall {
    enum State: String {
        case ringing
        case dialing
        case active
        case held
        case ending
        case ended
    }

    let uuid: UUID
    /// The bridge's id for this leg. Changes every time the user rejoins.
    let legID: String
    let conferenceID: String
    let isOutgoing: Bool
    var state: State
    var participants: [Participant]
    /// UUID of the group this call is part of, if merged.
    var groupUUID: UUID?
    var hasVideo: Bool

    init(uuid: UUID, legID: String, conferenceID: String, isOutgoing: Bool,
         participants: [Participant], hasVideo: Bool) {
        self.uuid = uuid
        self.legID = legID
        self.conferenceID = conferenceID
        self.isOutgoing = isOutgoing
        self.state = isOutgoing ? .dialing : .ringing
        self.participants = participants
        self.hasVideo = hasVideo
    }

    /// "Ana Ruiz", "Ana Ruiz & Ben Ode", "Ana Ruiz, Ben Ode +2"
    var rosterTitle: String {
        let names = participants.map(\.displayName)
        switch names.count {
        case 0: return "Conference"
        case 1: return names[0]
        case 2: return "\(names[0]) & \(names[1])"
        default: return "\(names[0]), \(names[1]) +\(names.count - 2)"
        }
    }
}

enum BridgeError: Error {
    case legNotFound(String)
    case groupFull
    case rejected(String)
    case transport(Error)
}

/// Completion-based client for the conferencing bridge. Callbacks arrive on
/// the main queue.
final class ConferenceBridge {

    private let session: URLSession
    private let baseURL: URL

    init(baseURL: URL = URL(string: "https://bridge.huddleline.example")!, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func dial(_ participant: Participant, completion: @escaping (Result<(legID: String, conferenceID: String), BridgeError>) -> Void) {
        send("legs", ["to": participant.accountName]) { result in
            completion(result.flatMap { body in
                guard let leg = body["leg_id"] as? String, let conf = body["conference_id"] as? String else {
                    return .failure(.rejected("malformed response"))
                }
                return .success((leg, conf))
            })
        }
    }

    func answer(legID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/answer", [:]) { completion($0.map { _ in () }) }
    }

    func hangUp(legID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/hangup", [:]) { completion($0.map { _ in () }) }
    }

    func setHeld(_ held: Bool, legID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/hold", ["held": held]) { completion($0.map { _ in () }) }
    }

    func merge(legID: String, intoLeg targetLegID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/merge", ["into": targetLegID]) { completion($0.map { _ in () }) }
    }

    func split(legID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/split", [:]) { completion($0.map { _ in () }) }
    }

    func sendTones(_ digits: String, legID: String, completion: @escaping (Result<Void, BridgeError>) -> Void) {
        send("legs/\(legID)/tones", ["digits": digits]) { completion($0.map { _ in () }) }
    }

    private func send(_ path: String, _ body: [String: Any],
                      completion: @escaping (Result<[String: Any], BridgeError>) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        session.dataTask(with: request) { data, response, error in
            let result: Result<[String: Any], BridgeError>
            if let error {
                result = .failure(.transport(error))
            } else if let http = response as? HTTPURLResponse, http.statusCode == 404 {
                result = .failure(.legNotFound(path))
            } else if let http = response as? HTTPURLResponse, http.statusCode == 409 {
                result = .failure(.groupFull)
            } else {
                let object = data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
                result = .success(object ?? [:])
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}
