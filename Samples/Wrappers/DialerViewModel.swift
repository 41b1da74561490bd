//
//  DialerViewModel.swift
//  Beacon
//
//  The dialer and in-call screens. They only know CallService and
//  CallAddress; no system calling types appear here.
//

import Combine
import Foundation

@MainActor
final class DialerViewModel: ObservableObject {

    @Published var input = ""
    @Published private(set) var activeCalls: [ActiveCall] = []
    @Published private(set) var validationMessage: String?

    private let callService: CallService

    /// Favourites shown under the keypad.
    let favourites: [CallAddress] = [
        CallAddress.phone("+16505550177", displayName: "Mum"),
        CallAddress.email("Jonas.Berg@Example.com", displayName: "Jonas"),
        CallAddress.username("priya_k", displayName: "Priya"),
    ].compactMap { $0 }

    init(callService: CallService = .shared) {
        self.callService = callService
        callService.onCallsChanged = { [weak self] calls in
            Task { @MainActor in
                self?.activeCalls = calls.sorted { ($0.connectedAt ?? .distantFuture) < ($1.connectedAt ?? .distantFuture) }
            }
        }
    }

    // MARK: Dialling

    func dial() {
        guard let address = CallAddress.parse(input) else {
            validationMessage = "Enter a phone number, e-mail address or Beacon username."
            return
        }
        validationMessage = nil
        callService.startCall(to: address)
        input = ""
    }

    func dialFavourite(_ address: CallAddress) {
        callService.startCall(to: address)
    }

    /// Redial from the app's own history list.
    func redial(_ call: ActiveCall) {
        callService.startCall(to: call.remote)
    }

    // MARK: In-call controls

    func hangUp(_ call: ActiveCall) {
        callService.endCall(call.id)
    }

    func toggleMute(_ call: ActiveCall) {
        callService.setMuted(!call.isMuted, callID: call.id)
    }

    func toggleHold(_ call: ActiveCall) {
        callService.setOnHold(!call.isOnHold, callID: call.id)
    }

    func keypad(_ digit: Character, on call: ActiveCall) {
        guard "0123456789*#".contains(digit) else { return }
        callService.sendDigits(String(digit), callID: call.id)
    }

    func hangUpAll() {
        for call in activeCalls {
            callService.endCall(call.id)
        }
    }

    // MARK: Presentation

    func title(for call: ActiveCall) -> String {
        call.remote.description
    }

    func subtitle(for call: ActiveCall, now: Date = Date()) -> String {
        if call.isOnHold { return "On hold" }
        guard let connectedAt = call.connectedAt else {
            return call.isOutgoing ? "Calling…" : "Ringing…"
        }
        let seconds = Int(now.timeIntervalSince(connectedAt))
        return String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
