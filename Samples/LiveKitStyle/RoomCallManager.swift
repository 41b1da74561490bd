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

    // expect: cxprovider
    let provider: CXProvider
    let session = RoomSession()
    // expect: cxcallcontroller_init
    private let callController = CXCallController()
    private var records: [UUID: RoomCallRecord] = [:]

    private init() {
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supports_video
        configuration.supportsVideo = true
        // expect: cxproviderconfiguration_maximum_call_groups
        configuration.maximumCallGroups = 1
        // expect: cxproviderconfiguration_maximum_calls_per_call_group
        configuration.maximumCallsPerCallGroup = 1
        // expect: cxproviderconfiguration_includes_calls_in_recents
        configuration.includesCallsInRecents = true
        // expect: cxhandle_handletype_generic, cxproviderconfiguration_supported_handle_types
        configuration.supportedHandleTypes = [.generic]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)

        RoomSession.disableAutomaticAudio()
        // expect: unretained_delegate, cxprovider_set_delegate
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

        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: transient_handle, cxcallupdate_remote_handle, cxhandle_handletype_generic, cxhandle_init
        update.remoteHandle = CXHandle(type: .generic, value: invite.roomName)
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = invite.roomTitle
        // expect: cxcallupdate_has_video
        update.hasVideo = invite.isVideo
        // expect: cxcallupdate_supports_holding
        update.supportsHolding = false
        // expect: cxcallupdate_supports_grouping
        update.supportsGrouping = false
        // expect: cxcallupdate_supports_ungrouping
        update.supportsUngrouping = false
        // expect: cxcallupdate_supports_dtmf
        update.supportsDTMF = false

        records[callUUID] = RoomCallRecord(callUUID: callUUID, invite: invite, isOutgoing: false)
        do {
            // expect: cxprovider_report_new_incoming_call_async
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
        // expect: transient_handle, cxhandle_handletype_generic, cxhandle_init
        let handle = CXHandle(type: .generic, value: invite.accessToken)
        // expect: cxstartcallaction_init
        let action = CXStartCallAction(call: callUUID, handle: handle)
        // expect: cxstartcallaction_is_video
        action.isVideo = invite.isVideo
        // expect: cxtransaction_init_action
        request(CXTransaction(action: action), forgettingOnFailure: callUUID)
    }

    /// Calls the host of a room directly; the host's account name is stable,
    /// so Recents and Siri can redial it later.
    func callHost(of invite: RoomInvite) {
        let callUUID = UUID()
        records[callUUID] = RoomCallRecord(callUUID: callUUID, invite: invite, isOutgoing: true)
        // expect: cxhandle_handletype_generic, cxhandle_init
        let handle = CXHandle(type: .generic, value: invite.host.username)
        // expect: cxstartcallaction_init
        let action = CXStartCallAction(call: callUUID, handle: handle)
        // expect: cxstartcallaction_contact_identifier
        action.contactIdentifier = invite.host.displayName
        // expect: cxtransaction_init_action
        request(CXTransaction(action: action), forgettingOnFailure: callUUID)
    }

    func hangUp(_ callUUID: UUID) {
        // expect: cxendcallaction_init
        let action = CXEndCallAction(call: callUUID)
        // expect: cxtransaction_init_action
        request(CXTransaction(action: action), forgettingOnFailure: nil)
    }

    func setMuted(_ muted: Bool, callUUID: UUID) {
        // expect: cxsetmutedcallaction_init
        let action = CXSetMutedCallAction(call: callUUID, muted: muted)
        // expect: cxtransaction_init_action
        request(CXTransaction(action: action), forgettingOnFailure: nil)
    }

    // expect: cxtransaction
    private func request(_ transaction: CXTransaction, forgettingOnFailure callUUID: UUID?) {
        // expect: cxcallcontroller_request
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
        // expect: cxcallendedreason
        let reason: CXCallEndedReason = error == nil ? .remoteEnded : .failed
        // expect: cxprovider_report_call_ended
        provider.reportCall(with: callUUID, endedAt: Date(), reason: reason)
        forget(callUUID)
    }

    func reportOutgoingConnecting(_ callUUID: UUID) {
        // expect: cxprovider_report_outgoing_call_started_connecting
        provider.reportOutgoingCall(with: callUUID, startedConnectingAt: Date())
    }

    func reportOutgoingConnected(_ callUUID: UUID) {
        // expect: cxprovider_report_outgoing_call_connected
        provider.reportOutgoingCall(with: callUUID, connectedAt: Date())
    }
}
