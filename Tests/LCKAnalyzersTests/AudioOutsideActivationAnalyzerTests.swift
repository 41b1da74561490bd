import LCKAnalyzers
import LCKCore
import LCKLexer
import Testing

/// audio_outside_activation.
@Suite struct AudioOutsideActivationAnalyzerTests {
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
        // Each helper is the caller's one method of its name: resolved, so high.
        #expect(finding.confidence == .high)
    }

    @Test func aHelperChosenAmongSeveralSameNamedFunctionsIsMedium() {
        let source = """
            import CallKit
            final class D: CXProviderDelegate {
                func provider(_ p: CXProvider, perform action: CXStartCallAction) { prepare(); action.fulfill() }
            }
            final class Ringer {
                func prepare() { try? session.setActive(true) }
            }
            final class Recorder {
                func prepare() { engine.start() }
            }
            """
        let found = findings(source)
        #expect(found.map(\.confidence) == [.medium, .medium])
        #expect(found.first?.evidence.last == "not high: `prepare()` resolved by name among 2 definitions")
        let direct =
            "import CallKit\nfunc provider(_ p: CXProvider, perform action: CXStartCallAction) {\n"
            + "    try? session.setActive(true)\n    action.fulfill()\n}"
        #expect(findings(direct).map(\.confidence) == [.high])
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

    @Test func aVoIPPushHandlerIsACallPathInAFileThatImportsOnlyPushKit() {
        // The CallKit code lives in another module; the push must still report a call, so the handler counts.
        let source = """
            import AVFAudio
            import PushKit
            final class VoipPushes: NSObject, PKPushRegistryDelegate {
                func pushRegistry(_ r: PKPushRegistry, didReceiveIncomingPushWith p: PKPushPayload, for t: PKPushType, completion: @escaping () -> Void) {
                    try? AVAudioSession.sharedInstance().setActive(true)
                    sdk.reportIncoming(p.dictionaryPayload, completion: completion)
                }
                func playChime() { try? AVAudioSession.sharedInstance().setActive(true) }
            }
            """
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first?.confidence == .high)
        #expect(
            found.first?.message.contains("in `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`") == true)
        // Without the PushKit import nothing in the file is a call path.
        #expect(findings(source.replacingOccurrences(of: "import PushKit\n", with: "")).isEmpty)
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
