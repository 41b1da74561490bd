//
//  IncomingBanner.swift
//  Relay
//
//  Shows a call the app learned about over its own socket, through the throwing wrapper.
//

import Foundation

final class IncomingBanner {

    let center: CallCenter

    init(center: CallCenter) {
        self.center = center
    }

    /// The thrown error lands in a catch that only prints it.
    func showBanner(caller: String) {
        let id = UUID()
        Task {
            do {
                // expect: swallowed_report_error
                try await center.present(uuid: id, caller: caller)
            } catch {
                print(error.localizedDescription)
            }
        }
    }

    /// This catch ends the call it could not show.
    func showBannerChecked(caller: String) {
        let id = UUID()
        Task {
            do {
                try await center.present(uuid: id, caller: caller)
            } catch {
                center.end(id)
            }
        }
    }
}
