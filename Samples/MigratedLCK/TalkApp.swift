//
//  TalkApp.swift
//  Talk (LiveCommunicationKit edition)
//
//  App entry point. The coordinator (and with it the ConversationManager)
//  and the push service are created once at launch and never replaced.
//

import LiveCommunicationKit
import SwiftUI

final class TalkAppDelegate: NSObject, UIApplicationDelegate {

    let signaling = SignalingService()
    private(set) var coordinator: ConversationCoordinator!
    private(set) var pushService: VoIPPushService!

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        coordinator = ConversationCoordinator(signaling: signaling)
        pushService = VoIPPushService(coordinator: coordinator)
        return true
    }
}

@main
struct TalkApp: App {
    @UIApplicationDelegateAdaptor(TalkAppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            DialerView(model: DialerModel(coordinator: appDelegate.coordinator))
        }
    }
}

/// Dial screen state. Outgoing conversations go through the manager, so the
/// delegate sees them exactly like system-initiated ones.
@MainActor
final class DialerModel: ObservableObject {

    @Published var entry = ""
    @Published private(set) var errorMessage: String?
    @Published private(set) var isDialing = false

    private let coordinator: ConversationCoordinator

    init(coordinator: ConversationCoordinator) {
        self.coordinator = coordinator
    }

    var shortcuts: [Handle] {
        [ContactHandleMapper.frontDesk, ContactHandleMapper.support]
    }

    func dialEntry(video: Bool) async {
        let contact: Contact
        if entry.contains("@") {
            contact = Contact(address: .email(entry), name: nil)
        } else if entry.contains(where: \.isLetter) {
            contact = Contact(address: .account(username: entry), name: nil)
        } else {
            contact = Contact(address: .phone(entry), name: nil)
        }
        guard let handle = ContactHandleMapper.handle(for: contact) else {
            errorMessage = "\"\(entry)\" is not a number, address or username Talk can call."
            return
        }
        await start(with: handle, video: video)
    }

    func start(with handle: Handle, video: Bool) async {
        isDialing = true
        defer { isDialing = false }
        let action = StartConversationAction(conversationUUID: UUID(), handles: [handle], isVideo: video)
        do {
            try await coordinator.manager.perform([action])
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func hangUpAll() async {
        let actions = coordinator.manager.conversations
            .filter { $0.state != .left }
            .map { EndConversationAction(conversationUUID: $0.uuid) }
        guard !actions.isEmpty else { return }
        do {
            try await coordinator.manager.perform(actions)
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}

struct DialerView: View {
    @StateObject var model: DialerModel

    var body: some View {
        VStack(spacing: 20) {
            TextField("Number, e-mail or username", text: $model.entry)
                .textInputAutocapitalization(.never)
                .textFieldStyle(.roundedBorder)
            HStack {
                Button("Audio") { Task { await model.dialEntry(video: false) } }
                Button("Video") { Task { await model.dialEntry(video: true) } }
            }
            .disabled(model.entry.isEmpty || model.isDialing)
            ForEach(model.shortcuts, id: \.value) { handle in
                Button(handle.displayName) { Task { await model.start(with: handle, video: false) } }
            }
            if let message = model.errorMessage {
                Text(message).foregroundStyle(.red)
            }
        }
        .padding()
    }
}
