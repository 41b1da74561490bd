//
//  SpeakerboxCallManager.swift
//  Speakerbox
//
//  Keeps the list of active calls and turns user intent (dial, hang up,
//  hold, mute, keypad, merge) into CXTransactions for the system.
//

import CallKit
import Foundation
import os

final class SpeakerboxCallManager {

    static let callsChangedNotification = Notification.Name("SpeakerboxCallManagerCallsChanged")

    // expect: cxcallcontroller_init
    private let callController = CXCallController()
    private let log = Logger(subsystem: "com.example.speakerbox", category: "calls")

    private(set) var calls: [SpeakerboxCall] = []

    // MARK: Call bookkeeping

    func call(with uuid: UUID) -> SpeakerboxCall? {
        calls.first { $0.uuid == uuid }
    }

    func addCall(_ call: SpeakerboxCall) {
        calls.append(call)
        call.stateDidChange = { [weak self] _ in self?.postCallsChanged() }
        postCallsChanged()
    }

    func removeCall(_ call: SpeakerboxCall) {
        calls.removeAll { $0.uuid == call.uuid }
        postCallsChanged()
    }

    func removeAllCalls() {
        calls.removeAll()
        postCallsChanged()
    }

    private func postCallsChanged() {
        NotificationCenter.default.post(name: Self.callsChangedNotification, object: self)
    }

    // MARK: Handles

    /// Builds the system handle for a number the user typed. The number is
    /// normalised to E.164 first so Recents and redial see one identity.
    // expect: cxhandle
    func handle(forDialedNumber raw: String, defaultRegion: String = "US") -> CXHandle? {
        guard let normalized = PhoneNumberNormalizer.e164(raw, defaultRegion: defaultRegion) else { return nil }
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        return CXHandle(type: .phoneNumber, value: normalized)
    }

    /// Built-in speed dial entries shown on the keypad screen.
    // expect: cxhandle
    func speedDialHandles() -> [CXHandle] {
        // expect: cxhandle_handletype_phone_number, cxhandle_init
        let operatorDesk = CXHandle(type: .phoneNumber, value: "+14155550123")
        // expect: unnormalized_handle, cxhandle_handletype_phone_number, cxhandle_init
        let voicemail = CXHandle(type: .phoneNumber, value: "+1 (415) 555-0100")
        // expect: unnormalized_handle, cxhandle_handletype_email_address, cxhandle_init
        let support = CXHandle(type: .emailAddress, value: "Support@Speakerbox.example")
        // expect: cxhandle_handletype_email_address, cxhandle_init
        let billing = CXHandle(type: .emailAddress, value: "billing@speakerbox.example")
        return [operatorDesk, voicemail, support, billing]
    }

    // MARK: Actions

    // expect: cxhandle
    func startCall(handle: CXHandle, video: Bool = false) {
        // expect: cxstartcallaction_init
        let startCallAction = CXStartCallAction(call: UUID(), handle: handle)
        // expect: cxstartcallaction_is_video
        startCallAction.isVideo = video
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: startCallAction), label: "start")
    }

    func end(call: SpeakerboxCall) {
        // expect: cxendcallaction_init
        let endCallAction = CXEndCallAction(call: call.uuid)
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: endCallAction), label: "end")
    }

    func setOnHold(call: SpeakerboxCall, onHold: Bool) {
        // expect: cxsetheldcallaction_init
        let holdAction = CXSetHeldCallAction(call: call.uuid, onHold: onHold)
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: holdAction), label: "hold")
    }

    func setMuted(call: SpeakerboxCall, muted: Bool) {
        // expect: cxsetmutedcallaction_init
        let muteAction = CXSetMutedCallAction(call: call.uuid, muted: muted)
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: muteAction), label: "mute")
    }

    func sendDTMF(_ digits: String, on call: SpeakerboxCall) {
        // expect: cxplaydtmfcallaction_action_type_single_tone, cxplaydtmfcallaction_init
        let tonesAction = CXPlayDTMFCallAction(call: call.uuid, digits: digits, type: .singleTone)
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: tonesAction), label: "dtmf")
    }

    /// Merges `call` into `other`'s group.
    func group(_ call: SpeakerboxCall, with other: SpeakerboxCall) {
        // expect: cxsetgroupcallaction_init
        let groupAction = CXSetGroupCallAction(call: call.uuid, callUUIDToGroupWith: other.uuid)
        // expect: cxtransaction_init_action
        requestTransaction(CXTransaction(action: groupAction), label: "group")
    }

    /// Swaps the held and the active call in one transaction.
    func swap(active: SpeakerboxCall, held: SpeakerboxCall) {
        // expect: cxsetheldcallaction_init
        let holdActive = CXSetHeldCallAction(call: active.uuid, onHold: true)
        // expect: cxsetheldcallaction_init
        let resumeHeld = CXSetHeldCallAction(call: held.uuid, onHold: false)
        // expect: cxtransaction_init_actions
        requestTransaction(CXTransaction(actions: [holdActive, resumeHeld]), label: "swap")
    }

    // expect: cxtransaction
    private func requestTransaction(_ transaction: CXTransaction, label: String) {
        // expect: cxcallcontroller_request
        callController.request(transaction) { [log] error in
            if let error {
                log.error("\(label, privacy: .public) transaction failed: \(error.localizedDescription, privacy: .public)")
            } else {
                log.debug("\(label, privacy: .public) transaction requested")
            }
        }
    }
}

/// Very small E.164 normaliser for the demo (NANP only, plus numbers that
/// already carry a country code).
enum PhoneNumberNormalizer {
    static func e164(_ raw: String, defaultRegion: String) -> String? {
        let hasPlus = raw.trimmingCharacters(in: .whitespaces).hasPrefix("+")
        let digits = raw.filter(\.isNumber)
        if hasPlus {
            return (8...15).contains(digits.count) ? "+" + digits : nil
        }
        switch (defaultRegion, digits.count) {
        case ("US", 10), ("CA", 10):
            return "+1" + digits
        case ("US", 11) where digits.hasPrefix("1"), ("CA", 11) where digits.hasPrefix("1"):
            return "+" + digits
        default:
            return nil
        }
    }
}
