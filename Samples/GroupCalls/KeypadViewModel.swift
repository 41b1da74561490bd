//
//  KeypadViewModel.swift
//  Huddleline (group calling)
//
//  The in-call keypad. Typed digits and stored PINs ("8812,,4471#") are sent
//  to the bridge as DTMF through CallKit.
//

import CallKit
import Combine
import Foundation

@MainActor
final class KeypadViewModel: ObservableObject {

    @Published private(set) var typed = ""
    @Published private(set) var lastError: String?

    let callUUID: UUID
    // expect: cxcallcontroller_init
    private let controller = CXCallController()

    init(callUUID: UUID) {
        self.callUUID = callUUID
    }

    /// One key press: a single tone.
    func press(_ key: Character) {
        guard "0123456789*#".contains(key) else { return }
        typed.append(key)
        // expect: cxplaydtmfcallaction_action_type_single_tone, cxplaydtmfcallaction_init
        let action = CXPlayDTMFCallAction(call: callUUID, digits: String(key), type: .singleTone)
        request(action)
    }

    /// Sends a stored PIN. "," is a soft pause (2 s) and ";" a hard pause
    /// (wait for the user), following the usual dialler conventions.
    func sendStoredSequence(_ sequence: String) {
        let actions = Self.dtmfActions(for: sequence, callUUID: callUUID)
        guard !actions.isEmpty else { return }
        // expect: cxtransaction_init_actions
        let transaction = CXTransaction(actions: actions)
        // expect: cxcallcontroller_request
        controller.request(transaction) { [weak self] error in
            guard let error else { return }
            Task { @MainActor in self?.lastError = error.localizedDescription }
        }
    }

    func clear() {
        typed = ""
        lastError = nil
    }

    // expect: cxplaydtmfcallaction
    private func request(_ action: CXPlayDTMFCallAction) {
        // expect: cxcallcontroller_request, cxtransaction_init_action
        controller.request(CXTransaction(action: action)) { [weak self] error in
            guard let error else { return }
            Task { @MainActor in self?.lastError = error.localizedDescription }
        }
    }

    /// Splits "8812,,4471#;99" into runs of digits and pause actions.
    // expect: cxplaydtmfcallaction
    static func dtmfActions(for sequence: String, callUUID: UUID) -> [CXPlayDTMFCallAction] {
        // expect: cxplaydtmfcallaction
        var actions: [CXPlayDTMFCallAction] = []
        var run = ""

        func flushRun() {
            guard !run.isEmpty else { return }
            // expect: cxplaydtmfcallaction_action_type_single_tone, cxplaydtmfcallaction_init
            actions.append(CXPlayDTMFCallAction(call: callUUID, digits: run, type: .singleTone))
            run = ""
        }

        for character in sequence {
            switch character {
            case "0"..."9", "*", "#":
                run.append(character)
            case ",":
                flushRun()
                // expect: cxplaydtmfcallaction_action_type_soft_pause, cxplaydtmfcallaction_init
                actions.append(CXPlayDTMFCallAction(call: callUUID, digits: "", type: .softPause))
            case ";":
                flushRun()
                // expect: cxplaydtmfcallaction_action_type_hard_pause, cxplaydtmfcallaction_init
                actions.append(CXPlayDTMFCallAction(call: callUUID, digits: "", type: .hardPause))
            default:
                continue
            }
        }
        flushRun()
        return actions
    }
}
