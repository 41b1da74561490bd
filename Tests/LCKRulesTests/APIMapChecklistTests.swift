import LCKRules
import Testing

/// Every row of api-map §2 and §4, typed in by hand, must have a mapping entry with this `symbol`.
///
/// Rows that one entry covers on purpose (both `requestTransaction(with:)` overloads, the nil and
/// non-nil forms of `CXSetGroupCallAction(call:callUUIDToGroupWith:)`) appear once.
@Suite struct APIMapChecklistTests {
    static let provider = [
        "CXProvider", "CXProvider.init(configuration:)", "CXProvider.setDelegate(_:queue:)", "CXProvider.configuration",
        "CXProvider.reportNewIncomingCall(with:update:completion:)",
        "CXProvider.reportNewIncomingCall(with:update:) async throws",
        "CXProvider.reportNewIncomingVoIPPushPayload(_:completion:)",
        "CXProvider.reportOutgoingCall(with:startedConnectingAt:)",
        "CXProvider.reportOutgoingCall(with:connectedAt:)", "CXProvider.reportCall(with:updated:)",
        "CXProvider.reportCall(with:endedAt:reason:)", "CXProvider.invalidate()", "CXProvider.pendingTransactions",
        "CXProvider.pendingCallActions(of:withCall:)", "CXProvider.isSupported",
    ]
    static let configuration = [
        "CXProviderConfiguration", "CXProviderConfiguration.init()", "CXProviderConfiguration.init(localizedName:)",
        "CXProviderConfiguration.localizedName", "CXProviderConfiguration.ringtoneSound",
        "CXProviderConfiguration.iconTemplateImageData", "CXProviderConfiguration.maximumCallGroups",
        "CXProviderConfiguration.maximumCallsPerCallGroup", "CXProviderConfiguration.includesCallsInRecents",
        "CXProviderConfiguration.supportsVideo", "CXProviderConfiguration.supportedHandleTypes",
        "CXProviderConfiguration.supportsAudioTranslation",
    ]
    static let delegate = [
        "CXProviderDelegate", "CXProviderDelegate.providerDidReset(_:)", "CXProviderDelegate.providerDidBegin(_:)",
        "CXProviderDelegate.provider(_:execute:)",
        "CXProviderDelegate.provider(_:perform:) [CXStartCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXAnswerCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXEndCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXSetHeldCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXSetMutedCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXSetGroupCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXPlayDTMFCallAction]",
        "CXProviderDelegate.provider(_:perform:) [CXSetTranslatingCallAction]",
        "CXProviderDelegate.provider(_:timedOutPerforming:)", "CXProviderDelegate.provider(_:didActivate:)",
        "CXProviderDelegate.provider(_:didDeactivate:)",
    ]
    static let controller = [
        "CXCallController", "CXCallController.init()", "CXCallController.init(queue:)",
        "CXCallController.request(_:completion:)",
        "CXCallController.request(_:) async throws", "CXCallController.requestTransaction(with:completion:)",
        "CXCallController.requestTransaction(with:) async throws", "CXCallController.callObserver",
        "CXTransaction", "CXTransaction.init(action:)", "CXTransaction.init(actions:)", "CXTransaction.addAction(_:)",
        "CXTransaction.actions", "CXTransaction.uuid", "CXTransaction.isComplete",
    ]
    static let actionBase = [
        "CXAction", "CXCallAction", "CXAction.uuid", "CXAction.isComplete", "CXAction.timeoutDate",
        "CXAction.fulfill()",
        "CXAction.fail()", "CXAction.init()", "CXAction.init?(coder:)", "CXCallAction.callUUID",
        "CXCallAction.init(call:)",
    ]
    static let concreteActions = [
        "CXStartCallAction", "CXStartCallAction.init(call:handle:)", "CXStartCallAction.handle",
        "CXStartCallAction.isVideo",
        "CXStartCallAction.contactIdentifier", "CXStartCallAction.fulfill(withDateStarted:)",
        "CXAnswerCallAction", "CXAnswerCallAction.init(call:)", "CXAnswerCallAction.fulfill(withDateConnected:)",
        "CXEndCallAction", "CXEndCallAction.init(call:)", "CXEndCallAction.fulfill(withDateEnded:)",
        "CXSetHeldCallAction", "CXSetHeldCallAction.init(call:onHold:)", "CXSetHeldCallAction.isOnHold",
        "CXSetMutedCallAction", "CXSetMutedCallAction.init(call:muted:)", "CXSetMutedCallAction.isMuted",
        "CXSetGroupCallAction", "CXSetGroupCallAction.init(call:callUUIDToGroupWith:)",
        "CXSetGroupCallAction.callUUIDToGroupWith",
        "CXPlayDTMFCallAction", "CXPlayDTMFCallAction.init(call:digits:type:)", "CXPlayDTMFCallAction.digits",
        "CXPlayDTMFCallAction.type", "CXPlayDTMFCallAction.ActionType", "CXPlayDTMFCallAction.ActionType.singleTone",
        "CXPlayDTMFCallAction.ActionType.softPause", "CXPlayDTMFCallAction.ActionType.hardPause",
        "CXSetTranslatingCallAction",
        "CXSetTranslatingCallAction.init(call:isTranslating:localLanguage:remoteLanguage:)",
        "CXSetTranslatingCallAction.fulfill(using:)", "CXTranslationEngine",
    ]
    static let callUpdate = [
        "CXCallUpdate", "CXCallUpdate.init()", "CXCallUpdate.remoteHandle", "CXCallUpdate.localizedCallerName",
        "CXCallUpdate.hasVideo", "CXCallUpdate.supportsHolding", "CXCallUpdate.supportsGrouping",
        "CXCallUpdate.supportsUngrouping", "CXCallUpdate.supportsDTMF",
    ]
    static let handles = [
        "CXHandle", "CXHandle.init(type:value:)", "CXHandle.type", "CXHandle.value", "CXHandle.isEqual(to:)",
        "CXHandle.HandleType", "CXHandle.HandleType.generic", "CXHandle.HandleType.phoneNumber",
        "CXHandle.HandleType.emailAddress",
    ]
    static let endedReasons = [
        "CXCallEndedReason", "CXCallEndedReason.failed", "CXCallEndedReason.remoteEnded",
        "CXCallEndedReason.unanswered",
        "CXCallEndedReason.answeredElsewhere", "CXCallEndedReason.declinedElsewhere",
    ]
    static let observer = [
        "CXCallObserver", "CXCallObserver.calls", "CXCallObserver.setDelegate(_:queue:)", "CXCallObserverDelegate",
        "CXCallObserverDelegate.callObserver(_:callChanged:)", "CXCall", "CXCall.uuid", "CXCall.isOutgoing",
        "CXCall.isOnHold", "CXCall.hasConnected", "CXCall.hasEnded",
    ]
    static let callDirectory = [
        "CXCallDirectoryProvider", "CXCallDirectoryProvider.beginRequest(with:)", "CXCallDirectoryExtensionContext",
        "CXCallDirectoryExtensionContext.addBlockingEntry(withNextSequentialPhoneNumber:)",
        "CXCallDirectoryExtensionContext.removeBlockingEntry(withPhoneNumber:)",
        "CXCallDirectoryExtensionContext.addIdentificationEntry(withNextSequentialPhoneNumber:label:)",
        "CXCallDirectoryExtensionContext.removeIdentificationEntry(withPhoneNumber:)",
        "CXCallDirectoryExtensionContext.removeAllBlockingEntries()",
        "CXCallDirectoryExtensionContext.removeAllIdentificationEntries()",
        "CXCallDirectoryExtensionContext.isIncremental", "CXCallDirectoryExtensionContext.delegate",
        "CXCallDirectoryExtensionContext.completeRequest(completionHandler:)",
        "CXCallDirectoryExtensionContextDelegate",
        "CXCallDirectoryExtensionContextDelegate.requestFailed(for:withError:)", "CXCallDirectoryManager",
        "CXCallDirectoryManager.sharedInstance",
        "CXCallDirectoryManager.reloadExtension(withIdentifier:completionHandler:)",
        "CXCallDirectoryManager.getEnabledStatusForExtension(withIdentifier:completionHandler:)",
        "CXCallDirectoryManager.openSettings(completionHandler:)", "CXCallDirectoryManager.EnabledStatus",
        "CXCallDirectoryPhoneNumber", "CXCallDirectoryPhoneNumberMax",
    ]
    static let errors = [
        "CXError", "CXErrorDomain", "CXErrorDomainIncomingCall", "CXErrorCodeIncomingCallError",
        "CXErrorDomainRequestTransaction", "CXErrorCodeRequestTransactionError", "CXErrorDomainCallDirectoryManager",
        "CXErrorCodeCallDirectoryManagerError", "CXErrorDomainNotificationServiceExtension",
        "CXErrorCodeNotificationServiceExtensionError",
    ]
    static let pushKit = [
        "PKPushType.voIP", "PKPushRegistry", "PKPushRegistry.init(queue:)", "PKPushRegistry.delegate",
        "PKPushRegistry.desiredPushTypes", "PKPushRegistryDelegate",
        "PKPushRegistryDelegate.pushRegistry(_:didUpdate:for:)",
        "PKPushRegistryDelegate.pushRegistry(_:didInvalidatePushTokenFor:)",
        "PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingPushWith:for:completion:)",
        "PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingPushWith:for:) async",
        "PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingPushWith:for:) (deprecated, synchronous)",
        "PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)",
        "PKPushRegistryDelegate.pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:) async",
        "PKVoIPPushMetadata", "PKVoIPPushMetadata.mustReport", "PKPushPayload", "PKPushCredentials",
    ]

    static let all =
        provider + configuration + delegate + controller + actionBase + concreteActions + callUpdate
        + handles + endedReasons + observer + callDirectory + errors + pushKit

    @Test(arguments: all)
    func hasEntry(symbol: String) {
        #expect(BuiltinTableTests.table.mappings.contains { $0.symbol == symbol }, "no mapping entry for \(symbol)")
    }

    @Test func checklistHasNoDuplicates() {
        #expect(Set(Self.all).count == Self.all.count)
    }

    @Test func spotChecks() {
        let table = BuiltinTableTests.table
        #expect(table.mapping(id: "cxprovider")?.mappingKind == .merge)
        #expect(
            table.mapping(id: "cxcallendedreason_answered_elsewhere")?.replacement
                == "Conversation.EndedReason.joinedElsewhere")
        #expect(
            table.mapping(id: "cxcallupdate_supports_dtmf")?.replacement == "Conversation.Capabilities.playingTones")
        #expect(table.mapping(id: "provider_perform_answer_call_action")?.area == .incoming)
        #expect(table.mapping(id: "cxsettranslatingcallaction_init")?.replacement.contains("conversationID:") == true)
        #expect(
            table.mapping(id: "push_registry_did_receive_incoming_voip_push_metadata_async")?.availability?.ios26
                == true)
        #expect(table.mapping(id: "cxcalldirectorymanager")?.mappingKind == .noEquivalent)
    }
}
