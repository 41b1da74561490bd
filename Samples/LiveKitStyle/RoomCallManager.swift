//
//  RoomCallManager.swift
//  Huddle (LiveKit-style room calls)
//
//  Presents LiveKit room invitations through CallKit and keeps track of
//  which call UUID belongs to which room.
//

import CallKit
import Foundation

@MainActor
final class RoomCallManager {

    static let shared = RoomCallManager()

    let provider: CXProvider
    let session = RoomSession()
    private let callController = CXCallController()
    private var records: [UUID: RoomCallRecord] = [:]

    private init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.maximumCallGroups = 1
        configuration.maximumCallsPerCallGroup = 1
        configuration.includesCallsInRecents = true
        configuration.supportedHandleTypes = [.generic]
        provider = CXProvider(configuration: configuration)

        RoomSession.disableAutomaticAudio()
        // expect: unretained_delegate
        provider.setDelegate(CallKitDelegate(manager: self), queue: nil)

        session.onUnexpectedDisconnect = { [weak self] error in
            self?.roomDropped(error: error)
        }
    }

    // MARK: Records

    func record(for callUUID: UUID) -> RoomCallRecord? {
        records[callUUID]
    }

    func markJoining(_ callUUID: UUID) {
        records[callUUID]?.phase = .joining
    }

    func markLive(_ callUUID: UUID) {
        records[callUUID]?.phase = .live
        records[callUUID]?.joinedAt = Date()
    }

    func forget(_ callUUID: UUID) {
        records[callUUID] = nil
    }

    var activeCallUUID: UUID? {
        records.values.first { $0.phase == .live || $0.phase == .joining }?.callUUID
    }

    // MARK: Incoming

    /// Called by the signalling socket when someone rings us into a room.
    func reportIncoming(invite: RoomInvite, callUUID: UUID) async throws {
        guard !invite.isExpired else { throw RoomCallError.inviteExpired(roomName: invite.roomName) }

        let update = CXCallUpdate()
        // expect: transient_handle
        update.remoteHandle = CXHandle(type: .generic, value: invite.roomName)
        update.localizedCallerName = invite.roomTitle
        update.hasVideo = invite.isVideo
        update.supportsHolding = false
        update.supportsGrouping = false
        update.supportsUngrouping = false
        update.supportsDTMF = false

        records[callUUID] = RoomCallRecord(callUUID: callUUID, invite: invite, isOutgoing: false)
        do {
            try await provider.reportNewIncomingCall(with: callUUID, update: update)
        } catch {
            records[callUUID] = nil
            throw error
        }
    }

    // MARK: Outgoing

    /// Starts a call into a room the user picked from the meetings list.
    func startCall(into invite: RoomInvite) {
        let callUUID = UUID()
        records[callUUID] = RoomCallRecord(callUUID: callUUID, invite: invite, isOutgoing: true)
        // expect: transient_handle
        let handle = CXHandle(type: .generic, value: invite.accessToken)
        let action = CXStartCallAction(call: callUUID, handle: handle)
        action.isVideo = invite.isVideo
        request(CXTransaction(action: action), forgettingOnFailure: callUUID)
    }

    /// Calls the host of a room directly; the host's account name is stable,
    /// so Recents and Siri can redial it later.
    func callHost(of invite: RoomInvite) {
        let callUUID = UUID()
        records[callUUID] = RoomCallRecord(callUUID: callUUID, invite: invite, isOutgoing: true)
        let handle = CXHandle(type: .generic, value: invite.host.username)
        let action = CXStartCallAction(call: callUUID, handle: handle)
        action.contactIdentifier = invite.host.displayName
        request(CXTransaction(action: action), forgettingOnFailure: callUUID)
    }

    func hangUp(_ callUUID: UUID) {
        let action = CXEndCallAction(call: callUUID)
        request(CXTransaction(action: action), forgettingOnFailure: nil)
    }

    func setMuted(_ muted: Bool, callUUID: UUID) {
        let action = CXSetMutedCallAction(call: callUUID, muted: muted)
        request(CXTransaction(action: action), forgettingOnFailure: nil)
    }

    private func request(_ transaction: CXTransaction, forgettingOnFailure callUUID: UUID?) {
        callController.request(transaction) { [weak self] error in
            guard let error else { return }
            HuddleLog.calls.error("CallKit refused the request: \(error.localizedDescription, privacy: .public)")
            if let callUUID {
                Task { @MainActor in self?.forget(callUUID) }
            }
        }
    }

    // MARK: Remote events

    private func roomDropped(error: Error?) {
        guard let callUUID = activeCallUUID else { return }
        let reason: CXCallEndedReason = error == nil ? .remoteEnded : .failed
        provider.reportCall(with: callUUID, endedAt: Date(), reason: reason)
        forget(callUUID)
    }

    func reportOutgoingConnecting(_ callUUID: UUID) {
        provider.reportOutgoingCall(with: callUUID, startedConnectingAt: Date())
    }

    func reportOutgoingConnected(_ callUUID: UUID) {
        provider.reportOutgoingCall(with: callUUID, connectedAt: Date())
    }
}
