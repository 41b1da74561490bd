//
//  RelayAppDelegate.swift
//  Relay (mid-migration)
//
//  Launch: pick the backend for this run, then start PushKit with it. The
//  UI only talks to the CallBackend protocol.
//

import UIKit

@main
final class RelayAppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?
    private(set) var backend: CallBackend!
    private(set) var pushDispatcher: PushDispatcher!

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        backend = CallBackendFactory.make()
        pushDispatcher = PushDispatcher(backend: backend)
        RelayLog.calls.info("Call backend for this launch: \(self.backend.name, privacy: .public)")

        let window = UIWindow(frame: UIScreen.main.bounds)
        let model = CallScreenModel(backend: backend)
        window.rootViewController = CallScreenViewController(model: model)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// State behind the call screen, independent of the backend in use.
@MainActor
final class CallScreenModel {

    enum Phase: Equatable {
        case idle
        case calling(UUID?)
        case failed(String)
    }

    private let backend: CallBackend
    private(set) var phase: Phase = .idle {
        didSet { onChange?(phase) }
    }
    var onChange: ((Phase) -> Void)?
    private(set) var isMuted = false
    var currentCallUUID: UUID?

    init(backend: CallBackend) {
        self.backend = backend
    }

    func call(_ contact: RelayContact, video: Bool) {
        phase = .calling(nil)
        Task {
            do {
                try await backend.startCall(to: contact, video: video)
            } catch {
                phase = .failed(error.localizedDescription)
            }
        }
    }

    func toggleMute() {
        guard let uuid = currentCallUUID else { return }
        let target = !isMuted
        Task {
            do {
                try await backend.setMuted(target, callUUID: uuid)
                isMuted = target
            } catch {
                phase = .failed(error.localizedDescription)
            }
        }
    }

    func hangUp() {
        guard let uuid = currentCallUUID else { return }
        Task {
            try? await backend.endCall(uuid)
            currentCallUUID = nil
            phase = .idle
        }
    }
}

final class CallScreenViewController: UIViewController {

    private let model: CallScreenModel
    private let statusLabel = UILabel()
    private let demoContact = RelayContact(username: "ines.alvarez", displayName: "Inés Álvarez", phone: "+34915550142")

    init(model: CallScreenModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        statusLabel.textAlignment = .center
        statusLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(statusLabel)
        NSLayoutConstraint.activate([
            statusLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            statusLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        model.onChange = { [weak self] phase in
            switch phase {
            case .idle: self?.statusLabel.text = "Ready"
            case .calling: self?.statusLabel.text = "Calling…"
            case .failed(let message): self?.statusLabel.text = message
            }
        }
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Call Inés", style: .plain, target: self, action: #selector(callDemoContact))
    }

    @objc private func callDemoContact() {
        model.call(demoContact, video: false)
    }
}
