//
//  CallGroupController.swift
//  Huddleline (group calling)
//
//  In-app buttons (Add call, Merge, Split, Swap, Hold) expressed as
//  CXTransactions. The provider performs them; this type only asks.
//

import CallKit
import Foundation
import os

final class CallGroupController {

    enum GroupingError: Error {
        case nothingToMerge
        case notInGroup
    }

    // expect: cxcallcontroller_init
    private let controller = CXCallController()
    private let conference: ConferenceProvider
    private let log = Logger(subsystem: "com.example.huddleline", category: "grouping")

    init(conference: ConferenceProvider = .shared) {
        self.conference = conference
    }

    /// Calls the system currently knows about for this app.
    // expect: cxcall
    private var systemCalls: [CXCall] {
        // expect: cxcall_has_ended, cxcallcontroller_call_observer, cxcallobserver_calls
        controller.callObserver.calls.filter { !$0.hasEnded }
    }

    // MARK: Start

    func call(_ participant: Participant, video: Bool) async throws {
        let handle = ParticipantDirectory.handle(for: participant)
        // expect: cxstartcallaction_init
        let start = CXStartCallAction(call: UUID(), handle: handle)
        // expect: cxstartcallaction_is_video
        start.isVideo = video
        // expect: cxstartcallaction_contact_identifier
        start.contactIdentifier = participant.displayName
        // expect: cxcallcontroller_request_async, cxtransaction_init_action
        try await controller.request(CXTransaction(action: start))
    }

    /// "Add call": hold everything that is active, then dial the newcomer.
    func addCall(_ participant: Participant) async throws {
        // expect: cxcall_is_on_hold, cxcall_uuid, cxsetheldcallaction_init
        let holds = systemCalls.filter { !$0.isOnHold }.map { CXSetHeldCallAction(call: $0.uuid, onHold: true) }
        // expect: cxstartcallaction_init
        let start = CXStartCallAction(call: UUID(), handle: ParticipantDirectory.handle(for: participant))
        // expect: cxcallcontroller_request_async, cxtransaction_init_actions
        try await controller.request(CXTransaction(actions: holds + [start]))
    }

    // MARK: Grouping

    /// Merges every held call into the active one.
    func mergeAll() async throws {
        // expect: cxcall_is_on_hold
        guard let active = systemCalls.first(where: { !$0.isOnHold }) else { throw GroupingError.nothingToMerge }
        // expect: cxcall_uuid
        let others = systemCalls.filter { $0.uuid != active.uuid }
        guard !others.isEmpty else { throw GroupingError.nothingToMerge }
        // expect: cxaction, cxcall_uuid, cxsetgroupcallaction_init
        let actions: [CXAction] = others.map { CXSetGroupCallAction(call: $0.uuid, callUUIDToGroupWith: active.uuid) }
        // expect: cxcallcontroller_request_async, cxtransaction_init_actions
        try await controller.request(CXTransaction(actions: actions))
    }

    /// Takes one leg out of its group ("Split").
    func split(_ callUUID: UUID) async throws {
        guard conference.call(callUUID)?.groupUUID != nil else { throw GroupingError.notInGroup }
        // expect: cxsetgroupcallaction_init
        let ungroup = CXSetGroupCallAction(call: callUUID, callUUIDToGroupWith: nil)
        // expect: cxcallcontroller_request_async, cxtransaction_init_action
        try await controller.request(CXTransaction(action: ungroup))
    }

    /// Swaps the active call (or group) with the held one.
    func swap() async throws {
        // expect: cxcall_is_on_hold
        let active = systemCalls.filter { !$0.isOnHold }
        // expect: cxcall_is_on_hold
        let held = systemCalls.filter { $0.isOnHold }
        guard !active.isEmpty, !held.isEmpty else { return }
        // expect: cxcall_uuid, cxsetheldcallaction_init
        let actions = active.map { CXSetHeldCallAction(call: $0.uuid, onHold: true) }
            // expect: cxcall_uuid, cxsetheldcallaction_init
            + held.map { CXSetHeldCallAction(call: $0.uuid, onHold: false) }
        // expect: cxcallcontroller_request_async, cxtransaction_init_actions
        try await controller.request(CXTransaction(actions: actions))
    }

    func setHeld(_ held: Bool, callUUID: UUID) async throws {
        // expect: cxcallcontroller_request_async, cxsetheldcallaction_init, cxtransaction_init_action
        try await controller.request(CXTransaction(action: CXSetHeldCallAction(call: callUUID, onHold: held)))
    }

    func setMuted(_ muted: Bool, callUUID: UUID) async throws {
        // expect: cxcallcontroller_request_async, cxsetmutedcallaction_init, cxtransaction_init_action
        try await controller.request(CXTransaction(action: CXSetMutedCallAction(call: callUUID, muted: muted)))
    }

    // MARK: Ending

    func hangUp(_ callUUID: UUID) async {
        do {
            // expect: cxcallcontroller_request_async, cxendcallaction_init, cxtransaction_init_action
            try await controller.request(CXTransaction(action: CXEndCallAction(call: callUUID)))
        } catch {
            log.error("End request failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    /// Ends every leg of a group in one transaction.
    func hangUpGroup(containing callUUID: UUID) async {
        guard let group = conference.call(callUUID)?.groupUUID else {
            await hangUp(callUUID)
            return
        }
        let members = conference.calls.values.filter { $0.groupUUID == group || $0.uuid == group }
        // expect: cxendcallaction_init
        let ends = members.map { CXEndCallAction(call: $0.uuid) }
        do {
            // expect: cxcallcontroller_request_async, cxtransaction_init_actions
            try await controller.request(CXTransaction(actions: ends))
        } catch {
            log.error("Group end request failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
