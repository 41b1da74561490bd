import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKReporters
import LCKRules
import Testing

/// A synthetic scan the size of a 1M-line project: 5,000 files of 200 lines, 12 findings each.
@Suite struct MigrationSizeTests {
    static let ruleIDs = [
        "cxprovider", "cxendcallaction_init", "cxhandle_init", "cxcallobserver", "cxcallupdate_init",
        "provider_perform_answer_call_action", "unresolved_action", "transient_handle",
    ]

    static let report: MigrationReport = {
        var findings: [Finding] = []
        var excerpts = SourceExcerpts()
        for file in 0..<5_000 {
            let path = "Sources/Module\(file / 100)/Feature\(file)/CallController\(file).swift"
            for index in 0..<12 {
                let line = 10 + index * 15
                findings.append(
                    MigrationFixture.finding(
                        ruleIDs[(file + index) % ruleIDs.count], path, line: line, column: 9, length: 12,
                        message: "synthetic finding number \(index) with a message of typical length"))
                excerpts.set(
                    path, line,
                    "        let value\(index) = CXEndCallAction(call: calls[\(index)].uuid) // a typical line of code")
            }
        }
        let scan = ScanReport(
            findings: findings, rules: [], filesScanned: 5_000, filesWithCallKit: 5_000, linesScanned: 1_000_000)
        var report = MigrationReport(scan: scan, rules: MigrationFixture.rules)
        report.attach(excerpts)
        return report
    }()

    @Test func htmlStaysUnderFiveMegabytes() {
        let bytes = HTMLMigrationReport().render(Self.report)
        #expect(bytes.count < 5_000_000, "HTML report is \(bytes.count) bytes")
        let html = String(decoding: bytes, as: UTF8.self)
        // The default caps: 25 findings listed per file, 3,000 in all; the rest are counted.
        #expect(Self.report.entries.filter(\.isListed).count == 3_000)
        #expect(html.contains("more files listed without code</summary>"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func markdownStaysWithinTheCommentLimitAndKeepsRowsWhole() {
        let text = String(decoding: MarkdownMigrationReport().render(Self.report), as: UTF8.self)
        #expect(text.utf8.count <= 60_000)
        #expect(text.contains("- [ ] **1. Own one ConversationManager"))
        #expect(text.contains("more files not shown"))
        // Every table line is a whole row: starts and ends with a pipe.
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            #expect(line.hasSuffix("|"), "cut row: \(line)")
        }
    }
}
