import LCKAnalyzers
import LCKCore
import Testing

/// unretained_delegate and multiple_providers.
@Suite struct UnretainedDelegateTests {
    func findings(_ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(UnretainedDelegateAnalyzer(), in: source)
    }

    @Test func freshDelegateInSetDelegateIsHighConfidence() {
        let source = "import CallKit\nfunc f() { provider.setDelegate(Handler(), queue: nil) }"
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first?.confidence == .high)
        // At `setDelegate`: "import CallKit\n" is 15 bytes, "func f() { provider." another 20.
        #expect(found.first?.range.start == 35)
    }

    @Test func pushRegistryAndManagerAssignments() {
        #expect(findings("import PushKit\nfunc f() { voipRegistry.delegate = PushHandler() }").count == 1)
        #expect(findings("import LiveCommunicationKit\nfunc f() { manager.delegate = Handler.init() }").count == 1)
        // Not a call-related owner: left alone.
        #expect(findings("import PushKit\nfunc f() { picker.delegate = Coordinator() }").isEmpty)
    }

    @Test func localThatEscapesIsFine() {
        let kept =
            "import CallKit\nfunc f() {\n    let d = Handler()\n    delegates.append(d)\n    provider.setDelegate(d, queue: nil)\n}"
        #expect(findings(kept).isEmpty)
        let captured =
            "import CallKit\nfunc f() {\n    let d = Handler()\n    provider.setDelegate(d, queue: nil)\n    onReset = { d.reset() }\n}"
        #expect(findings(captured).isEmpty)
        let dropped =
            "import CallKit\nfunc f() {\n    let d = Handler()\n    d.configure()\n    provider.setDelegate(d, queue: nil)\n}"
        let found = findings(dropped)
        #expect(found.count == 1)
        #expect(found.first?.confidence == .medium)
    }

    @Test func selfPropertiesAndSingletonsAreFine() {
        for value in ["self", "handler", "Handler.shared", "self.handler", "makeHandler()"] {
            #expect(
                findings("import CallKit\nfunc f() { provider.setDelegate(\(value), queue: nil) }").isEmpty, "\(value)")
        }
    }

    @Test func aPushRegistryKeptOnlyInALocalIsReported() {
        let local =
            "import PushKit\nfunc register() {\n    let r = PKPushRegistry(queue: nil)\n    r.delegate = self\n}"
        let found = findings(local)
        #expect(found.count == 1)
        #expect(found.first?.confidence == .high)
        #expect(found.first?.message.contains("VoIP pushes never arrive") == true)
        for keep in ["self.registry = r", "return r", "registries.append(r)", "onReset = { r.delegate = nil }"] {
            #expect(findings(local.replacingOccurrences(of: "\n}", with: "\n    \(keep)\n}")).isEmpty, "\(keep)")
        }
        // A local provider is reported too, with less certainty; other locals are not.
        let provider =
            "import CallKit\nfunc f() { let p = CXProvider(configuration: c); p.setDelegate(self, queue: nil) }"
        #expect(findings(provider).map(\.confidence) == [.medium])
        #expect(findings("import PushKit\nfunc f() { let q = DispatchQueue(label: \"x\"); q.async {} }").isEmpty)
    }

    @Test func filesWithoutCallFrameworksAreSkipped() {
        #expect(findings("func f() { provider.setDelegate(Handler(), queue: nil) }").isEmpty)
    }
}

@Suite struct MultipleProvidersTests {
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
}
