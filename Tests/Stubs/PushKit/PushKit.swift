// Minimal stand-in for Apple's PushKit (VoIP pushes), for type-checking generated code on Linux.
import Foundation

public struct PKPushType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
}

open class PKPushCredentials: NSObject {
    open var type: PKPushType { .voIP }
    open var token: Data { Data() }
}

open class PKPushPayload: NSObject {
    open var type: PKPushType { .voIP }
    open var dictionaryPayload: [AnyHashable: Any] { [:] }
}

/// iOS 26.4: whether the push must be reported as a call.
open class PKVoIPPushMetadata: NSObject {
    open var mustReport: Bool { true }
}

public protocol PKPushRegistryDelegate: AnyObject {
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType
    ) async {}
    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}

open class PKPushRegistry: NSObject {
    public init(queue: DispatchQueue?) {}
    open weak var delegate: (any PKPushRegistryDelegate)?
    open var desiredPushTypes: Set<PKPushType>?
    open func pushToken(for type: PKPushType) -> Data? { nil }
}
