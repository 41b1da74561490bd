import LCKCore
import Testing

@testable import LCKReporters

/// The plain and Markdown summaries: deliberate skips apart from read errors, and counts that stay
/// aligned past two digits.
@Suite struct SummaryCountsTests {
    static func finding(_ ruleID: String, in path: String, line: Int) -> Finding {
        Finding(
            ruleID: ruleID, severity: .warning, message: "m", range: ByteRange(start: 0, end: 1), path: path,
            start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2))
    }

    static let problems = [
        FileProblem(path: "Big.swift", message: "skipped: larger than --max-file-size", kind: .skipped),
        FileProblem(path: "Bad.swift", message: "invalid UTF-8"),
    ]

    @Test func skipsAreCountedApartFromUnreadableFiles() {
        let report = ScanReport(findings: [], rules: [], filesScanned: 1, problems: Self.problems)
        let text = String(decoding: SummaryReporter().render(report), as: UTF8.self)
        #expect(text.contains("; 1 not readable; 1 skipped.\n"), "\(text)")
        #expect(text.contains("\nNot readable:\n  Bad.swift: invalid UTF-8\n"))
        #expect(text.contains("\nSkipped:\n  Big.swift: skipped: larger than --max-file-size\n"))
        let markdown = String(decoding: MarkdownSummaryReporter().render(report), as: UTF8.self)
        #expect(markdown.contains(" 1 file could not be read. 1 file skipped"), "\(markdown)")
    }

    @Test func onlySkipsAreNotCalledUnreadable() {
        let report = ScanReport(findings: [], rules: [], filesScanned: 1, problems: [Self.problems[0]])
        let text = String(decoding: SummaryReporter().render(report), as: UTF8.self)
        #expect(text.contains("; 0 not readable; 1 skipped.\n"), "\(text)")
        #expect(!text.contains("Not readable:"))
        let markdown = String(decoding: MarkdownSummaryReporter().render(report), as: UTF8.self)
        #expect(!markdown.contains("could not be read"))
    }

    /// One file with 120 findings spread over rules of 40 each: the file's count is the widest number.
    @Test func byFileCountsStayAlignedPastNinetyNine() throws {
        var findings = (0..<120).map { Self.finding("rule.\($0 % 3)", in: "A.swift", line: $0 + 1) }
        findings.append(Self.finding("rule.0", in: "B.swift", line: 1))
        let report = ScanReport(findings: findings, rules: [], filesScanned: 2)
        let text = String(decoding: SummaryReporter().render(report), as: UTF8.self)
        let rows = text.split(separator: "\n").filter { $0.hasSuffix(".swift") || $0.contains("rule.") }
        #expect(rows.count == 5)
        // Where each name starts: after the indent, the right-aligned count and two spaces.
        let nameColumns = Set(rows.map { row in row.prefix { $0 == " " || $0.isNumber }.count })
        #expect(nameColumns.count == 1, "\(text)")
        #expect(text.contains("\n  120  A.swift\n    1  B.swift\n"), "\(text)")
    }
}
