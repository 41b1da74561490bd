import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import Testing

/// missing_action_handler.
@Suite struct MissingActionHandlerAnalyzerTests {
    func findings(_ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(MissingActionHandlerAnalyzer(), in: source)
    }

    @Test func capabilityWithoutHandlersInTheFileIsNotJudged() {
        // The delegate may live in another file; per file, stay quiet.
        #expect(findings("let u = CXCallUpdate()\nu.supportsHolding = true").isEmpty)
    }

    @Test func projectFactsJudgeCapabilityFilesWithoutHandlers() {
        let handlerFile = "func provider(_ p: CXProvider, perform action: CXEndCallAction) { action.fulfill() }"
        let capabilityFile = "let u = CXCallUpdate()\nu.supportsHolding = true\nu.supportsDTMF = false"
        var project = MissingActionHandlerAnalyzer.ActionFacts()
        project.merge(MissingActionHandlerAnalyzer.actionFacts(in: context(handlerFile)))
        var found: [Finding] = []
        MissingActionHandlerAnalyzer().analyze(context(capabilityFile), project: project, into: &found)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("supportsHolding") == true)
        project.merge(.init(handledByType: ["Other": ["CXSetHeldCallAction"]]))
        found = []
        MissingActionHandlerAnalyzer().analyze(context(capabilityFile), project: project, into: &found)
        #expect(found.isEmpty)
    }

    @Test func aCapabilityKnownFromTheSourcesIsHighAndOneReadAtRunTimeMedium() {
        let source = """
            func provider(_ p: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
            let holds = true
            func update(_ settings: Settings) -> CXCallUpdate {
                let u = CXCallUpdate()
                u.supportsHolding = true
                u.supportsGrouping = holds
                u.supportsDTMF = settings.keypad
                return u
            }
            """
        let found = findings(source)
        #expect(found.map(\.confidence) == [.high, .high, .medium])
        #expect(found.last?.evidence.last == "not high: the value of `settings.keypad` is not known from the sources")
        // `.pausing` taken as a capability from the words on its line, not from its type.
        let lck = """
            func provider(_ p: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
            let update = Conversation.Update(capabilities: [.pausing])
            let typed: Conversation.Capabilities = Conversation.Capabilities.pausing
            """
        #expect(findings(lck).map(\.confidence) == [.medium, .high])
    }

    @Test func lckCapabilityNeedsAnLCKHandler() {
        let source = """
            var caps: Conversation.Capabilities = []
            caps.insert(.pausing)
            func provider(_ p: CXProvider, perform action: CXSetHeldCallAction) { action.fulfill() }
            """
        #expect(findings(source).count == 1)
    }

    /// Per the anti-pattern definition, even an app that never dials needs a start handler (a redial from
    /// Recents or Siri comes back as a start), unless another delegate type of the app takes the starts.
    @Test func startHandlerRequiredWhetherOrNotTheAppRequestsStarts() {
        let delegate = """
            final class D: NSObject, CXProviderDelegate {
                func provider(_ p: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
                func provider(_ p: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
            }
            """
        #expect(findings(delegate).map(\.message).first?.contains("CXStartCallAction") == true)
        #expect(findings(delegate).count == 1)
        let requesting = delegate + "\nfunc dial(h: CXHandle) { request(CXStartCallAction(call: UUID(), handle: h)) }"
        #expect(findings(requesting).count == 1)
        let handled = delegate.replacingOccurrences(
            of: "CXEndCallAction) { action.fulfill() }",
            with:
                "CXEndCallAction) { action.fulfill() }\n    func provider(_ p: CXProvider, perform action: CXStartCallAction) { action.fulfill() }"
        )
        #expect(findings(handled).isEmpty)
        let secondDelegate =
            delegate + """

                final class Dialer: NSObject, CXProviderDelegate {
                    func provider(_ p: CXProvider, perform action: CXStartCallAction) { action.fulfill() }
                    func provider(_ p: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
                    func provider(_ p: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
                }
                """
        #expect(findings(secondDelegate).isEmpty, "another delegate type takes the starts")
    }

    @Test func delegateDeclaredElsewhereIsNotJudged() {
        let source =
            "extension D: CXProviderDelegate {\n    func provider(_ p: CXProvider, perform action: CXSetHeldCallAction) { action.fulfill() }\n}"
        #expect(findings(source).isEmpty)
    }

    func context(_ source: String) -> AnalysisContext {
        AnalysisContext(file: Lexer.tokenize(Array(source.utf8)), rules: AnalyzerTestSupport.rules)
    }
}
