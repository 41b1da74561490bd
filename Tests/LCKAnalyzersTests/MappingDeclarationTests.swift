import LCKRules
import Testing

@testable import LCKAnalyzers

@Suite struct MappingDeclarationTests {
    @Test func delegateMethodsByParameterTypes() {
        let run = MappingRun(
            """
            final class Handler {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {}
                func provider(_ provider: CXProvider, perform action: CXEndCallAction) {}
                func providerDidReset(_ provider: CXProvider) {}
                func provider(_ p: MyProvider, perform action: MyAction) {}
            }
            """)
        #expect(
            run.lines() == [
                "2:cxanswercallaction", "2:cxprovider", "2:provider_perform_answer_call_action",
                "3:cxendcallaction", "3:cxprovider", "3:provider_perform_end_call_action",
                "4:cxprovider", "4:provider_did_reset",
            ])
    }

    @Test func conformanceInAnotherFileAdmitsAliasedParameters() {
        let conformance = "extension CallManager: CXProviderDelegate {}"
        let implementation = """
            typealias P = CXProvider
            extension CallManager {
                func providerDidBegin(_ provider: P) {}
                func providerDidReset(_ provider: Unrelated) {}
            }
            """
        let run = MappingRun([conformance, implementation])
        // `P` is CXProvider through the alias; `Unrelated` contradicts the spec's parameter type.
        #expect(run.lines(file: 0) == ["1:cxproviderdelegate"])
        #expect(run.lines(file: 1) == ["1:cxprovider", "3:cxprovider", "3:provider_did_begin"])
    }

    @Test func asyncVariantsOfPushHandlers() {
        let source = """
            extension AppDelegate: PKPushRegistryDelegate {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                    if type == .voIP { print(payload.dictionaryPayload) }
                }
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {}
            }
            """
        let elsewhere = "let provider: CXProvider"
        let run = MappingRun([source, elsewhere])
        #expect(
            run.lines() == [
                "1:pkpushregistrydelegate",
                "2:pkpushpayload", "2:pkpushregistry", "2:pkpushtype",
                "2:push_registry_did_receive_incoming_push_async",
                "3:pkpushpayload_dictionary_payload", "3:pkpushtype_voip",
                "5:pkpushpayload", "5:pkpushregistry", "5:pkpushtype",
                "5:push_registry_did_receive_incoming_push_deprecated",
            ])
    }

    @Test func completionHandlerParameterIsNotPartOfTheSpecTypes() {
        let run = MappingRun(
            """
            final class Push {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
                                  for type: PKPushType, completion: @escaping () -> Void) {}
            }
            let provider: CXProvider
            """)
        #expect(
            run.lines() == [
                "2:pkpushpayload", "2:pkpushregistry", "2:push_registry_did_receive_incoming_push_completion",
                "3:pkpushtype",
                "5:cxprovider",
            ])
    }

    @Test func unchangedAPIsAreQuietOnceNothingElseIsLeft() {
        let source = """
            final class Push: PKPushRegistryDelegate {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {}
            }
            """
        // No CallKit anywhere: only the deprecated handler (a mapping that changes) is left to report.
        #expect(MappingRun(source).lines() == ["2:push_registry_did_receive_incoming_push_deprecated"])
        // Delegate protocol, registry, payload, push type and the handler itself.
        #expect(MappingRun([source, "let controller = CXCallController()"]).lines().count == 5)
    }

    @Test func enumCasesOnlyInListedContexts() {
        let run = MappingRun(
            """
            func f(provider: CXProvider, configuration: CXProviderConfiguration, registry: PKPushRegistry, ui: Label) {
                provider.reportCall(with: id, endedAt: nil, reason: .failed)
                configuration.supportedHandleTypes = [.phoneNumber, .emailAddress]
                registry.desiredPushTypes = Set([.voIP])
                let token = registry.pushToken(for: .voIP)
                let reason = CXCallEndedReason.unanswered
                ui.state = .failed
                show(reason: .failed)
                switch reason { case .failed: break; default: break }
            }
            """)
        #expect(
            run.lines() == [
                "1:cxprovider", "1:cxproviderconfiguration", "1:pkpushregistry",
                "2:cxcallendedreason_failed", "2:cxprovider_report_call_ended",
                "3:cxhandle_handletype_email_address", "3:cxhandle_handletype_phone_number",
                "3:cxproviderconfiguration_supported_handle_types",
                "4:pkpushregistry_desired_push_types", "4:pkpushtype_voip",
                "5:pkpushregistry_push_token", "5:pkpushtype_voip",
                "6:cxcallendedreason", "6:cxcallendedreason_unanswered",
            ])
    }

    @Test func customPackMatchesAnAppWrapper() throws {
        let rule = """
            {"entries": [{
              "id": "callservice_report_incoming", "symbol": "CallService.reportIncoming(_:)",
              "replacement": "ConversationManager.reportNewIncomingConversation(uuid:update:)",
              "mappingKind": "reshape", "area": "incoming", "severity": "warning",
              "title": "The wrapper hides a CXProvider call", "note": "Port the wrapper.",
              "match": {"member": "reportIncoming", "labels": ["_"], "receiverTypes": ["CallService"]}
            }]}
            """
        let table = try RuleLoader.load(layers: [
            RuleLayer(displayRoot: "custom", files: [RuleSourceFile(path: "mappings/app.json", contents: rule)])
        ])
        let run = MappingRun(
            """
            let service = CallService()
            service.reportIncoming(call)
            other.reportIncoming(call)
            """, rules: table)
        #expect(run.lines() == ["2:callservice_report_incoming"])
    }
}
