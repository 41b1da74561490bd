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
}

final class RoomSocket {
    func open(_ token: String, then: @escaping (Bool) -> Void) {
        DispatchQueue.global().async {
            then(!token.isEmpty)
        }
    }
}
