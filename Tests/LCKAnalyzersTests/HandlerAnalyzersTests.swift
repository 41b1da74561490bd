import LCKAnalyzers
import LCKCore
import LCKLexer
import Testing

/// audio_outside_activation and missing_action_handler.
@Suite struct AudioOutsideActivationTests {
    func findings(_ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(AudioOutsideActivationAnalyzer(), in: source)
    }

    @Test func helperTwoLevelsDownCarriesAWitness() throws {
        let source = """
            import CallKit
            final class D: CXProviderDelegate {
                func provider(_ p: CXProvider, perform action: CXStartCallAction) { prepare(); action.fulfill() }
                func prepare() { self.configure() }
                func configure() { try? session.setActive(true) }
            }
            """
        let found = findings(source)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(
            finding.witness.map(\.message) == [
                "`provider(_:perform:)` calls `prepare()`", "`prepare()` calls `configure()`",
            ])
    }

    /// A bare call reaches the caller's own method of that name, not another type's; a type with none of
    /// its own still reaches the file's functions of the name.
    @Test func helperCallReachesTheCallersOwnMethod() {
        let source = """
            import CallKit
            final class D: CXProviderDelegate {
                func provider(_ p: CXProvider, perform action: CXStartCallAction) { prepare(); action.fulfill() }
                func prepare() { log() }
            }
            final class Other {
                func prepare() { try? session.setActive(true) }
            }
            """
        #expect(findings(source).isEmpty)
        let withoutOwn = source.replacingOccurrences(of: "    func prepare() { log() }\n", with: "")
        #expect(findings(withoutOwn).count == 1)
    }

    @Test func threeLevelsIsTooDeep() {
        let source = """
            import CallKit
            func provider(_ p: CXProvider, perform action: CXStartCallAction) { a() }
            func a() { b() }
            func b() { c() }
            func c() { try? session.setActive(true) }
            """
        #expect(findings(source).isEmpty)
    }

    @Test func engineAndWebRTCStarts() {
        let source = """
            import LiveCommunicationKit
            func conversationManager(_ m: ConversationManager, perform action: ConversationAction) {
                engine.start()
                RTCAudioSession.sharedInstance().isAudioEnabled = true
                AudioOutputUnitStart(unit)
                timer.start()
                RTCAudioSession.sharedInstance().isAudioEnabled = false
            }
            """
        #expect(findings(source).count == 3)
    }

    @Test func didActivateAndUnrelatedFunctionsAreFine() {
        let source = """
            import CallKit
            func provider(_ p: CXProvider, didActivate s: AVAudioSession) { try? s.setActive(true) }
            func playRingtone() { try? AVAudioSession.sharedInstance().setActive(true) }
            """
        #expect(findings(source).isEmpty)
    }

    @Test func callFlowFunctionsAreLowConfidence() {
        let source = "import CallKit\nfunc startOutgoingCall() { try? AVAudioSession.sharedInstance().setActive(true) }"
        #expect(findings(source).map(\.confidence) == [.low])
    }

    @Test func audioSessionManagerActivateInAnAnswerHandler() {
        let source = """
            import CallKit
            final class D: NSObject, CXProviderDelegate {
                func provider(_ p: CXProvider, perform action: CXAnswerCallAction) {
                    AudioSessionManager.shared.activate()
                    action.fulfill()
                }
                func provider(_ p: CXProvider, perform action: CXEndCallAction) {
                    timer.activate()
                    action.fulfill()
                }
            }
            """
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first.map { source.utf8.count > $0.range.start } == true)
    }
}

@Suite struct MissingActionHandlerTests {
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
