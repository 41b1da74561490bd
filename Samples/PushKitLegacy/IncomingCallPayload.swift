//
//  IncomingCallPayload.swift
//  RingLegacy
//
//  Parsing of the VoIP push payload and the small REST client used to look
//  up callers and to accept / decline / hang up calls on the server.
//

import Foundation

/// The dictionary the server sends in a VoIP push:
///
///     { "call_id": "c-2231", "call_uuid": "5C1E…", "caller": "+16505550143",
///       "caller_name": "Dana Reyes", "video": false }
///
/// Older servers omit `call_uuid` and `caller_name` ("slim" payloads).
struct IncomingCallPayload {
    let serverCallID: String
    let callUUID: UUID?
    let callerNumber: String
    let callerName: String?
    let isVideo: Bool

    init?(dictionary: [AnyHashable: Any]) {
        guard let callID = dictionary["call_id"] as? String,
              let caller = dictionary["caller"] as? String else {
            return nil
        }
        serverCallID = callID
        callerNumber = caller
        callerName = dictionary["caller_name"] as? String
        isVideo = dictionary["video"] as? Bool ?? false
        if let raw = dictionary["call_uuid"] as? String {
            callUUID = UUID(uuidString: raw)
        } else {
            callUUID = nil
        }
    }
}

/// App-side record of a call.
final class LegacyCall {
    let uuid: UUID
    let serverCallID: String
    let isOutgoing: Bool
    var isMuted = false
    var isConnected = false

    init(uuid: UUID, serverCallID: String, isOutgoing: Bool) {
        self.uuid = uuid
        self.serverCallID = serverCallID
        self.isOutgoing = isOutgoing
    }
}

enum CallerAPIError: Error {
    case badStatus(Int)
    case noData
    case server(String)
}

/// Minimal completion-handler REST client (this part of the app predates
/// Swift concurrency).
final class CallerLookupAPI {

    private let baseURL = URL(string: "https://api.ring-legacy.example/v1")!
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    /// Looks up a display name for a number. Calls back on the main queue.
    func lookUpCaller(number: String, completion: @escaping (String?) -> Void) {
        var components = URLComponents(url: baseURL.appendingPathComponent("callers"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "number", value: number)]
        session.dataTask(with: components.url!) { data, response, _ in
            let name: String?
            if let data, (response as? HTTPURLResponse)?.statusCode == 200,
               let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                name = object["display_name"] as? String
            } else {
                name = nil
            }
            DispatchQueue.main.async { completion(name) }
        }.resume()
    }

    func placeCall(to number: String, completion: @escaping (Result<String, CallerAPIError>) -> Void) {
        post("calls", body: ["to": number]) { result in
            completion(result.flatMap { object in
                guard let id = object["call_id"] as? String else { return .failure(.noData) }
                return .success(id)
            })
        }
    }

    func accept(serverCallID: String, completion: @escaping (Bool) -> Void) {
        post("calls/\(serverCallID)/accept", body: [:]) { result in
            if case .success = result { completion(true) } else { completion(false) }
        }
    }

    func decline(serverCallID: String, reason: String) {
        post("calls/\(serverCallID)/decline", body: ["reason": reason]) { _ in }
    }

    func hangUp(serverCallID: String) {
        post("calls/\(serverCallID)/hangup", body: [:]) { _ in }
    }

    func uploadVoIPToken(_ token: String?) {
        post("devices/voip-token", body: ["token": token ?? NSNull()]) { _ in }
    }

    private func post(_ path: String,
                      body: [String: Any],
                      completion: @escaping (Result<[String: Any], CallerAPIError>) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        session.dataTask(with: request) { data, response, error in
            let result: Result<[String: Any], CallerAPIError>
            if let error {
                result = .failure(.server(error.localizedDescription))
            } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                result = .failure(.badStatus(status))
            } else if let data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                result = .success(object)
            } else {
                result = .success([:])
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}
