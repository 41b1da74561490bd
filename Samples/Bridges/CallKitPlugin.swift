import AVFoundation
import CallKit
import Flutter
import PushKit
import UIKit

/// The iOS half of a Flutter calling plugin: CallKit and PushKit stay in Swift, the call logic lives in
/// Dart behind a method channel and an event channel. Where a handler hands the call to Dart, the Swift
/// code cannot show whether the action is answered, so those findings are `medium` and name the Dart side.
// expect: cxproviderdelegate
public final class CallKitPlugin: NSObject, FlutterPlugin, FlutterStreamHandler, CXProviderDelegate,
    // expect: pkpushregistrydelegate
    PKPushRegistryDelegate
{
    private let channel: FlutterMethodChannel
    private var eventSink: FlutterEventSink?
    // expect: cxprovider
    private let provider: CXProvider
    // expect: pkpushregistry_init
    private let voipRegistry = PKPushRegistry(queue: .main)
    private let media = MediaSession()
    /// Start actions waiting for Dart to say the call is placed (`started` on the method channel).
    // expect: cxstartcallaction
    private var pendingStarts: [UUID: CXStartCallAction] = [:]

    init(channel: FlutterMethodChannel) {
        self.channel = channel
        // expect: cxproviderconfiguration_init
        let configuration = CXProviderConfiguration()
        // expect: cxproviderconfiguration_supported_handle_types, cxhandle_handletype_phone_number
        configuration.supportedHandleTypes = [.phoneNumber]
        // expect: cxprovider_init
        provider = CXProvider(configuration: configuration)
        super.init()
        // expect: cxprovider_set_delegate
        provider.setDelegate(self, queue: nil)
        // expect: pkpushregistry_delegate
        voipRegistry.delegate = self
        // expect: pkpushregistry_desired_push_types, pkpushtype_voip
        voipRegistry.desiredPushTypes = [.voIP]
    }

    public static func register(with registrar: FlutterPluginRegistrar) {
        let channel = FlutterMethodChannel(name: "calls.example/method", binaryMessenger: registrar.messenger())
        let instance = CallKitPlugin(channel: channel)
        registrar.addMethodCallDelegate(instance, channel: channel)
        FlutterEventChannel(name: "calls.example/events", binaryMessenger: registrar.messenger())
            .setStreamHandler(instance)
    }

    public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
        guard call.method == "started", let id = (call.arguments as? String).flatMap(UUID.init(uuidString:)),
            let action = pendingStarts.removeValue(forKey: id)
        else {
            result(FlutterMethodNotImplemented)
            return
        }
        action.fulfill()
        result(nil)
    }

    public func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink) -> FlutterError? {
        eventSink = events
        return nil
    }

    public func onCancel(withArguments arguments: Any?) -> FlutterError? {
        eventSink = nil
        return nil
    }

    // Dart answers the call and is meant to report back; nothing in Swift fulfills or fails the action.
    // expect: provider_perform_answer_call_action, unresolved_action (medium), cxprovider, cxanswercallaction
    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        channel.invokeMethod("answer", arguments: action.callUUID.uuidString)
    }

    // No anti-pattern finding: the action waits in `pendingStarts` and `handle(_:result:)` fulfills it.
    // expect: provider_perform_start_call_action, cxprovider, cxstartcallaction
    public func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        // expect: cxcallaction_call_uuid
        pendingStarts[action.callUUID] = action
        // expect: cxstartcallaction_handle, cxhandle_value
        channel.invokeMethod("start", arguments: action.handle.value)
    }

    // The completion's only open path is taken once the plugin has been released.
    // expect: provider_perform_end_call_action, unresolved_action (medium), cxprovider, cxendcallaction
    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        media.hangUp(action.callUUID) { [weak self] error in
            guard let self = self else { return }
            // expect: cxcallaction_call_uuid
            self.eventSink?(["event": "ended", "id": action.callUUID.uuidString])
            // expect: cxaction_fulfill, cxaction_fail
            if error == nil { action.fulfill() } else { action.fail() }
        }
    }

    // No hand-off here: a handler that only logs leaves the action open, and that is certain.
    // expect: provider_perform_set_muted_call_action, unresolved_action (high), cxprovider, cxsetmutedcallaction
    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        // expect: cxsetmutedcallaction_is_muted
        NSLog("muted: %d", action.isMuted ? 1 : 0)
    }

    // expect: provider_did_reset, cxprovider
    public func providerDidReset(_ provider: CXProvider) {
        pendingStarts.removeAll()
        media.stopAll()
    }

    // expect: provider_did_activate_audio_session, cxprovider
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        media.startAudio()
    }

    // expect: push_registry_did_update_credentials
    public func pushRegistry(
        // expect: pkpushregistry, pkpushcredentials, pkpushtype
        _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
    ) {
        // expect: pkpushcredentials_token
        eventSink?(["event": "voipToken", "token": pushCredentials.token.base64EncodedString()])
    }

    // A push without a call id returns unreported; the rest is told to Dart before it is reported.
    // expect: push_registry_did_receive_incoming_push_completion, unreported_voip_push (medium)
    public func pushRegistry(
        // expect: pkpushregistry, pkpushpayload, pkpushtype
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        // expect: pkpushpayload_dictionary_payload
        guard let id = payload.dictionaryPayload["id"] as? String, let uuid = UUID(uuidString: id) else {
            completion()
            return
        }
        // expect: pkpushpayload_dictionary_payload
        let caller = payload.dictionaryPayload["caller"] as? String ?? ""
        eventSink?(["event": "incoming", "id": id, "caller": caller])
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_remote_handle, cxhandle_init, cxhandle_handletype_phone_number
        update.remoteHandle = CXHandle(type: .phoneNumber, value: caller)
        // expect: cxprovider_report_new_incoming_call
        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            if error != nil { self.media.hangUp(uuid) { _ in } }
            completion()
        }
    }
}
