//
//  PushDispatcher.swift
//  Relay (mid-migration)
//
//  VoIP pushes, routed to whichever backend is live. The CallKit branch is
//  the original code; the LCK branch was bolted on during the migration and
//  still uses the completion-handler delegate method.
//

import CallKit
import Foundation
import PushKit
#if canImport(LiveCommunicationKit)
import LiveCommunicationKit
#endif

/// Payload sent by the Relay server for a ringing call.
struct RelayPush {
    let callUUID: UUID
    let callerUsername: String?
    let callerName: String
    let isVideo: Bool

    init?(_ payload: [AnyHashable: Any]) {
        guard let raw = payload["call_uuid"] as? String, let uuid = UUID(uuidString: raw) else { return nil }
        callUUID = uuid
        callerUsername = payload["from"] as? String
        callerName = payload["from_name"] as? String ?? "Relay"
        isVideo = payload["video"] as? Bool ?? false
    }
}

// expect: pkpushregistrydelegate
final class PushDispatcher: NSObject, PKPushRegistryDelegate {

    // expect: pkpushregistry_init
    private let registry = PKPushRegistry(queue: .main)
    private let backend: CallBackend

    init(backend: CallBackend) {
        self.backend = backend
        super.init()
        // expect: pkpushregistry_delegate
        registry.delegate = self
        // expect: pkpushregistry_desired_push_types, pkpushtype_voip
        registry.desiredPushTypes = [.voIP]
    }

    // expect: pkpushcredentials, pkpushregistry, push_registry_did_update_credentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        // expect: pkpushcredentials_token
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        RelayLog.push.info("VoIP token \(token, privacy: .private)")
        UserDefaults.standard.set(token, forKey: "relay.voipToken")
    }

    // expect: unreported_voip_push, pkpushregistry, push_registry_did_receive_incoming_push_completion
    func pushRegistry(_ registry: PKPushRegistry,
                      // expect: pkpushpayload
                      didReceiveIncomingPushWith payload: PKPushPayload,
                      // expect: pkpushtype
                      for type: PKPushType,
                      completion: @escaping () -> Void) {
        // expect: pkpushpayload_dictionary_payload
        guard let push = RelayPush(payload.dictionaryPayload) else {
            // Malformed payloads are rejected by the server's schema check,
            // so this "cannot happen".
            RelayLog.push.error("Unreadable VoIP push dropped")
            completion()
            return
        }

        #if canImport(LiveCommunicationKit)
        if #available(iOS 17.4, *), CallBackendFlags.useLCK, CallBackendFlags.lckPushEnabled,
           let lck = backend as? LCKBackend {
            let update = lck.incomingUpdate(callerUsername: push.callerUsername,
                                            callerName: push.callerName,
                                            video: push.isVideo)
            Task {
                // expect: swallowed_report_error
                try await lck.manager.reportNewIncomingConversation(uuid: push.callUUID, update: update)
            }
            completion()
            return
        }
        #endif

        guard let callKit = backend as? LegacyCallKitBackend else {
            completion()
            return
        }
        let update = callKit.incomingUpdate(callerUsername: push.callerUsername,
                                            callerName: push.callerName,
                                            video: push.isVideo)
        // expect: cxprovider_report_new_incoming_call
        callKit.provider.reportNewIncomingCall(with: push.callUUID, update: update) { error in
            if let error {
                Task { await RelayBridge.shared.decline(push.callUUID, reason: error.localizedDescription) }
            } else {
                callKit.track(push.callUUID)
            }
            completion()
        }
    }
}
