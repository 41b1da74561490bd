// Minimal stand-in for Apple's CallKit (the symbols of api-map.md §2), written from the documented
// declarations so generated code that keeps the CallKit path (the two-stack scaffold) can be type-checked
// on Linux. Bodies do nothing. Not part of any target.
//
// The Objective-C optional delegate methods are requirements with empty default implementations: a
// conforming type may implement any of them, and one with the right signature is the one called.
import AVFAudio
import Foundation

open class CXHandle: NSObject {
    public enum HandleType: Int, Sendable {
        case generic = 1
        case phoneNumber = 2
        case emailAddress = 3
    }

    open var type: HandleType
    open var value: String

    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
    }

    open func isEqual(to handle: CXHandle) -> Bool { type == handle.type && value == handle.value }
}

public enum CXCallEndedReason: Int, Sendable {
    case failed = 1
    case remoteEnded = 2
    case unanswered = 3
    case answeredElsewhere = 4
    case declinedElsewhere = 5
}

open class CXCallUpdate: NSObject {
    open var remoteHandle: CXHandle?
    open var localizedCallerName: String?
    open var supportsHolding = true
    open var supportsGrouping = true
    open var supportsUngrouping = true
    open var supportsDTMF = true
    open var hasVideo = false

    public override init() {}
}

open class CXAction: NSObject {
    open var uuid: UUID { UUID() }
    open var isComplete: Bool { false }
    open var timeoutDate: Date { Date() }

    public override init() {}

    open func fulfill() {}
    open func fail() {}
}

open class CXCallAction: CXAction {
    open var callUUID: UUID

    public init(call callUUID: UUID) {
        self.callUUID = callUUID
    }
}

open class CXStartCallAction: CXCallAction {
    open var handle: CXHandle
    open var contactIdentifier: String?
    open var isVideo = false

    public init(call callUUID: UUID, handle: CXHandle) {
        self.handle = handle
        super.init(call: callUUID)
    }

    open func fulfill(withDateStarted dateStarted: Date) {}
}

open class CXAnswerCallAction: CXCallAction {
    open func fulfill(withDateConnected dateConnected: Date) {}
}

open class CXEndCallAction: CXCallAction {
    open func fulfill(withDateEnded dateEnded: Date) {}
}

open class CXSetHeldCallAction: CXCallAction {
    open var isOnHold: Bool

    public init(call callUUID: UUID, onHold: Bool) {
        isOnHold = onHold
        super.init(call: callUUID)
    }
}

open class CXSetMutedCallAction: CXCallAction {
    open var isMuted: Bool

    public init(call callUUID: UUID, muted: Bool) {
        isMuted = muted
        super.init(call: callUUID)
    }
}

open class CXSetGroupCallAction: CXCallAction {
    open var callUUIDToGroupWith: UUID?

    public init(call callUUID: UUID, callUUIDToGroupWith: UUID?) {
        self.callUUIDToGroupWith = callUUIDToGroupWith
        super.init(call: callUUID)
    }
}

open class CXPlayDTMFCallAction: CXCallAction {
    public enum ActionType: Int, Sendable {
        case singleTone = 1
        case softPause = 2
        case hardPause = 3
    }

    open var digits: String
    open var type: ActionType

    public init(call callUUID: UUID, digits: String, type: ActionType) {
        self.digits = digits
        self.type = type
        super.init(call: callUUID)
    }
}

open class CXTransaction: NSObject {
    open var uuid: UUID { UUID() }
    open var isComplete: Bool { false }
    open private(set) var actions: [CXAction]

    public init(actions: [CXAction]) {
        self.actions = actions
    }

    public convenience init(action: CXAction) {
        self.init(actions: [action])
    }

    open func addAction(_ action: CXAction) { actions.append(action) }
}

open class CXProviderConfiguration: NSObject {
    open var ringtoneSound: String?
    open var iconTemplateImageData: Data?
    open var maximumCallGroups = 2
    open var maximumCallsPerCallGroup = 5
    open var includesCallsInRecents = true
    open var supportsVideo = false
    open var supportedHandleTypes: Set<CXHandle.HandleType> = []

    public override init() {}
}

public protocol CXProviderDelegate: NSObjectProtocol {
    func providerDidReset(_ provider: CXProvider)
    func providerDidBegin(_ provider: CXProvider)
    func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool
    func provider(_ provider: CXProvider, perform action: CXStartCallAction)
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)
    func provider(_ provider: CXProvider, perform action: CXEndCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction)
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction)
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction)
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession)
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession)
}

extension CXProviderDelegate {
    public func providerDidBegin(_ provider: CXProvider) {}
    public func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool { false }
    public func provider(_ provider: CXProvider, perform action: CXStartCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {}
    public func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {}
    public func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {}
    public func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {}
}

open class CXProvider: NSObject {
    open var configuration: CXProviderConfiguration
    open var pendingTransactions: [CXTransaction] { [] }

    public init(configuration: CXProviderConfiguration) {
        self.configuration = configuration
    }

    open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {}
    open func reportNewIncomingCall(
        with callUUID: UUID, update: CXCallUpdate, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {}
    open func reportNewIncomingCall(with callUUID: UUID, update: CXCallUpdate) async throws {}
    open func reportCall(with callUUID: UUID, updated update: CXCallUpdate) {}
    open func reportCall(with callUUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {}
    open func reportOutgoingCall(with callUUID: UUID, startedConnectingAt dateStartedConnecting: Date?) {}
    open func reportOutgoingCall(with callUUID: UUID, connectedAt dateConnected: Date?) {}
    open func pendingCallActions(of callActionClass: AnyClass, withCall callUUID: UUID) -> [CXCallAction] { [] }
    open func invalidate() {}
}

open class CXCall: NSObject {
    open var uuid: UUID { UUID() }
    open var isOutgoing: Bool { false }
    open var isOnHold: Bool { false }
    open var hasConnected: Bool { false }
    open var hasEnded: Bool { false }
}

public protocol CXCallObserverDelegate: NSObjectProtocol {
    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall)
}

open class CXCallObserver: NSObject {
    open var calls: [CXCall] { [] }

    open func setDelegate(_ delegate: (any CXCallObserverDelegate)?, queue: DispatchQueue?) {}
}

open class CXCallController: NSObject {
    open var callObserver: CXCallObserver { CXCallObserver() }

    public override init() {}

    public init(queue: DispatchQueue) {}

    open func request(_ transaction: CXTransaction, completion: @escaping @Sendable ((any Error)?) -> Void) {}
    open func request(_ transaction: CXTransaction) async throws {}
    open func requestTransaction(
        with actions: [CXAction], completion: @escaping @Sendable ((any Error)?) -> Void
    ) {}
    open func requestTransaction(with action: CXAction, completion: @escaping @Sendable ((any Error)?) -> Void) {}
}
