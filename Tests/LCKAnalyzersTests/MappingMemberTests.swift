import Testing

@testable import LCKAnalyzers

@Suite struct MappingMemberTests {
    @Test func receiverTypesFromLocalsParametersPropertiesAndChains() {
        let run = MappingRun(
            """
            final class Manager {
                let provider: CXProvider
                let controller = CXCallController()
                var inner: Inner
                func run(action: CXAnswerCallAction, call: CXCall, any: AnyObject) {
                    provider.invalidate()
                    self.provider.invalidate()
                    inner.provider.invalidate()
                    action.fulfill()
                    print(call.uuid, call.hasEnded)
                    let copy = action
                    copy.fail()
                    (any as? CXEndCallAction)?.fulfill()
                    if let end = any as? CXEndCallAction { end.fulfill(withDateEnded: Date()) }
                }
            }
            struct Inner { var provider: CXProvider }
            """)
        #expect(
            run.lines() == [
                "2:cxprovider", "3:cxcallcontroller_init",
                "5:cxanswercallaction", "5:cxcall",
                "6:cxprovider_invalidate", "7:cxprovider_invalidate", "8:cxprovider_invalidate",
                "9:cxaction_fulfill", "10:cxcall_has_ended", "10:cxcall_uuid", "12:cxaction_fail",
                "13:cxaction_fulfill", "13:cxendcallaction",
                "14:cxendcallaction", "14:cxendcallaction_fulfill_date_ended",
                "17:cxprovider",
            ])
    }

    @Test func membersOfFrameworkMembersWhenTheNameIsUnambiguous() {
        let run = MappingRun(
            """
            func f(action: CXStartCallAction, controller: CXCallController, end: CXEndCallAction) {
                print(action.handle.value)
                print(controller.callObserver.calls)
                print(end.transaction.uuid)
            }
            """)
        // `value` and `calls` belong to one receiver type each; `uuid` to several, so it stays unreported.
        #expect(
            run.lines() == [
                "1:cxcallcontroller", "1:cxendcallaction", "1:cxstartcallaction",
                "2:cxhandle_value", "2:cxstartcallaction_handle",
                "3:cxcallcontroller_call_observer", "3:cxcallobserver_calls",
            ])
    }

    @Test func shorthandClosureParametersAndInferredLocals() {
        let run = MappingRun(
            """
            final class Group {
                var calls: [CXCall] = []
                func go(observer: CXCallObserver) {
                    let held = calls.filter { $0.isOnHold }
                    let first = held.first
                    print(first?.uuid, observer.calls.contains { $0.hasEnded })
                    let manager = CXCallDirectoryManager.sharedInstance
                    manager.openSettings { _ in }
                    items.map { $0.uuid }
                }
            }
            """)
        #expect(
            run.lines() == [
                "2:cxcall", "3:cxcallobserver", "4:cxcall_is_on_hold",
                "6:cxcall_has_ended", "6:cxcall_uuid", "6:cxcallobserver_calls",
                "7:cxcalldirectorymanager", "7:cxcalldirectorymanager_shared_instance",
                "8:cxcalldirectorymanager_open_settings",
            ])
    }

    @Test func unknownReceiverSkipOrReport() {
        let run = MappingRun(
            """
            func f(x: Unknown) {
                thing.reportNewIncomingCall(with: id, update: update) { error in }
                thing.invalidate()
                thing.fulfill()
                thing.uuid
                thing.remoteHandle = nil
            }
            """)
        #expect(run.lines() == ["2:cxprovider_report_new_incoming_call", "6:cxcallupdate_remote_handle"])
    }

    @Test func labelsAndTrailingClosuresSelectTheOverload() {
        let run = MappingRun(
            """
            func f(provider: CXProvider, controller: CXCallController, t: CXTransaction) async throws {
                provider.reportNewIncomingCall(with: id, update: u) { _ in }
                provider.reportNewIncomingCall(with: id, update: u, completion: { _ in })
                try await provider.reportNewIncomingCall(with: id, update: u)
                controller.request(t) { error in }
                try await controller.request(t)
                provider.reportCall(with: id, updated: u)
                provider.reportCall(with: id, endedAt: nil, reason: .remoteEnded)
                provider.reportCall(with: id, somethingElse: 1)
            }
            """)
        #expect(
            run.lines() == [
                "1:cxcallcontroller", "1:cxprovider", "1:cxtransaction",
                "2:cxprovider_report_new_incoming_call", "3:cxprovider_report_new_incoming_call",
                "4:cxprovider_report_new_incoming_call_async",
                "5:cxcallcontroller_request", "6:cxcallcontroller_request_async",
                "7:cxprovider_report_call_updated",
                "8:cxcallendedreason_remote_ended", "8:cxprovider_report_call_ended",
            ])
    }

    @Test func liveCommunicationKitReceiversDoNotMatchSharedNames() {
        let run = MappingRun(
            """
            import LiveCommunicationKit
            final class Migrated: ConversationManagerDelegate {
                let manager: ConversationManager
                func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
                    action.fulfill()
                    action.fail()
                    print(action.uuid)
                    let handle = Handle(type: .generic, value: "x", displayName: "y")
                    manager.invalidate()
                }
                func conversationManagerDidBegin(_ manager: ConversationManager) {}
            }
            """)
        #expect(run.hits.isEmpty, "\(run.hits)")
    }

    @Test func bareCallsOnOwnTypesAreNotTheFramework() {
        let run = MappingRun(
            """
            extension CallManager {
                func end() { reportCall(with: id, endedAt: nil, reason: .failed) }
            }
            """)
        #expect(run.hits.isEmpty, "\(run.hits)")
    }

    @Test func propertyFromAnotherFileResolvesThroughProjectFacts() {
        let declaring = """
            final class CallManager: NSObject {
                let provider: CXProvider
                var controller: CXCallController?
            }
            """
        let using = """
            extension CallManager {
                func stop() {
                    provider.invalidate()
                    controller?.request(transaction) { _ in }
                }
            }
            """
        let together = MappingRun([declaring, using])
        #expect(together.lines(file: 1) == ["3:cxprovider_invalidate", "4:cxcallcontroller_request"])
        // Without the declaring file, both are `skip` members on an unknown receiver.
        #expect(MappingRun(using).hits.isEmpty)
    }
}
