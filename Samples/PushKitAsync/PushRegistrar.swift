//
//  PushRegistrar.swift
//  Parley
//
//  VoIP push handling with the async PushKit entry points. The call is
//  reported to CallKit (and awaited) before the handler returns; anything
//  slow happens afterwards.
//

import CallKit
import PushKit
import SwiftUI
import os

@MainActor
// expect: pkpushregistrydelegate
final class PushRegistrar: NSObject, @preconcurrency PKPushRegistryDelegate {

    // expect: pkpushregistry
    private let registry: PKPushRegistry
    private let callProvider: CallProviderDelegate
    private let log = Logger(subsystem: "com.example.parley", category: "push")

    /// Created during launch, before any push can be delivered.
    init(callProvider: CallProviderDelegate) {
        self.callProvider = callProvider
        // expect: pkpushregistry_init
        registry = PKPushRegistry(queue: .main)
        super.init()
        // expect: pkpushregistry_delegate
        registry.delegate = self
        // expect: pkpushregistry_desired_push_types, pkpushtype_voip
        registry.desiredPushTypes = [.voIP]
    }

    // MARK: Token

    // expect: pkpushcredentials, pkpushregistry, push_registry_did_update_credentials, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        // expect: pkpushcredentials_token
        let token = pushCredentials.token
        let signaling = callProvider.signaling
        Task { await signaling.register(voipToken: token) }
    }

    // expect: pkpushregistry, push_registry_did_invalidate_push_token, pkpushtype
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        let signaling = callProvider.signaling
        Task { await signaling.register(voipToken: nil) }
    }

    // MARK: Incoming pushes (before iOS 26.4)

    // expect: pkpushregistry, push_registry_did_receive_incoming_push_async
    func pushRegistry(_ registry: PKPushRegistry,
                      // expect: pkpushpayload
                      didReceiveIncomingPushWith payload: PKPushPayload,
                      // expect: pkpushtype
                      for type: PKPushType) async {
        // expect: pkpushpayload_dictionary_payload
        let invite = CallInvite(payload: payload.dictionaryPayload)
        let update = callProvider.incomingUpdate(for: invite)
        do {
            // expect: cxprovider_report_new_incoming_call_async
            try await callProvider.provider.reportNewIncomingCall(with: invite.callUUID, update: update)
        } catch {
            log.error("Incoming call not shown: \(error.localizedDescription, privacy: .public)")
            await callProvider.signaling.decline(invite, reason: "not-presented")
            return
        }
        callProvider.track(invite)
        if !invite.isReadable || invite.isStale() {
            callProvider.endImmediately(invite)
            await callProvider.signaling.decline(invite, reason: "stale-or-unreadable")
            return
        }
        await callProvider.signaling.acknowledgeRinging(invite)
    }

    // MARK: Incoming pushes (iOS 26.4 and later)

    @available(iOS 26.4, *)
    // expect: pkpushregistry, push_registry_did_receive_incoming_voip_push_metadata_async
    func pushRegistry(_ registry: PKPushRegistry,
                      // expect: pkpushpayload
                      didReceiveIncomingVoIPPushWith payload: PKPushPayload,
                      // expect: pkvoippushmetadata
                      metadata: PKVoIPPushMetadata) async {
        // expect: pkpushpayload_dictionary_payload
        let invite = CallInvite(payload: payload.dictionaryPayload)

        // The system says this push may be dropped: do so for stale or
        // unreadable invites instead of ringing for a call that is gone.
        // expect: pkvoippushmetadata_must_report
        if !metadata.mustReport && (invite.isStale() || !invite.isReadable) {
            log.info("Dropping stale VoIP push for \(invite.callUUID)")
            await callProvider.signaling.acknowledgeDropped(invite)
            return
        }

        let update = callProvider.incomingUpdate(for: invite)
        do {
            // expect: cxprovider_report_new_incoming_call_async
            try await callProvider.provider.reportNewIncomingCall(with: invite.callUUID, update: update)
        } catch {
            log.error("Incoming call not shown: \(error.localizedDescription, privacy: .public)")
            await callProvider.signaling.decline(invite, reason: "not-presented")
            return
        }
        callProvider.track(invite)
        if !invite.isReadable || invite.isStale() {
            callProvider.endImmediately(invite)
            return
        }
        await callProvider.signaling.acknowledgeRinging(invite)
    }
}

// MARK: - App

/// Owns the long-lived call objects.
@MainActor
final class ParleyAppDelegate: NSObject, UIApplicationDelegate {
    let signaling = SignalingClient()
    private(set) var callProvider: CallProviderDelegate!
    private(set) var pushRegistrar: PushRegistrar!

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        callProvider = CallProviderDelegate(signaling: signaling)
        pushRegistrar = PushRegistrar(callProvider: callProvider)
        return true
    }
}

@main
struct ParleyApp: App {
    @UIApplicationDelegateAdaptor(ParleyAppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            DialView { number in
                guard let e164 = E164.normalize(number) else { return }
                try? await appDelegate.callProvider.startCall(to: e164)
            }
        }
    }
}

struct DialView: View {
    let dial: (String) async -> Void
    @State private var number = ""

    var body: some View {
        VStack(spacing: 16) {
            TextField("+16505550143", text: $number)
                .keyboardType(.phonePad)
                .textFieldStyle(.roundedBorder)
            Button("Call") {
                let entered = number
                Task { await dial(entered) }
            }
            .disabled(number.isEmpty)
        }
        .padding()
    }
}
