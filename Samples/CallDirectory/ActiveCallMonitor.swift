//
//  ActiveCallMonitor.swift
//  Shield (call blocking & caller ID)
//
//  Watches every call on the device (cellular and other apps) so Shield can
//  offer "Block this number?" after a call ends. CXCallObserver sees calls
//  outside this app, which is why this part stays on CallKit.
//

import CallKit
import Combine
import Foundation
import os

@MainActor
final class ActiveCallMonitor: NSObject, ObservableObject {

    @Published private(set) var isOnCall = false
    @Published private(set) var lastEndedCallDuration: TimeInterval?

    private let observer = CXCallObserver()
    private var connectedAt: [UUID: Date] = [:]
    /// Kept so the debug logger lives as long as the monitor.
    private let debugLogger = CallEventLogger(prefix: "monitor")
    private let diagnosticsObserver = CXCallObserver()

    override init() {
        super.init()
        observer.setDelegate(self, queue: .main)
        #if DEBUG
        diagnosticsObserver.setDelegate(debugLogger, queue: nil)
        #endif
    }

    /// A second observer used by the diagnostics screen.
    func startDiagnostics() {
        let diagnostics = CXCallObserver()
        // expect: unretained_delegate
        diagnostics.setDelegate(CallEventLogger(prefix: "diagnostics"), queue: nil)
        DiagnosticsRegistry.shared.observers.append(diagnostics)
    }

    var activeCallCount: Int {
        observer.calls.filter { !$0.hasEnded }.count
    }
}

extension ActiveCallMonitor: @preconcurrency CXCallObserverDelegate {

    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        if call.hasConnected, !call.hasEnded, connectedAt[call.uuid] == nil {
            connectedAt[call.uuid] = Date()
        }
        if call.hasEnded, let start = connectedAt.removeValue(forKey: call.uuid) {
            lastEndedCallDuration = Date().timeIntervalSince(start)
        }
        isOnCall = callObserver.calls.contains { !$0.hasEnded }
    }
}

/// Logs call transitions; used in debug builds and on the diagnostics screen.
final class CallEventLogger: NSObject, CXCallObserverDelegate {
    private let log = Logger(subsystem: "com.example.shield", category: "calls")
    private let prefix: String

    init(prefix: String) {
        self.prefix = prefix
    }

    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        let direction = call.isOutgoing ? "outgoing" : "incoming"
        let state: String
        if call.hasEnded {
            state = "ended"
        } else if call.hasConnected {
            state = call.isOnHold ? "held" : "connected"
        } else {
            state = "ringing/dialing"
        }
        log.debug("[\(self.prefix, privacy: .public)] \(direction, privacy: .public) call \(call.uuid): \(state, privacy: .public)")
    }
}

/// Keeps diagnostics observers alive while the diagnostics screen is open.
final class DiagnosticsRegistry {
    static let shared = DiagnosticsRegistry()
    var observers: [CXCallObserver] = []
}
