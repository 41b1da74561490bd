import LCKAnalyzers
import LCKCore
import LCKProjectModel
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The project model's function summaries: built from every file the pre-pass parses, the same for any
/// number of workers and any file order, linear in the project, and never parsing a CallKit-free project.
@Suite struct FunctionSummaryTests {
    static func pass(_ sources: [String]) -> ProjectPass {
        AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(fileCount: sources.count, jobs: 2) {
            Array(sources[$0].utf8)
        }
    }

    /// `count` files, each with a perform handler that hands its action to the next file's `step`, which
    /// hands its completion on to the file after; `other` is reached by nothing, so it gets no summary.
    static func chain(_ count: Int) -> [String] {
        (0..<count).map { index in
            let next = index + 1 < count ? "step\(index + 1)(action, completion: completion)" : "completion(true)"
            return """
                import CallKit
                final class Step\(index): NSObject, CXProviderDelegate {
                    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                        step\((index + 1) % count)(action) { ok in ok ? action.fulfill() : action.fail() }
                    }
                    func step\(index)(_ action: CXAnswerCallAction, completion: @escaping (Bool) -> Void) {
                        guard action.callUUID != UUID() else { return }
                        \(next)
                    }
                    func other\(index)(_ value: Int) -> Int { value > 0 ? value : -value }
                }

                """
        }
    }

    @Test func summaryWorkGrowsLinearlyWithTheProject() throws {
        let small = Self.pass(Self.chain(40)).suite.project.summaries
        let large = Self.pass(Self.chain(80)).suite.project.summaries
        try #require(small.count == 80 && large.count == 160)
        #expect(small.work.cappedSummaries == 0 && large.work.cappedSummaries == 0)
        #expect(small.work.iterations >= 80)
        #expect(Double(large.work.iterations) <= 2.3 * Double(small.work.iterations))
        #expect(Double(large.work.visitedStatements) <= 2.3 * Double(small.work.visitedStatements))
    }

    @Test func mutualRecursionEndsAndLeavesWhatItCannotKnow() {
        let source = """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                    ping(action) { action.fulfill() }
                    failLater("unreachable")
                }
            }
            func ping(_ action: CXEndCallAction, completion: @escaping () -> Void) {
                if action.callUUID == UUID() { completion(); return }
                pong(action, completion: completion)
            }
            func pong(_ action: CXEndCallAction, completion: @escaping () -> Void) {
                ping(action, completion: completion)
            }
            func fail(_ reason: String) -> Never { fatalError(reason) }
            func failLater(_ reason: String) { fail(reason) }

            """
        let summaries = Self.pass([source]).suite.project.summaries
        // The handler and the four functions it reaches.
        #expect(summaries.count == 5)
        #expect(summaries.work.iterations < 50)
    }

    @Test func aProjectWithoutCallKitParsesNothingForSummaries() {
        let sources = (0..<20).map { "func helper\($0)(completion: () -> Void) { completion() }\n" }
        let summaries = Self.pass(sources).suite.project.summaries
        #expect(summaries.isEmpty && summaries.work.helperFiles == 0 && summaries.work.iterations == 0)
    }

    @Test func helperFilesAreParsedOnlyWhenAHandlerCallsTheirFunctions() {
        let handler = """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                let client = RoomClient()
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    client.connect(room: "r") { ok in ok ? action.fulfill() : action.fail() }
                }
            }

            """
        let helper = """
            final class RoomClient {
                func connect(room: String, completion: @escaping (Bool) -> Void) {
                    guard !room.isEmpty else { return }
                    completion(true)
                }
            }

            """
        let unrelated = "func connectLater(room: String) {}\nfunc unrelated() {}\n"
        let summaries = Self.pass([handler, helper, unrelated]).suite.project.summaries
        #expect(summaries.work.helperFiles == 1 && summaries.work.helperRounds >= 1)
    }

    /// A helper name that more files define than a round would parse (8, `HelperReach.maximumDefiningFiles`)
    /// is not searched for: its bodies could only be merged into what they all agree on, and on a large app
    /// such names (`update`, `start`) made a round parse hundreds of files. Eight files are still searched.
    @Test func helperNamesThatTooManyFilesDefineAreNotSearched() {
        let handler = """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    client.connect(room: "r") { ok in ok ? action.fulfill() : action.fail() }
                }
            }

            """
        func definers(_ count: Int) -> [String] {
            (0..<count).map {
                "final class Client\($0) {\n    func connect(room: String, completion: (Bool) -> Void) {}\n}\n"
            }
        }
        let few = Self.pass([handler] + definers(8)).suite.project.summaries
        let many = Self.pass([handler] + definers(9)).suite.project.summaries
        #expect(few.work.helperFiles == 8 && few.work.commonHelperNames == 0)
        #expect(many.work.helperFiles == 0 && many.work.commonHelperNames == 1)
    }

    /// A handler that reports the call itself is analysed in its own file; only a file with a report wrapper
    /// (a function that reports and is not a handler) is kept for the summaries, which judge the wrapper's
    /// callers elsewhere. Either parse may still be handed to the per-file pass.
    @Test func onlyReportWrappersKeepTheirFileForTheSummaries() {
        let handlerReports = """
            import CallKit
            import PushKit
            final class PushHandler: NSObject, PKPushRegistryDelegate {
                func pushRegistry(
                    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
                    for type: PKPushType, completion: @escaping () -> Void
                ) {
                    provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate()) { _ in completion() }
                }
            }

            """
        let wrapperReports = handlerReports.replacingOccurrences(
            of: "provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate()) { _ in completion() }",
            with: "report(completion)\n    }\n    func report(_ done: @escaping () -> Void) {\n"
                + "        provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate()) { _ in done() }")
        let direct = Self.pass([handlerReports])
        let wrapped = Self.pass([wrapperReports])
        #expect(direct.suite.project.summaries.isEmpty)
        #expect(wrapped.suite.project.summaries.count == 2)
        #expect(direct.retained.take(0) != nil && wrapped.retained.take(0) != nil)
    }

    /// The same findings (witness files and positions included) for the cross-file sample with one or two workers and either file order.
    @Test func crossFileSampleIsTheSameForAnyJobsAndFileOrder() throws {
        let discovery = FileDiscovery.discover(
            paths: ["Samples/CrossFileHelpers"], currentDirectory: PackageRoot.path, options: DiscoveryOptions())
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table)
        func render(_ files: [DiscoveredFile], jobs: Int) -> [Finding] {
            let request = ScanRequest(
                paths: ["Samples/CrossFileHelpers"], currentDirectory: PackageRoot.path, jobs: jobs, analyzer: suite)
            return ScanPipeline.run(files: files, request: request).findings
        }
        let reference = render(discovery.files, jobs: 1)
        let remote = reference.flatMap(\.witness).filter { $0.path == "Samples/CrossFileHelpers/RoomClient.swift" }
        #expect(remote.count == 2 && remote.allSatisfy { $0.position.line > 0 })
        #expect(reference.contains { $0.message.contains("connect(room:completion:) at RoomClient.swift:") })
        #expect(render(discovery.files, jobs: 2) == reference)
        #expect(render(discovery.files.reversed(), jobs: 2) == reference)
    }
}
