// The names the rules' LiveCommunicationKit examples (`example.after` with `"afterIs": "lck"`) take for
// granted, so each example type-checks on its own against the stub modules. App code (`media`, `calls`,
// `log`) is a stand-in that accepts any call, so only the LiveCommunicationKit and PushKit code is checked.
import AVFAudio
import Foundation
import LiveCommunicationKit
import PushKit

/// Anything the app itself provides: any member, any call, any subscript.
@dynamicMemberLookup @dynamicCallable
final class AppCode: Hashable, @unchecked Sendable {
    subscript(dynamicMember name: String) -> AppCode { AppCode() }
    subscript(_ keys: AnyHashable...) -> AppCode? {
        get { AppCode() }
        set {}
    }
    @discardableResult func dynamicallyCall(withKeywordArguments arguments: KeyValuePairs<String, Any>) -> AppCode {
        AppCode()
    }
    static var outgoing: AppCode { AppCode() }
    static func == (lhs: AppCode, rhs: AppCode) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

@discardableResult func log(_ value: Any) -> AppCode { AppCode() }
func show(_ value: Any) {}
func refresh(_ value: Any) {}
func dial(_ value: String) {}
func format(_ value: String) {}
func merge() {}
func startTimer() {}
func showResume() {}
func showDialing() {}
func waitForUser() {}
func done() {}
func finish(_ error: Error?) {}
func contentHandler(_ content: Any) {}
func id(_ payload: PKPushPayload) -> UUID { UUID() }
func update(_ payload: PKPushPayload) -> Conversation.Update { Conversation.Update() }

nonisolated(unsafe) let media = AppCode()
nonisolated(unsafe) let audio = AppCode()
nonisolated(unsafe) let calls = AppCode()
nonisolated(unsafe) let server = AppCode()
nonisolated(unsafe) let translator = AppCode()
nonisolated(unsafe) let icon = AppCode()
nonisolated(unsafe) let store = AppCode()
nonisolated(unsafe) let dialer = AppCode()
nonisolated(unsafe) let content = AppCode()
nonisolated(unsafe) var pending: [UUID: ConversationAction] = [:]
nonisolated(unsafe) var actions: [ConversationAction] = []
let iconData = Data()
let caller = (id: "alice", name: "Alice")
let wantsVideo = true
nonisolated(unsafe) var ids = Set<UUID>()

nonisolated(unsafe) let manager = ConversationManager(configuration: settings)
nonisolated(unsafe) var config = settings
let settings = ConversationManager.Configuration(
    ringtoneName: nil, iconTemplateImageData: nil, maximumConversationGroups: 2,
    maximumConversationsPerConversationGroup: 5, includesConversationInRecents: true, supportsVideo: false,
    supportedHandleTypes: [.generic])
nonisolated(unsafe) let conversation = manager.conversations[0]
let id = UUID()
let callID = UUID()
let partner: UUID? = nil
let update = Conversation.Update()
let handle = Handle(type: .generic, value: "alice", displayName: nil)
let other = handle
let userID = "alice"
let name = "Alice"
let email = "alice@example.com"
let value = "alice"
let number = "+14085550100"
nonisolated(unsafe) let registry = PKPushRegistry(queue: nil)
nonisolated(unsafe) let userInfo: [AnyHashable: Any] = [:]
nonisolated(unsafe) let payload = PKPushPayload()
nonisolated(unsafe) let credentials = PKPushCredentials()
nonisolated(unsafe) let metadata = PKVoIPPushMetadata()
let handles = [handle]
nonisolated(unsafe) let pushHandler = AppPushHandler()
nonisolated(unsafe) let coordinator = AppCallCoordinator()

// One action of each kind, named as the examples name them.
nonisolated(unsafe) let action = ConversationAction(conversationUUID: id, timeoutDate: .now)
nonisolated(unsafe) let start = StartConversationAction(conversationUUID: id, handles: [handle], isVideo: false)
nonisolated(unsafe) let join = JoinConversationAction(conversationUUID: id)
nonisolated(unsafe) let end = EndConversationAction(conversationUUID: id)
nonisolated(unsafe) let mute = MuteConversationAction(conversationUUID: id, isMuted: true)
nonisolated(unsafe) let pause = PauseConversationAction(conversationUUID: id, isPaused: true)
nonisolated(unsafe) let play = PlayToneAction(conversationUUID: id, digits: "1", tone: .single)
nonisolated(unsafe) let group = MergeConversationAction(conversationUUID: id, conversationUUIDToMergeWith: id)
nonisolated(unsafe) let translating = SetTranslatingAction(
    conversationID: id, isTranslating: true, localLanguage: Locale.Language(identifier: "en"),
    remoteLanguage: Locale.Language(identifier: "fr"))

final class AppPushHandler: NSObject, PKPushRegistryDelegate {
    func pushRegistry(_ registry: PKPushRegistry, didUpdate credentials: PKPushCredentials, for type: PKPushType) {}
}

final class AppCallCoordinator: ConversationManagerDelegate {
    func conversationManagerDidBegin(_ manager: ConversationManager) {}
    func conversationManagerDidReset(_ manager: ConversationManager) {}
    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {}
    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {}
    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {}
    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {}
    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {}
}
