import LCKCore
import LCKReporters
import Testing

@Suite struct GoldenTests {
    @Test(arguments: ReportFormat.allCases)
    func sampleReportMatchesGolden(format: ReportFormat) {
        let output = format.reporter.render(SampleReport.report)
        Golden.check(output, named: "\(format.rawValue).\(format.fileExtension)")
    }

    @Test(arguments: ReportFormat.allCases)
    func outputDoesNotDependOnInputOrder(format: ReportFormat) {
        var shuffled = SampleReport.report
        shuffled.findings.reverse()
        shuffled.rules.reverse()
        shuffled.problems.reverse()
        #expect(format.reporter.render(shuffled) == format.reporter.render(SampleReport.report))
    }

    @Test(arguments: ReportFormat.allCases)
    func emptyScanRendersWithoutFindings(format: ReportFormat) {
        let empty = ScanReport(
            findings: [], rules: SampleReport.rules, filesScanned: 2, linesScanned: 10,
            rulesFingerprint: "rules-0")
        let output = String(decoding: format.reporter.render(empty), as: UTF8.self)
        #expect(!output.contains("CallManager"))
        switch format {
        case .text, .xcode, .github: #expect(output.isEmpty)
        case .codeclimate: #expect(output == "[]\n")
        default: #expect(!output.isEmpty)
        }
    }
}
