//
//  CallsViewModel.swift
//  Speakerbox
//
//  Drives the call list screen and the "simulate incoming call" debug menu.
//  Also holds the AppDelegate that owns the long-lived call objects.
//

import Combine
import Foundation
import UIKit

/// Row model for the call list.
struct CallRow: Identifiable, Equatable {
    let id: UUID
    let title: String
    let subtitle: String
    let isOnHold: Bool
    let isMuted: Bool
}

@MainActor
final class CallsViewModel: ObservableObject {

    @Published private(set) var rows: [CallRow] = []
    @Published var dialString: String = ""
    @Published var lastError: String?

    private let callManager: SpeakerboxCallManager
    private let providerDelegate: ProviderDelegate
    private var observer: NSObjectProtocol?

    init(callManager: SpeakerboxCallManager, providerDelegate: ProviderDelegate) {
        self.callManager = callManager
        self.providerDelegate = providerDelegate
        observer = NotificationCenter.default.addObserver(
            forName: SpeakerboxCallManager.callsChangedNotification,
            object: callManager,
            queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.reload() }
        }
        reload()
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    private func reload() {
        rows = callManager.calls.map { call in
            CallRow(
                id: call.uuid,
                title: call.displayName ?? call.remoteAddress,
                subtitle: call.phase.rawValue.capitalized,
                isOnHold: call.isOnHold,
                isMuted: call.isMuted
            )
        }
    }

    // MARK: User intents

    func dial(video: Bool = false) {
        guard let handle = callManager.handle(forDialedNumber: dialString) else {
            lastError = "\"\(dialString)\" is not a valid phone number."
            return
        }
        callManager.startCall(handle: handle, video: video)
        dialString = ""
    }

    func hangUp(_ row: CallRow) {
        guard let call = callManager.call(with: row.id) else { return }
        callManager.end(call: call)
    }

    func toggleHold(_ row: CallRow) {
        guard let call = callManager.call(with: row.id) else { return }
        callManager.setOnHold(call: call, onHold: !call.isOnHold)
    }

    func toggleMute(_ row: CallRow) {
        guard let call = callManager.call(with: row.id) else { return }
        callManager.setMuted(call: call, muted: !call.isMuted)
    }

    func sendKeypadDigits(_ digits: String, to row: CallRow) {
        guard let call = callManager.call(with: row.id) else { return }
        callManager.sendDTMF(digits, on: call)
    }

    // MARK: Debug menu

    /// Simulates an incoming call after `delay` so the app can be locked
    /// first. The call is created locally (no push), so a fresh UUID is the
    /// right identity here.
    func simulateIncomingCall(from number: String, name: String?, video: Bool, delay: TimeInterval) {
        guard let e164 = PhoneNumberNormalizer.e164(number, defaultRegion: "US") else {
            lastError = "Cannot simulate a call from \"\(number)\"."
            return
        }
        let uuid = UUID()
        let application = UIApplication.shared
        var backgroundTask = UIBackgroundTaskIdentifier.invalid
        backgroundTask = application.beginBackgroundTask {
            application.endBackgroundTask(backgroundTask)
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [providerDelegate] in
            providerDelegate.reportIncomingCall(uuid: uuid, e164Number: e164, callerName: name, hasVideo: video) { error in
                if let error {
                    Task { @MainActor [weak self] in self?.lastError = error.localizedDescription }
                }
                application.endBackgroundTask(backgroundTask)
            }
        }
    }
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    /// Both objects live as long as the app: one provider, one controller.
    let callManager = SpeakerboxCallManager()
    let audioController = AudioController()
    private(set) lazy var providerDelegate = ProviderDelegate(callManager: callManager,
                                                              audioController: audioController)

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        _ = providerDelegate
        audioController.observeRouteChanges()
        return true
    }

    @MainActor
    func makeCallsViewModel() -> CallsViewModel {
        CallsViewModel(callManager: callManager, providerDelegate: providerDelegate)
    }
}
