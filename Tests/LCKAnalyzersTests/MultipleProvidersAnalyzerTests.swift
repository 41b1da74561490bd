import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import Testing

/// multiple_providers.
@Suite struct MultipleProvidersAnalyzerTests {
    func findings(_ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(MultipleProvidersAnalyzer(), in: source)
    }

    @Test func perCallContexts() {
        let handler =
            "func provider(_ p: CXProvider, perform action: CXAnswerCallAction) { let x = CXProvider(configuration: c) }"
        #expect(findings(handler).first?.confidence == .high)
        let loop = "func setUp() { for c in configs { providers.append(CXProvider(configuration: c)) } }"
        #expect(findings(loop).first?.evidence == ["inside a loop"])
        let named = "func answerIncomingCall() { manager = ConversationManager(configuration: c) }"
        #expect(findings(named).count == 1)
    }

    @Test func onceOnlyConstructionsAreFine() {
        #expect(findings("final class A { static let shared = A(); let p = CXProvider(configuration: c) }").isEmpty)
        #expect(findings("func makeCallKitProvider() -> CXProvider { CXProvider(configuration: c) }").isEmpty)
        // A chat app's own `ConversationManager()` is not LiveCommunicationKit's.
        #expect(findings("func startConversation() { let m = ConversationManager() }").isEmpty)
    }

    @Test func viewLifecycleCountsOnlyForCallScreens() {
        // A screen that shows one call builds a provider per call; the app's root screen builds one.
        let callScreen =
            "final class IncomingCallViewController: UIViewController { override func viewDidLoad() { provider = CXProvider(configuration: c) } }"
        #expect(findings(callScreen).first?.evidence == ["in `viewDidLoad()`, once per view"])
        let rootScreen =
            "final class HomeViewController: UIViewController { override func viewDidLoad() { provider = CXProvider(configuration: c) } }"
        #expect(findings(rootScreen).isEmpty)
    }

    @Test func twoOwnersInOneFileAreBothReported() {
        let source =
            "final class A { let p = CXProvider(configuration: c) }\nfinal class B { let p = CXProvider(configuration: c) }"
        let found = findings(source)
        #expect(found.count == 2)
        #expect(found.first?.message.contains("`B`") == true)
        #expect(found.last?.message.contains("`A`") == true)
    }

    @Test func aPropertyRecreatedAfterInvalidateIsOneProvider() {
        let recreated = """
            final class CallCenter {
                var provider = CXProvider(configuration: CallCenter.configuration())
                func settingsChanged() {
                    provider.invalidate()
                    provider = CXProvider(configuration: CallCenter.configuration())
                }
                func reload() {
                    self.provider.invalidate()
                    self.provider = CXProvider(configuration: CallCenter.configuration())
                }
            }
            """
        #expect(findings(recreated).isEmpty)
        // Without `invalidate()` the old provider is not shut down: two constructions, two findings.
        let replacedOnly = recreated.replacingOccurrences(
            of: ".invalidate()", with: ".reportCall(with: id, updated: u)")
        #expect(findings(replacedOnly).count == 3)
        // A local built beside the property is a second provider even when the property is invalidated.
        let local = """
            final class CallCenter {
                var provider = CXProvider(configuration: c)
                func reset() { provider.invalidate(); let provider = CXProvider(configuration: c); use(provider) }
            }
            """
        #expect(findings(local).count == 2)
    }

    @Test func providerAndManagerAreCountedSeparately() {
        let source =
            "final class A { let p = CXProvider(configuration: c) }\nfinal class B { let m = ConversationManager(configuration: c) }"
        #expect(findings(source).isEmpty)
    }

    /// Issue 29: with a limit the analyzer builds only the findings a file cap of that size keeps (the
    /// first in report order) and counts the rest, so a file with a construction per line does not
    /// build hundreds of thousands of findings for the cap to drop.
    @Test func aLimitBuildsOnlyTheFirstFindingsAndCountsTheRest() {
        var lines = (0..<20).map { "let p\($0) = CXProvider(configuration: c)" }
        lines.insert("func answerCall() { for c in all { use(CXProvider(configuration: c)) } }", at: 5)
        // Nested constructions: the outline may list the inner call first.
        lines.insert("let n = CXProvider(configuration: wrap(CXProvider(configuration: c)))", at: 9)
        lines.append("final class MockProvider { let p = CXProvider(configuration: c) }")
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(lines.joined(separator: "\n").utf8)), rules: AnalyzerTestSupport.rules)
        let analyzer = MultipleProvidersAnalyzer()
        var all: [Finding] = []
        #expect(analyzer.analyze(context, into: &all, limit: .max) == 0)
        all.sort { $0.range < $1.range }
        #expect(all.count == 23)
        for limit in [1, 7, 23, 100] {
            var kept: [Finding] = []
            let unbuilt = analyzer.analyze(context, into: &kept, limit: limit)
            #expect(kept.count == min(limit, all.count))
            #expect(unbuilt == all.count - kept.count)
            #expect(kept.sorted { $0.range < $1.range } == Array(all.prefix(limit)))
        }
        var unlimited: [Finding] = []
        analyzer.analyze(context, into: &unlimited)
        #expect(unlimited.sorted { $0.range < $1.range } == all)
    }
}
