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

    /// The error branch reports the failure, then falls through: the media starts for a call never shown.
    func showBannerThenConnect(caller: String) {
        let id = UUID()
        // expect: swallowed_report_error
        center.announceIncoming(uuid: id, caller: caller) { error in
            if let error = error {
                self.failed(error)
            }
            do {
                try self.prepareMedia(id)
            } catch {
                // This `error` is the catch's own.
                self.failed(error)
            }
        }
    }

    /// This error branch stops before the media starts.
    func showBannerOrStop(caller: String) {
        let id = UUID()
        center.announceIncoming(uuid: id, caller: caller) { error in
            if let error = error {
                self.failed(error)
                return
            }
            self.connectMedia(id)
        }
    }

    func failed(_ error: Error) {
        print("banner failed: \(error)")
    }

    func connectMedia(_ id: UUID) {}

    func prepareMedia(_ id: UUID) throws {}
}
