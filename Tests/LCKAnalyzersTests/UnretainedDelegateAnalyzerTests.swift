import LCKAnalyzers
import LCKCore
import LCKProjectModel
import Testing

/// unretained_delegate.
@Suite struct UnretainedDelegateAnalyzerTests {
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
