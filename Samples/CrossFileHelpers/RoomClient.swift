//
//  RoomClient.swift
//  Tandem
//
//  Signalling for Tandem rooms. Knows nothing about the system call UI.
//

import Foundation

final class RoomClient {

    private var tokens: [String: String] = [:]
    private let socket = RoomSocket()

    /// Opens the room's socket. On a missing token it only logs: the caller never hears back.
    func connect(room: String, completion: @escaping (Bool) -> Void) {
        guard let token = tokens[room] else {
            print("no token for room \(room)")
            return
        }
        socket.open(token) { opened in
            completion(opened)
        }
    }

    /// Like connect, but always answers.
    func join(room: String, completion: @escaping (Bool) -> Void) {
        guard let token = tokens[room] else {
            completion(false)
            return
        }
        socket.open(token) { opened in
            completion(opened)
        }
    }

    /// Sends the digits from a task. A room without a token ends the task early, and the caller never
    /// hears back.
    func sendTones(_ digits: String, room: String, completion: @escaping (Bool) -> Void) {
        Task { [weak self] in
            guard let self else { return }
            guard let token = self.tokens[room] else { return }
            completion(!token.isEmpty && !digits.isEmpty)
        }
    }

    /// Like sendTones, but the task answers on its early exit too.
    func regroup(room: String, completion: @escaping (Bool) -> Void) {
        Task { [weak self] in
            guard let self else { return }
            guard let token = self.tokens[room] else {
                completion(false)
                return
            }
            completion(!token.isEmpty)
        }
    }
}

final class RoomSocket {
    func open(_ token: String, then: @escaping (Bool) -> Void) {
        DispatchQueue.global().async {
            then(!token.isEmpty)
        }
    }
}
