import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules
import Testing

/// A report wrapper in one file hands the report's error to its completion; the caller in another file judges
/// it. Work the wrapper does only after a successful report is not error handling, so it stays a relay.
@Suite struct ReportErrorRelayTests {
    static let wrapper = """
        import CallKit
        final class ProviderDelegate: NSObject {
            let provider = CXProvider(configuration: CXProviderConfiguration())
            var current: UUID?
            func reportIncomingCall(id: UUID, completion: ((Error?) -> Void)?) {
                provider.reportNewIncomingCall(with: id, update: CXCallUpdate()) { [weak self] error in
                    if error == nil {
                        self?.started(id)
                    }
                    completion?(error)
                }
            }
            func started(_ id: UUID) {}
        }

        """
    static let caller = """
        final class PushRouter {
            let delegate = ProviderDelegate()
            func handle(_ id: UUID) {
                delegate.reportIncomingCall(id: id) { error in
                    Logger.severe("incoming", error: error)
                }
            }
        }

        """

    func swallowed(_ sources: [String]) -> [Int] {
        let files = sources.map { Lexer.tokenize(Array($0.utf8)) }
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(fileCount: files.count, jobs: 1) {
            files[$0].bytes
        }.suite
        return files.map { suite.findings(in: $0).filter { $0.ruleID == "swallowed_report_error" }.count }
    }

    @Test func aCallerThatOnlyLogsTheRelayedErrorIsReported() {
        #expect(swallowed([Self.wrapper, Self.caller]) == [0, 1])
    }

    @Test func successOnlyWorkInTheElseOfIfLetErrorKeepsItARelay() {
        let ifLet = Self.wrapper.replacingOccurrences(
            of: "if error == nil {\n                self?.started(id)\n            }",
            with: "if let error = error { print(error) } else { self?.started(id) }")
        #expect(ifLet != Self.wrapper)
        #expect(swallowed([ifLet, Self.caller]) == [0, 1])
    }

    @Test func aWrapperThatEndsTheCallOnErrorHandlesItItself() {
        let handling = Self.wrapper.replacingOccurrences(of: "if error == nil {", with: "if error != nil {")
        #expect(swallowed([handling, Self.caller]) == [0, 0])
    }

    @Test func aWrapperThatResetsStateOnErrorHandlesItItself() {
        let resetting = Self.wrapper.replacingOccurrences(
            of: "            completion?(error)",
            with: "            if error != nil { self?.current = nil }\n            completion?(error)")
        #expect(resetting != Self.wrapper)
        #expect(swallowed([resetting, Self.caller]) == [0, 0])
    }

    @Test func aCallerThatActsOnTheErrorIsFine() {
        let acting = Self.caller.replacingOccurrences(
            of: "Logger.severe(\"incoming\", error: error)", with: "if error != nil { self.hangUp(id) }")
        #expect(swallowed([Self.wrapper, acting]) == [0, 0])
    }
}
