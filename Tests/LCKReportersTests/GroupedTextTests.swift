import LCKCore
import LCKReporters
import Testing

/// `text` on a terminal (`ReporterOptions.grouped`): anti-patterns first as compiler-style lines, then the
/// mapping inventory, one line per file and symbol with a count. Off a terminal it is `xcode`'s bytes.
@Suite struct GroupedTextTests {
    static func render(_ report: ScanReport, grouped: Bool) -> String {
        String(
            decoding: ReportFormat.text.reporter(options: ReporterOptions(grouped: grouped)).render(report),
            as: UTF8.self)
    }

    static func usage(_ symbol: String, _ replacement: String, _ path: String, line: Int) -> Finding {
        Finding(
            ruleID: "callkit." + symbol.lowercased(), severity: .warning, message: "\(symbol) → \(replacement)",
            range: ByteRange(start: line * 10, end: line * 10 + 4), symbol: symbol, replacement: replacement,
            mappingKind: .merge, confidence: .high, path: path,
            start: SourcePosition(line: line, column: 5), end: SourcePosition(line: line, column: 9))
    }

    @Test func ungroupedTextIsTheXcodeFormat() {
        let xcode = String(decoding: ReportFormat.xcode.reporter.render(SampleReport.report), as: UTF8.self)
        #expect(Self.render(SampleReport.report, grouped: false) == xcode)
        #expect(!xcode.isEmpty)
    }

    @Test func sampleReportGroupedMatchesGolden() {
        let output = ReportFormat.text.reporter(options: ReporterOptions(grouped: true)).render(SampleReport.report)
        Golden.check(output, named: "text-grouped.txt")
    }

    @Test func antiPatternsLeadAndUsagesAreCountedPerFileAndSymbol() {
        var report = SampleReport.report
        report.findings = [
            Self.usage("CXProvider", "ConversationManager", "App/Call.swift", line: 3),
            Self.usage("CXCallUpdate", "Conversation.Update", "App/Call.swift", line: 5),
            Self.usage("CXProvider", "ConversationManager", "App/Call.swift", line: 9),
            Self.usage("CXProvider", "ConversationManager", "App/Call.swift", line: 12),
            Self.usage("CXProvider", "ConversationManager", "App/Push.swift", line: 2),
            SampleReport.findings[1],  // voip-push-unreported, an analyzer, with a witness
        ]
        let expected = """
            Anti-patterns to fix (1 finding):
            Sources/App/CallManager.swift:40:10: error: pushRegistry(_:didReceiveIncomingPushWith:for:completion:) \
            can return without reporting a call (lckmigrate rules explain voip-push-unreported) [voip-push-unreported]
            Sources/App/CallManager.swift:44:13: note: guard at line 44 returns early
            Sources/App/CallManager.swift:47:9: note: completion() runs without a report

            CallKit and PushKit usages to migrate (5 usages in 2 files; one line per file and symbol):
            App/Call.swift:3: CXProvider ×3 → ConversationManager: LiveCommunicationKit merges provider and call \
            controller into one *ConversationManager*. (lckmigrate rules explain callkit.cxprovider)
            App/Call.swift:5: CXCallUpdate ×1 → Conversation.Update (lckmigrate rules explain callkit.cxcallupdate)
            App/Push.swift:2: CXProvider ×1 → ConversationManager

            """
        #expect(Self.render(report, grouped: true) == expected)
        report.findings.removeLast()
        #expect(Self.render(report, grouped: true).hasPrefix("CallKit and PushKit usages to migrate (5 usages"))
        report.findings = [SampleReport.findings[1]]
        #expect(!Self.render(report, grouped: true).contains("usages to migrate"))
        report.findings = []
        #expect(Self.render(report, grouped: true).isEmpty)
    }
}
