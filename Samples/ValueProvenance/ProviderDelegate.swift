//
//  ProviderDelegate.swift
//  Relay
//

import CallKit

// expect: cxproviderdelegate, missing_action_handler
final class ProviderDelegate: NSObject, CXProviderDelegate {
    // expect: provider_did_reset, cxprovider
    func providerDidReset(_ provider: CXProvider) {
        CallStore.shared.removeAll()
    }

    // expect: provider_perform_answer_call_action, cxprovider, cxanswercallaction
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // expect: cxcallaction_call_uuid
        CallStore.shared.answer(action.callUUID)
        // expect: cxaction_fulfill
        action.fulfill()
    }

    // expect: provider_perform_end_call_action, cxprovider, cxendcallaction
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // expect: cxcallaction_call_uuid
        CallStore.shared.end(action.callUUID)
        // expect: cxaction_fulfill
        action.fulfill()
    }
}
