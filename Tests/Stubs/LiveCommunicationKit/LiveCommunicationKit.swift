// Minimal stand-in for LiveCommunicationKit (iOS 17.4 surface, api-map.md §3), written from the
// documented declarations so generated code can be type-checked on Linux. Bodies do nothing.
import AVFAudio
import Foundation

public struct Handle: Hashable, Sendable {
    public enum Kind: Int, Hashable, Sendable {
        case generic
        case phoneNumber
        case emailAddress
    }

    public var type: Kind
    public var value: String
    public var displayName: String

    public init(type: Kind, value: String, displayName: String?) {
        self.type = type
        self.value = value
        self.displayName = displayName ?? value
    }
}

public final class Conversation: Hashable, Sendable {
    public enum State: Int, Sendable {
        case idle, joining, joined, paused, leaving, left
    }

    public enum EndedReason: Int, Hashable, Sendable, Codable {
        case failed, remoteEnded, unanswered, joinedElsewhere, declinedElsewhere
    }

    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let video = Capabilities(rawValue: 1 << 0)
        public static let pausing = Capabilities(rawValue: 1 << 1)
        public static let merging = Capabilities(rawValue: 1 << 2)
        public static let unmerging = Capabilities(rawValue: 1 << 3)
        public static let playingTones = Capabilities(rawValue: 1 << 4)
    }

    public struct Update: Hashable, Sendable {
        public var localMember: Handle?
        public var members: Set<Handle>?
        public var activeRemoteMembers: Set<Handle>?
        public var capabilities: Capabilities?

        public init(
            localMember: Handle? = nil, members: Set<Handle>? = nil, activeRemoteMembers: Set<Handle>? = nil,
            capabilities: Capabilities? = nil
        ) {
            self.localMember = localMember
            self.members = members
            self.activeRemoteMembers = activeRemoteMembers
            self.capabilities = capabilities
        }
    }

    public enum Event: Hashable, Sendable {
        case conversationStartedConnecting(Date)
        case conversationConnected(Date)
        case conversationEnded(Date, EndedReason)
        case conversationUpdated(Update)
    }

    public let uuid: UUID
    public var state: State { .idle }
    public var localMember: Handle? { nil }

    init(uuid: UUID) { self.uuid = uuid }

    public static func == (lhs: Conversation, rhs: Conversation) -> Bool { lhs.uuid == rhs.uuid }
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

open class ConversationAction: @unchecked Sendable {
    public enum State: Hashable, Sendable {
        case idle, running, complete
        case failed(reason: String)
    }

    public let uuid = UUID()
    public let conversationUUID: UUID
    public let timeoutDate: Date
    public var state: State { .idle }

    public init(conversationUUID: UUID, timeoutDate: Date) {
        self.conversationUUID = conversationUUID
        self.timeoutDate = timeoutDate
    }

    public func fulfill() {}
    public func fail() {}
}

public final class StartConversationAction: ConversationAction, @unchecked Sendable {
    public let handles: [Handle]
    public let isVideo: Bool
    public init(conversationUUID: UUID, handles: [Handle], isVideo: Bool) {
        self.handles = handles
        self.isVideo = isVideo
        super.init(conversationUUID: conversationUUID, timeoutDate: Date())
    }
    public func fulfill(dateStarted: Date) {}
}

public final class JoinConversationAction: ConversationAction, @unchecked Sendable {
    public init(conversationUUID: UUID) { super.init(conversationUUID: conversationUUID, timeoutDate: Date()) }
    public func fulfill(dateConnected: Date) {}
}

public final class EndConversationAction: ConversationAction, @unchecked Sendable {
    public init(conversationUUID: UUID) { super.init(conversationUUID: conversationUUID, timeoutDate: Date()) }
    public func fulfill(dateEnded: Date) {}
}

public final class MuteConversationAction: ConversationAction, @unchecked Sendable {
    public let isMuted: Bool
    public init(conversationUUID: UUID, isMuted: Bool) {
        self.isMuted = isMuted
        super.init(conversationUUID: conversationUUID, timeoutDate: Date())
    }
}

public final class PauseConversationAction: ConversationAction, @unchecked Sendable {
    public let isPaused: Bool
    public init(conversationUUID: UUID, isPaused: Bool) {
        self.isPaused = isPaused
        super.init(conversationUUID: conversationUUID, timeoutDate: Date())
    }
}

public final class PlayToneAction: ConversationAction, @unchecked Sendable {
    public enum Tone: Int, Sendable { case single, softPause, hardPause }
    public let digits: String
    public let tone: Tone
    public init(conversationUUID: UUID, digits: String, tone: Tone) {
        self.digits = digits
        self.tone = tone
        super.init(conversationUUID: conversationUUID, timeoutDate: Date())
    }
}

public final class MergeConversationAction: ConversationAction, @unchecked Sendable {
    public let conversationUUIDToMergeWith: UUID
    public init(conversationUUID: UUID, conversationUUIDToMergeWith: UUID) {
        self.conversationUUIDToMergeWith = conversationUUIDToMergeWith
        super.init(conversationUUID: conversationUUID, timeoutDate: Date())
    }
}

public final class UnmergeConversationAction: ConversationAction, @unchecked Sendable {
    public init(conversationUUID: UUID) { super.init(conversationUUID: conversationUUID, timeoutDate: Date()) }
}

/// iOS 26.
public final class SetTranslatingAction: ConversationAction, @unchecked Sendable {
    public enum TranslationEngine: Hashable, Sendable {
        case `default`
        case custom
    }
    public let isTranslating: Bool
    public let localLanguage: Locale.Language
    public let remoteLanguage: Locale.Language
    public init(
        conversationID: UUID, isTranslating: Bool, localLanguage: Locale.Language, remoteLanguage: Locale.Language
    ) {
        self.isTranslating = isTranslating
        self.localLanguage = localLanguage
        self.remoteLanguage = remoteLanguage
        super.init(conversationUUID: conversationID, timeoutDate: Date())
    }
    public func fulfill(using engine: TranslationEngine) {}
}

public protocol ConversationManagerDelegate: AnyObject {
    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation)
    func conversationManagerDidBegin(_ manager: ConversationManager)
    func conversationManagerDidReset(_ manager: ConversationManager)
    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction)
    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction)
    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession)
    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession)
}

public final class ConversationManager: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var ringtoneName: String?
        public var iconTemplateImageData: Data?
        public var maximumConversationGroups: Int
        public var maximumConversationsPerConversationGroup: Int
        public var includesConversationInRecents: Bool
        public var supportsVideo: Bool
        public var supportedHandleTypes: Set<Handle.Kind>
        /// iOS 26; not an initializer argument.
        public var supportsAudioTranslation = false

        public init(
            ringtoneName: String?, iconTemplateImageData: Data?, maximumConversationGroups: Int,
            maximumConversationsPerConversationGroup: Int, includesConversationInRecents: Bool, supportsVideo: Bool,
            supportedHandleTypes: Set<Handle.Kind>
        ) {
            self.ringtoneName = ringtoneName
            self.iconTemplateImageData = iconTemplateImageData
            self.maximumConversationGroups = maximumConversationGroups
            self.maximumConversationsPerConversationGroup = maximumConversationsPerConversationGroup
            self.includesConversationInRecents = includesConversationInRecents
            self.supportsVideo = supportsVideo
            self.supportedHandleTypes = supportedHandleTypes
        }
    }

    public let configuration: Configuration
    public weak var delegate: (any ConversationManagerDelegate)?
    public var conversations: [Conversation] { [] }
    public var pendingActions: [ConversationAction] { [] }

    public convenience init(configuration: Configuration) {
        self.init(storing: configuration)
    }

    private init(storing configuration: Configuration) {
        self.configuration = configuration
    }

    public func invalidate() {}
    public func pendingConversationActions(
        of type: ConversationAction.Type, for conversation: Conversation
    ) -> [ConversationAction] { [] }
    public func perform(_ actions: [ConversationAction]) async throws {}
    public func reportConversationEvent(_ event: Conversation.Event, for conversation: Conversation) {}
    public func reportNewIncomingConversation(uuid: UUID, update: Conversation.Update) async throws {}
    public class func reportNewIncomingVoIPPushPayload(_ payload: [AnyHashable: Any]) async throws {}
}
