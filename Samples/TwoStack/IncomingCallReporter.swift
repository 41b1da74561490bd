import CallKit
import Foundation
import LiveCommunicationKit

/// The two-stack period of an app that still supports iOS 15: CallKit below iOS 17.4,
/// LiveCommunicationKit above it. `report(_:caller:)` picks one per call; `reportEverywhere`
/// is the mistake the split avoids.
final class IncomingCallReporter {
    // expect: cxprovider
    private let provider: CXProvider
    private let conversations: AnyObject?

    // expect: cxprovider
    init(provider: CXProvider) {
        self.provider = provider
        if #available(iOS 17.4, *) {
            conversations = ConversationReporter()
        } else {
            conversations = nil
        }
    }

    /// One report per call: LiveCommunicationKit where the system has it, CallKit before.
    func report(_ callID: UUID, caller: String) async throws {
        if #available(iOS 17.4, *), let reporter = conversations as? ConversationReporter {
            try await reporter.reportConversation(callID, caller: caller)
        } else {
            // expect: cxprovider_report_new_incoming_call_async
            try await provider.reportNewIncomingCall(with: callID, update: Self.callUpdate(caller))
        }
    }

    /// Both stacks on one path: iOS 17.4 and later show two incoming-call screens.
    @available(iOS 17.4, *)
    func reportEverywhere(_ callID: UUID, caller: String) async throws {
        // expect: cxprovider_report_new_incoming_call_async
        try await provider.reportNewIncomingCall(with: callID, update: Self.callUpdate(caller))
        if let reporter = conversations as? ConversationReporter {
            // expect: dual_report
            try await reporter.reportConversation(callID, caller: caller)
        }
    }

    // expect: cxcallupdate
    private static func callUpdate(_ caller: String) -> CXCallUpdate {
        // expect: cxcallupdate_init
        let update = CXCallUpdate()
        // expect: cxcallupdate_localized_caller_name
        update.localizedCallerName = caller
        return update
    }
}

/// The LiveCommunicationKit side, only built on iOS 17.4 and later.
@available(iOS 17.4, *)
final class ConversationReporter {
    private let manager = ConversationManager(
        configuration: ConversationManager.Configuration(
            ringtoneName: nil, iconTemplateImageData: nil, maximumConversationGroups: 1,
            maximumConversationsPerConversationGroup: 1, includesConversationInRecents: true, supportsVideo: false,
            supportedHandleTypes: [.phoneNumber]))

    func reportConversation(_ callID: UUID, caller: String) async throws {
        let handle = Handle(type: .phoneNumber, value: caller, displayName: caller)
        try await manager.reportNewIncomingConversation(uuid: callID, update: Conversation.Update(members: [handle]))
    }
}
