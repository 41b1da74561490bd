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

    private let controller = CXCallController()
    private let conference: ConferenceProvider
    private let log = Logger(subsystem: "com.example.huddleline", category: "grouping")

    init(conference: ConferenceProvider = .shared) {
        self.conference = conference
    }

    /// Calls the system currently knows about for this app.
    private var systemCalls: [CXCall] {
        controller.callObserver.calls.filter { !$0.hasEnded }
    }

    // MARK: Start

    func call(_ participant: Participant, video: Bool) async throws {
        let handle = ParticipantDirectory.handle(for: participant)
        let start = CXStartCallAction(call: UUID(), handle: handle)
        start.isVideo = video
        start.contactIdentifier = participant.displayName
        try await controller.request(CXTransaction(action: start))
    }

    /// "Add call": hold everything that is active, then dial the newcomer.
    func addCall(_ participant: Participant) async throws {
        let holds = systemCalls.filter { !$0.isOnHold }.map { CXSetHeldCallAction(call: $0.uuid, onHold: true) }
        let start = CXStartCallAction(call: UUID(), handle: ParticipantDirectory.handle(for: participant))
        try await controller.request(CXTransaction(actions: holds + [start]))
    }

    // MARK: Grouping

    /// Merges every held call into the active one.
    func mergeAll() async throws {
        guard let active = systemCalls.first(where: { !$0.isOnHold }) else { throw GroupingError.nothingToMerge }
        let others = systemCalls.filter { $0.uuid != active.uuid }
        guard !others.isEmpty else { throw GroupingError.nothingToMerge }
        let actions: [CXAction] = others.map { CXSetGroupCallAction(call: $0.uuid, callUUIDToGroupWith: active.uuid) }
        try await controller.request(CXTransaction(actions: actions))
    }

    /// Takes one leg out of its group ("Split").
    func split(_ callUUID: UUID) async throws {
        guard conference.call(callUUID)?.groupUUID != nil else { throw GroupingError.notInGroup }
        let ungroup = CXSetGroupCallAction(call: callUUID, callUUIDToGroupWith: nil)
        try await controller.request(CXTransaction(action: ungroup))
    }

    /// Swaps the active call (or group) with the held one.
    func swap() async throws {
        let active = systemCalls.filter { !$0.isOnHold }
        let held = systemCalls.filter { $0.isOnHold }
        guard !active.isEmpty, !held.isEmpty else { return }
        let actions = active.map { CXSetHeldCallAction(call: $0.uuid, onHold: true) }
            + held.map { CXSetHeldCallAction(call: $0.uuid, onHold: false) }
        try await controller.request(CXTransaction(actions: actions))
    }

    func setHeld(_ held: Bool, callUUID: UUID) async throws {
        try await controller.request(CXTransaction(action: CXSetHeldCallAction(call: callUUID, onHold: held)))
    }

    func setMuted(_ muted: Bool, callUUID: UUID) async throws {
        try await controller.request(CXTransaction(action: CXSetMutedCallAction(call: callUUID, muted: muted)))
    }

    // MARK: Ending

    func hangUp(_ callUUID: UUID) async {
        do {
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
        let ends = members.map { CXEndCallAction(call: $0.uuid) }
        do {
            try await controller.request(CXTransaction(actions: ends))
        } catch {
            log.error("Group end request failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
