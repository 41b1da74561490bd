//
//  LineDelegate.swift
//  Relay
//
//  Every handler hops to the main actor first. Inside that task, work handed on to a further task still
//  finishes after the fulfill.
//

import CallKit
import Foundation

// expect: cxproviderdelegate
final class LineDelegate: NSObject, CXProviderDelegate {

    private var lines: Set<UUID> = []

    // expect: provider_did_reset, cxprovider
    func providerDidReset(_ provider: CXProvider) {
        lines.removeAll()
    }

    /// The hang-up request runs in a nested task, and the end is fulfilled before it is sent.
    // expect: provider_perform_end_call_action, cxprovider, cxendcallaction
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        Task { @MainActor in
            Task {
                // expect: cxcallaction_call_uuid
                try await self.hangUp(action.callUUID)
            }
            // expect: cxcallaction_call_uuid
            self.lines.remove(action.callUUID)
            // expect: cxaction_fulfill, premature_fulfill
            action.fulfill()
        }
    }

    /// The answer waits for the join inside the task, then fulfills.
    // expect: provider_perform_answer_call_action, cxprovider, cxanswercallaction
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        Task { @MainActor in
            do {
                // expect: cxcallaction_call_uuid
                try await self.join(action.callUUID)
                // expect: cxaction_fulfill
                action.fulfill()
            } catch {
                // expect: cxaction_fail
                action.fail()
            }
        }
    }

    /// The start fulfills in the task, then asks for a callback that only logs (a request of its own).
    // expect: provider_perform_start_call_action, cxprovider, cxstartcallaction
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        Task { @MainActor in
            // expect: cxcallaction_call_uuid
            self.lines.insert(action.callUUID)
            // expect: cxaction_fulfill
            action.fulfill()
            // expect: cxcallaction_call_uuid
            self.announce(action.callUUID) { error in
                if let error {
                    print("announce failed: \(error)")
                }
            }
        }
    }

    func hangUp(_ id: UUID) async throws {}

    func join(_ id: UUID) async throws {
        lines.insert(id)
    }

    func announce(_ id: UUID, completion: @escaping (Error?) -> Void) {
        completion(nil)
    }
}
