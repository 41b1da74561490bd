import Foundation
import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The default analyzer through the pipeline: the project-facts pre-pass and its independence from `jobs`.
@Suite struct MappingPipelineTests {
    func scan(_ tree: TemporaryTree, jobs: Int) throws -> ScanReport {
        let rules = try ScanSetup.loadRules(directories: [])
        return ScanPipeline.run(
            ScanRequest(
                paths: ["."], currentDirectory: tree.root, jobs: jobs, analyzer: rules.analyzer,
                rules: rules.descriptors, rulesFingerprint: rules.fingerprint))
    }

    func summary(_ report: ScanReport) -> [String] {
        report.findings.map { "\($0.path):\($0.start.line):\($0.ruleID)" }
    }

    @Test func propertyDeclaredInOneFileTypesAnExtensionInAnother() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "App/CallManager.swift",
            """
            import CallKit
            final class CallManager: NSObject {
                let provider: CXProvider
                let controller = CXCallController()
            }
            """)
        // No CallKit name in this file: everything it knows comes from the pre-pass.
        try tree.file(
            "App/CallManager+Actions.swift",
            """
            extension CallManager: Handler {
                func stop(_ transaction: Transaction) {
                    provider.invalidate()
                    controller.request(transaction) { _ in }
                    other.invalidate()
                }
            }
            """)
        try tree.file(
            "App/Delegate.swift",
            """
            extension CallManager: CXProviderDelegate {}
            """)
        try tree.file(
            "App/Reset.swift",
            """
            extension CallManager {
                func providerDidReset(_ provider: CXProvider) {}
            }
            """)
        let report = try scan(tree, jobs: 1)
        #expect(
            summary(report) == [
                "App/CallManager+Actions.swift:3:cxprovider_invalidate",
                "App/CallManager+Actions.swift:4:cxcallcontroller_request",
                "App/CallManager.swift:3:cxprovider",
                "App/CallManager.swift:4:cxcallcontroller_init",
                "App/Delegate.swift:1:cxproviderdelegate",
                // The empty reset handler is also an anti-pattern, reported at the same name token.
                "App/Reset.swift:2:empty_reset",
                "App/Reset.swift:2:provider_did_reset",
                "App/Reset.swift:2:cxprovider",
            ])
        #expect(report.filesWithCallKit == 4)
        #expect(report.rules.contains { $0.id == "cxprovider" })
        #expect(report.rulesFingerprint.count == 64)
    }

    @Test func resultDoesNotDependOnJobs() throws {
        let tree = try TemporaryTree()
        for index in 0..<12 {
            try tree.file(
                "F\(index).swift",
                """
                final class Holder\(index) { let provider: CXProvider; let update = CXCallUpdate() }
                extension Holder\((index + 1) % 12) {
                    func go() { provider.invalidate(); update.hasVideo = true }
                }
                """)
        }
        let serial = try scan(tree, jobs: 1)
        let parallel = try scan(tree, jobs: 4)
        #expect(summary(serial) == summary(parallel))
        #expect(serial.findings.count == 12 * 4)
    }
}

/// `missing_action_handler` sees handlers in other files through the scan's pre-pass.
@Suite struct ProjectActionFactsTests {
    func findings(_ tree: TemporaryTree, rule: String) throws -> [String] {
        let rules = try ScanSetup.loadRules(directories: [])
        let report = ScanPipeline.run(
            ScanRequest(
                paths: ["."], currentDirectory: tree.root, jobs: 2, analyzer: rules.analyzer,
                rules: rules.descriptors, rulesFingerprint: rules.fingerprint))
        return report.findings.filter { $0.ruleID == rule }.map { "\($0.path):\($0.start.line)" }
    }

    @Test func capabilityHandledInAnotherFileIsNotReported() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "App/Calls.swift",
            """
            import CallKit
            final class Calls: NSObject, CXProviderDelegate {
                let provider = CXProvider(configuration: CXProviderConfiguration())
                func providerDidReset(_ provider: CXProvider) { endAll() }
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
                func provider(_ provider: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
                func provider(_ provider: CXProvider, perform action: CXStartCallAction) { action.fulfill() }
                func update() -> CXCallUpdate {
                    let update = CXCallUpdate()
                    update.supportsHolding = true
                    return update
                }
            }
            """)
        try tree.file(
            "App/Calls+Hold.swift",
            """
            extension Calls {
                func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { action.fulfill() }
            }
            """)
        let withHandler = try findings(tree, rule: "missing_action_handler")
        #expect(withHandler.isEmpty, "\(withHandler)")

        try tree.file("App/Calls+Hold.swift", "extension Calls {}\n")
        let withoutHandler = try findings(tree, rule: "missing_action_handler")
        #expect(withoutHandler == ["App/Calls.swift:10"])
    }
}
