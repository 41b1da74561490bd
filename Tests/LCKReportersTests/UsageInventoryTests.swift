import LCKCore
import LCKReporters
import Testing

/// `text` and `xcode`: the anti-patterns in full, then one inventory row per CallKit/PushKit symbol
/// (count, severity, first use, replacement); `listsEveryUse` (`--verbose`, `--only mappings`) every use.
@Suite struct UsageInventoryTests {
    static func render(_ format: ReportFormat, _ report: ScanReport, everyUse: Bool = false) -> String {
        String(
            decoding: format.reporter(options: ReporterOptions(listsEveryUse: everyUse)).render(report),
            as: UTF8.self)
    }

    static func usage(
        _ symbol: String, _ replacement: String, _ path: String, line: Int, severity: Severity = .note
    ) -> Finding {
        Finding(
            ruleID: "callkit." + symbol.lowercased(), severity: severity, message: "\(symbol) → \(replacement)",
            range: ByteRange(start: line * 10, end: line * 10 + 4), symbol: symbol, replacement: replacement,
            mappingKind: .merge, confidence: .high, path: path,
            start: SourcePosition(line: line, column: 5), end: SourcePosition(line: line, column: 9))
    }

    static func antiPattern(_ path: String, line: Int) -> Finding {
        var finding = SampleReport.findings[1]  // voip-push-unreported, an analyzer, with a witness
        finding.path = path
        finding.start = SourcePosition(line: line, column: 10)
        finding.end = SourcePosition(line: line, column: 22)
        return finding
    }

    static var mixedReport: ScanReport {
        var report = SampleReport.report
        report.findings = [
            usage("CXProvider", "ConversationManager", "App/Push.swift", line: 2),
            usage("CXProvider", "ConversationManager", "App/Call.swift", line: 9),
            usage("CXCallUpdate", "Conversation.Update", "App/Call.swift", line: 5),
            usage("CXProvider", "ConversationManager", "App/Call.swift", line: 3),
            usage("CXCall.isOutgoing", "none", "App/Zed.swift", line: 7, severity: .warning),
            usage("CXProvider", "ConversationManager", "App/Call.swift", line: 12),
            SampleReport.findings[1],
        ]
        return report
    }

    @Test func textPrintsTheAntiPatternsThenOneRowPerSymbol() {
        let expected = """
            Anti-patterns to fix (1 finding):
            Sources/App/CallManager.swift:40:10: error: pushRegistry(_:didReceiveIncomingPushWith:for:completion:) \
            can return without reporting a call (lckmigrate rules explain voip-push-unreported) [voip-push-unreported]
            Sources/App/CallManager.swift:44:13: note: guard at line 44 returns early
            Sources/App/CallManager.swift:47:9: note: completion() runs without a report

            CallKit and PushKit usages to migrate (6 uses of 3 symbols in 3 files), by symbol:
              uses  level    first use           symbol → LiveCommunicationKit [rule]
                 1  warning  App/Zed.swift:7:5   CXCall.isOutgoing → none [callkit.cxcall.isoutgoing]
                 4  note     App/Call.swift:3:5  CXProvider → ConversationManager [callkit.cxprovider]
                 1  note     App/Call.swift:5:5  CXCallUpdate → Conversation.Update [callkit.cxcallupdate]
              'lckmigrate rules explain RULE' says what to write for a row

            """
        #expect(Self.render(.text, Self.mixedReport) == expected)
    }

    @Test func xcodePrintsTheAntiPatternsThenEachSymbolAtItsFirstUse() {
        let expected = """
            Sources/App/CallManager.swift:40:10: error: pushRegistry(_:didReceiveIncomingPushWith:for:completion:) \
            can return without reporting a call (lckmigrate rules explain voip-push-unreported) [voip-push-unreported]
            Sources/App/CallManager.swift:44:13: note: guard at line 44 returns early
            Sources/App/CallManager.swift:47:9: note: completion() runs without a report
            App/Zed.swift:7:5: warning: CXCall.isOutgoing → none: 1 use in 1 file, this one first [callkit.cxcall.isoutgoing]
            App/Call.swift:3:5: note: CXProvider → ConversationManager: 4 uses in 2 files, this one first [callkit.cxprovider]
            App/Call.swift:5:5: note: CXCallUpdate → Conversation.Update: 1 use in 1 file, this one first \
            [callkit.cxcallupdate]

            """
        #expect(Self.render(.xcode, Self.mixedReport) == expected)
    }

    /// `--verbose` and `--only mappings`: each use on its own line, as `xcode` always printed them.
    @Test func everyUseIsListedWhenAsked() {
        let report = Self.mixedReport
        let xcode = Self.render(.xcode, report, everyUse: true)
        let lines = xcode.split(separator: "\n")
        #expect(lines.count == 6 + 3)
        for finding in report.findings {
            #expect(lines.contains { $0.hasPrefix("\(finding.path):\(finding.start.line):\(finding.start.column): ") })
        }
        // Report order, the anti-pattern among the usages by path.
        #expect(lines.first?.hasPrefix("App/Call.swift:3:5: note: CXProvider → ConversationManager") == true)
        let text = Self.render(.text, report, everyUse: true)
        #expect(text.contains("CallKit and PushKit usages to migrate (6 uses of 3 symbols in 3 files), every use:\n"))
        #expect(!text.contains("first use"))
        for finding in report.findings where finding.mappingKind != nil {
            #expect(
                text.contains(
                    "\(finding.path):\(finding.start.line):\(finding.start.column): \(finding.severity.rawValue)"))
        }
    }

    @Test func everyAntiPatternStaysAmongManyUsages() {
        var report = SampleReport.report
        report.findings = (1...40).map { Self.antiPattern("App/File\($0).swift", line: $0) }
        for file in 1...40 {
            for symbol in 0..<30 {
                report.findings.append(
                    Self.usage("CXSymbol\(symbol)", "Replacement\(symbol)", "App/File\(file).swift", line: 100 + symbol)
                )
            }
        }
        for format in [ReportFormat.text, .xcode] {
            let output = Self.render(format, report)
            for finding in report.findings where finding.mappingKind == nil {
                #expect(output.contains("\(finding.path):\(finding.start.line):10: error: pushRegistry"))
                #expect(output.contains("\(finding.path):44:13: note: guard at line 44 returns early"))
            }
        }
        let text = Self.render(.text, report)
        // The heading, 40 findings with two witness notes each, the blank line, the table's two heading lines,
        // its rows, the line counting the rest and the `rules explain` hint.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + 40 * 3 + 1 + 2 + TextReporter.tableRows + 2)
        #expect(text.contains("  … 10 more symbols with 400 uses; --verbose lists every use"))
        #expect(Self.render(.xcode, report).split(separator: "\n").count == 40 * 3 + 30)
    }

    /// Warnings first, then most used, then by symbol: never by input order.
    @Test func rowsAreSortedBySeverityThenCountThenSymbol() {
        var report = SampleReport.report
        report.findings = [
            Self.usage("CXB", "B", "A.swift", line: 1), Self.usage("CXA", "A", "B.swift", line: 1),
            Self.usage("CXC", "C", "C.swift", line: 1), Self.usage("CXC", "C", "C.swift", line: 2),
            Self.usage("CXW", "none", "D.swift", line: 1, severity: .warning),
        ]
        let text = Self.render(.text, report)
        let symbols = text.split(separator: "\n").dropFirst(2).prefix(4).map { $0.split(separator: " ").last ?? "" }
        #expect(symbols == ["[callkit.cxw]", "[callkit.cxc]", "[callkit.cxa]", "[callkit.cxb]"])
        report.findings.reverse()
        #expect(Self.render(.text, report) == text)
        #expect(Self.render(.xcode, report) == Self.render(.xcode, Self.reversed(report)))
    }

    static func reversed(_ report: ScanReport) -> ScanReport {
        var copy = report
        copy.findings.reverse()
        return copy
    }

    @Test func colourLeavesTheColumnsAligned() {
        let plain = String(decoding: TextReporter().render(Self.mixedReport), as: UTF8.self)
        let colored = String(decoding: TextReporter(style: .colored).render(Self.mixedReport), as: UTF8.self)
        #expect(colored != plain)
        #expect(Self.withoutColour(colored) == plain)
    }

    /// `text` without its ANSI colour sequences (`ESC [ digits and semicolons m`).
    static func withoutColour(_ text: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == 0x1B else {
                out.append(byte)
                continue
            }
            while let next = bytes.popFirst(), next != UInt8(ascii: "m") {}
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// At `--fail-on note` every finding is annotated: the anti-patterns come first, whatever their paths.
    @Test func gitHubAnnotatesAntiPatternsBeforeUsages() {
        let output = String(
            decoding: GitHubReporter(failingSeverity: .note).render(Self.mixedReport), as: UTF8.self)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 7 + SampleReport.report.problems.count)
        #expect(lines.first?.contains("title=voip-push-unreported") == true)
        #expect(lines.dropFirst().prefix(6).allSatisfy { !$0.contains("voip-push-unreported") })
    }
}
