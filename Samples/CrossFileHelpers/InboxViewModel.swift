//
//  InboxViewModel.swift
//  Tandem
//
//  Rings a call the inbox learned about over the app's own socket.
//

import Foundation

final class InboxViewModel {

    private let callManager: CallManager
    private var ringing: Set<UUID> = []

    init(callManager: CallManager) {
        self.callManager = callManager
    }

    /// The wrapper hands back the report's error; this caller drops it.
    func ring(from caller: String) {
        let id = UUID()
        ringing.insert(id)
        // expect: swallowed_report_error
        callManager.reportIncoming(uuid: id, caller: caller) { _ in
            print("rang \(caller)")
        }
    }

    /// This caller undoes its state when the report fails.
    func ringChecked(from caller: String) {
        let id = UUID()
        ringing.insert(id)
        callManager.reportIncoming(uuid: id, caller: caller) { [weak self] error in
            if error != nil {
                self?.ringing.remove(id)
                self?.callManager.endCall(id)
            }
        }
    }
}
