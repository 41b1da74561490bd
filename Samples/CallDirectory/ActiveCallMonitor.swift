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

    // expect: cxcallobserver
    private let observer = CXCallObserver()
    private var connectedAt: [UUID: Date] = [:]
    /// Kept so the debug logger lives as long as the monitor.
    private let debugLogger = CallEventLogger(prefix: "monitor")
    // expect: cxcallobserver
    private let diagnosticsObserver = CXCallObserver()

    override init() {
        super.init()
        // expect: cxcallobserver_set_delegate
        observer.setDelegate(self, queue: .main)
        #if DEBUG
        // expect: cxcallobserver_set_delegate
        diagnosticsObserver.setDelegate(debugLogger, queue: nil)
        #endif
    }

    /// A second observer used by the diagnostics screen.
    func startDiagnostics() {
        // expect: cxcallobserver
        let diagnostics = CXCallObserver()
        // expect: unretained_delegate, cxcallobserver_set_delegate
        diagnostics.setDelegate(CallEventLogger(prefix: "diagnostics"), queue: nil)
        DiagnosticsRegistry.shared.observers.append(diagnostics)
    }

    var activeCallCount: Int {
        // expect: cxcall_has_ended, cxcallobserver_calls
        observer.calls.filter { !$0.hasEnded }.count
    }
}

// expect: cxcallobserverdelegate
extension ActiveCallMonitor: @preconcurrency CXCallObserverDelegate {

    // expect: call_observer_call_changed, cxcall, cxcallobserver
    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        // expect: cxcall_has_connected, cxcall_has_ended, cxcall_uuid
        if call.hasConnected, !call.hasEnded, connectedAt[call.uuid] == nil {
            // expect: cxcall_uuid
            connectedAt[call.uuid] = Date()
        }
        // expect: cxcall_has_ended, cxcall_uuid
        if call.hasEnded, let start = connectedAt.removeValue(forKey: call.uuid) {
            lastEndedCallDuration = Date().timeIntervalSince(start)
        }
        // expect: cxcall_has_ended, cxcallobserver_calls
        isOnCall = callObserver.calls.contains { !$0.hasEnded }
    }
}

/// Logs call transitions; used in debug builds and on the diagnostics screen.
// expect: cxcallobserverdelegate
final class CallEventLogger: NSObject, CXCallObserverDelegate {
    private let log = Logger(subsystem: "com.example.shield", category: "calls")
    private let prefix: String

    init(prefix: String) {
        self.prefix = prefix
    }

    // expect: call_observer_call_changed, cxcall, cxcallobserver
    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        // expect: cxcall_is_outgoing
        let direction = call.isOutgoing ? "outgoing" : "incoming"
        let state: String
        // expect: cxcall_has_ended
        if call.hasEnded {
            state = "ended"
        // expect: cxcall_has_connected
        } else if call.hasConnected {
            // expect: cxcall_is_on_hold
            state = call.isOnHold ? "held" : "connected"
        } else {
            state = "ringing/dialing"
        }
        // expect: cxcall_uuid
        log.debug("[\(self.prefix, privacy: .public)] \(direction, privacy: .public) call \(call.uuid): \(state, privacy: .public)")
    }
}

/// Keeps diagnostics observers alive while the diagnostics screen is open.
final class DiagnosticsRegistry {
    static let shared = DiagnosticsRegistry()
    // expect: cxcallobserver
    var observers: [CXCallObserver] = []
}
