import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Testing

/// `dual_report` across files: a push handler reports through helpers of other files, one per framework;
/// the helpers' summaries say which framework each reports through.
@Suite struct DualReportAnalyzerTests {
    static let callKitHelper = """
        import CallKit
        final class LegacyReporter {
            let provider = CXProvider(configuration: CXProviderConfiguration())
            func reportWithCallKit(_ id: UUID) {
                provider.reportNewIncomingCall(with: id, update: CXCallUpdate()) { _ in }
            }
        }

        """
    static let conversationHelper = """
        import LiveCommunicationKit
        final class ModernReporter {
            let manager = ConversationManager(configuration: configuration)
            func reportWithConversation(_ id: UUID) async throws {
                try await manager.reportNewIncomingConversation(uuid: id, update: Conversation.Update())
            }
        }

        """
    static func handler(_ body: String) -> String {
        """
        import PushKit
        final class PushHandler: NSObject, PKPushRegistryDelegate {
            let legacy = LegacyReporter()
            let modern = ModernReporter()
            func pushRegistry(
                _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType
            ) async {
                let id = UUID()
        \(body)
            }
        }

        """
    }

    func dual(_ sources: [String]) -> [[Finding]] {
        let files = sources.map { Lexer.tokenize(Array($0.utf8)) }
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(
            fileCount: files.count, jobs: 1, paths: ["Legacy.swift", "Modern.swift", "Push.swift"]
        ) { files[$0].bytes }.suite
        return files.map { suite.findings(in: $0).filter { $0.ruleID == "dual_report" } }
    }

    @Test func helpersOfOtherFilesReportingThroughBothFrameworksAreOneDualReport() throws {
        let findings = dual([
            Self.callKitHelper, Self.conversationHelper,
            Self.handler("        legacy.reportWithCallKit(id)\n        try? await modern.reportWithConversation(id)"),
        ])
        #expect(findings[0].isEmpty && findings[1].isEmpty)
        let finding = try #require(findings[2].first)
        #expect(findings[2].count == 1)
        #expect(finding.message.contains("Legacy.swift:5"), "\(finding.message)")
        #expect(finding.message.contains("Modern.swift:5"), "\(finding.message)")
        #expect(finding.witness.contains { $0.path == "Modern.swift" })
    }

    @Test func anAvailabilitySplitAroundTheHelpersIsFine() {
        let split = Self.handler(
            """
                    if #available(iOS 17.4, *) {
                        try? await modern.reportWithConversation(id)
                        return
                    }
                    legacy.reportWithCallKit(id)
            """)
        #expect(dual([Self.callKitHelper, Self.conversationHelper, split]).flatMap { $0 }.isEmpty)
        let guarded = Self.handler(
            """
                    guard #available(iOS 17.4, *) else {
                        legacy.reportWithCallKit(id)
                        return
                    }
                    try? await modern.reportWithConversation(id)
            """)
        #expect(dual([Self.callKitHelper, Self.conversationHelper, guarded]).flatMap { $0 }.isEmpty)
    }

    @Test func twoReportsThroughOneFrameworkAreNotDual() {
        let twice = Self.handler("        legacy.reportWithCallKit(id)\n        legacy.reportWithCallKit(id)")
        #expect(dual([Self.callKitHelper, Self.conversationHelper, twice]).flatMap { $0 }.isEmpty)
    }

    /// Sites are found in one sweep and compared pairwise only within a bounded group: many reports in many
    /// functions stay linear.
    @Test func manyFunctionsWithSplitReportsStayQuiet() {
        var source = "final class Many {\n"
        for index in 0..<400 {
            source += """
                    func report\(index)(_ id: UUID) async throws {
                        if #available(iOS 17.4, *) {
                            try await manager.reportNewIncomingConversation(uuid: id, update: update)
                        } else {
                            try await provider.reportNewIncomingCall(with: id, update: update)
                        }
                    }

                """
        }
        source += "}\n"
        let findings = AnalyzerSuite(rules: BuiltinRuleTable.table).findings(in: Lexer.tokenize(Array(source.utf8)))
        #expect(!findings.contains { $0.ruleID == "dual_report" })
        let unsplit = source.replacingOccurrences(of: "} else {", with: "}\n")
        let dual = AnalyzerSuite(rules: BuiltinRuleTable.table).findings(in: Lexer.tokenize(Array(unsplit.utf8)))
        #expect(dual.filter { $0.ruleID == "dual_report" }.count == 400)
    }

    /// Places are found by descending the blocks with a loop: a report under deep nesting needs no recursion.
    @Test func reportsUnderDeepNestingAreCompared() {
        let depth = 2_000
        let opened = String(repeating: "if flag {\n", count: depth)
        let closed = String(repeating: "}\n", count: depth)
        let source = """
            func report(_ id: UUID) async throws {
                try await provider.reportNewIncomingCall(with: id, update: update)
            \(opened)try await manager.reportNewIncomingConversation(uuid: id, update: change)
            \(closed)}

            """
        let findings = AnalyzerSuite(rules: BuiltinRuleTable.table).findings(in: Lexer.tokenize(Array(source.utf8)))
        #expect(findings.filter { $0.ruleID == "dual_report" }.count == 1)
        let returning = source.replacingOccurrences(
            of: "update: change)\n", with: "update: change)\nreturn\n")
        let split = AnalyzerSuite(rules: BuiltinRuleTable.table).findings(in: Lexer.tokenize(Array(returning.utf8)))
        #expect(split.filter { $0.ruleID == "dual_report" }.count == 1, "the CallKit report comes first: still dual")
    }
}
