import Foundation
import LCKCore
import Testing

@testable import LCKReporters

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A finding whose text carries everything a format could choke on.
private let hostileFinding = Finding(
    ruleID: "x.rule", severity: .warning,
    message: "50% done\r\nnext <a href=\"x\">&'</a> ]]> \u{1}bell\ttab | pipe `tick` *star*",
    range: ByteRange(start: 1, end: 4),
    path: "dir,with:odd/名前 ü.swift",
    start: SourcePosition(line: 1, column: 2), end: SourcePosition(line: 1, column: 5)
)

private let hostileReport = ScanReport(
    findings: [hostileFinding], rules: [], filesScanned: 1,
    problems: [FileProblem(path: "bad\u{1}\"file\".swift", message: "unreadable <&>")]
)

@Suite struct FormatTests {
    @Test func jsonEscapesControlCharactersAndRoundTrips() throws {
        let bytes = JSONReporter().render(hostileReport)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\\r\\n") && text.contains("\\u0001bell\\ttab") && text.contains("名前 ü"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(finding["message"] as? String == hostileFinding.message)
        #expect(finding["path"] as? String == hostileFinding.path)
        #expect(finding["symbol"] is NSNull)
    }

    /// JSON and SARIF write large finding lists in slices on several threads; the joined bytes must be
    /// exactly the one-thread bytes (separators and indentation at every slice edge), for counts on both
    /// sides of the threshold and ones that do not divide evenly.
    @Test(arguments: [OutputJSONWriter.parallelElementThreshold - 1, OutputJSONWriter.parallelElementThreshold, 1_999])
    func multiThreadedWritingGivesTheSameBytes(count: Int) throws {
        let findings = (0..<count).map { index in
            var finding = SampleReport.findings[index % SampleReport.findings.count]
            finding.path = "Sources/File\(index / 7).swift"
            finding.start = SourcePosition(line: index % 7 + 1, column: 1)
            finding.message += " #\(index)"
            return finding
        }
        let report = ScanReport(findings: findings, rules: SampleReport.rules, filesScanned: count / 7 + 1)
        let oneJSON = JSONReporter(jobs: 1).render(report)
        let oneSARIF = SARIFReporter(jobs: 1).render(report)
        for jobs in [2, 3, 8] {
            #expect(firstDifference(JSONReporter(jobs: jobs).render(report), oneJSON) == nil, "json, \(jobs) jobs")
            #expect(firstDifference(SARIFReporter(jobs: jobs).render(report), oneSARIF) == nil, "sarif, \(jobs) jobs")
        }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(oneJSON)) as? [String: Any])
        let written = try #require(document["findings"] as? [[String: Any]])
        #expect(written.count == count)
        #expect(written.last?["message"] as? String == findings.sorted(by: Finding.reportOrder).last?.message)
    }

    @Test func sampleJSONFormatsParse() throws {
        for format in [ReportFormat.json, .sarif, .codeclimate] {
            let data = Data(format.reporter.render(SampleReport.report))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(format) is not JSON")
        }
    }

    @Test func mappingFindingsKeepTheirSymbolInJSON() throws {
        let data = Data(JSONReporter().render(SampleReport.report))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let mapping = findings.filter { !($0["mappingKind"] is NSNull) }
        #expect(mapping.count == 3)
        #expect(mapping.allSatisfy { $0["symbol"] is String })
    }

    @Test(arguments: [ReportFormat.junit, .checkstyle])
    func xmlIsWellFormedAndKeepsText(format: ReportFormat) throws {
        for report in [SampleReport.report, hostileReport] {
            let collector = AttributeCollector()
            // Every finding fails the JUnit run here, so its message is an attribute to check.
            let options = ReporterOptions(failingSeverity: .note)
            let parser = XMLParser(data: Data(format.reporter(options: options).render(report)))
            parser.delegate = collector
            #expect(parser.parse(), "\(format) is not well-formed: \(String(describing: parser.parserError))")
            if report.findings == hostileReport.findings {
                // The control character is shown as `\x01`; CR, LF and tab survive as references.
                let expected = hostileFinding.message.replacingOccurrences(of: "\u{1}", with: "\\x01")
                #expect(collector.messages.contains(expected))
            }
        }
    }

    @Test func gitHubCommandsEscapeDataAndProperties() {
        let output = String(decoding: GitHubReporter(failingSeverity: .note).render(hostileReport), as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines[0] == "::warning file=dir%2Cwith%3Aodd/名前 ü.swift,line=1,col=2,endLine=1,endColumn=5,title=x.rule"
                + "::50%25 done\\x0D\\x0Anext <a href=\"x\">&'</a> ]]> \\x01bell\\x09tab | pipe `tick` *star* [x.rule]")
        #expect(
            lines[1] == "::warning file=bad\\x01\"file\".swift,title=lckmigrate%3A file not scanned::unreadable <&>")
    }

    @Test func textFormatIsOneLinePerFindingAndStep() {
        let output = String(decoding: XcodeReporter().render(hostileReport), as: UTF8.self)
        let text = String(decoding: TextReporter().render(hostileReport), as: UTF8.self)
        #expect(text == "Anti-patterns to fix (1 finding):\n" + output)
        #expect(
            output
                == "dir,with:odd/名前 ü.swift:1:2: warning: 50% done\\x0D\\x0Anext <a href=\"x\">&'</a> ]]> \\x01bell\\x09tab"
                + " | pipe `tick` *star* (lckmigrate rules explain x.rule) [x.rule]\n")
    }

    @Test func markdownStaysUnderItsLimitWithoutCuttingRows() {
        var findings: [Finding] = []
        for index in 0..<5_000 {
            findings.append(
                Finding(
                    ruleID: "rule.\(index % 700)", severity: index % 3 == 0 ? .error : .warning,
                    message: String(repeating: "very long message | with pipes ", count: 8) + "\(index)",
                    range: ByteRange(start: 0, end: 1), path: "Sources/Module\(index % 900)/File\(index).swift",
                    start: SourcePosition(line: index + 1, column: 1), end: SourcePosition(line: index + 1, column: 9)
                ))
        }
        let report = ScanReport(findings: findings, rules: [], filesScanned: 5_000)
        for (limit, rows) in [(60_000, 100), (4_000, 100), (60_000, 10_000)] {
            let output = String(
                decoding: MarkdownSummaryReporter(characterLimit: limit, findingRowLimit: rows)
                    .render(report), as: UTF8.self)
            #expect(output.utf8.count <= limit)
            #expect(output.contains("more not shown"))
            for line in output.split(separator: "\n") where line.hasPrefix("|") {
                #expect(line.hasSuffix("|") && !line.hasSuffix("\\|"), "cut row: \(line)")
            }
        }
    }
}

/// Collects every `message` attribute so tests can check escaping round-trips.
private final class AttributeCollector: NSObject, XMLParserDelegate {
    var messages: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        if let message = attributeDict["message"] { messages.append(message) }
    }
}

/// Where two outputs first differ, with a little text on each side; nil when they are equal.
/// (Comparing the byte arrays directly would print megabytes on a failure.)
private func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
    guard actual != expected else { return nil }
    let offset =
        zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actual.count, expected.count)
    func excerpt(_ bytes: [UInt8]) -> String {
        String(decoding: bytes[max(0, offset - 40)..<min(bytes.count, offset + 40)], as: UTF8.self)
    }
    return "byte \(offset): got …\(excerpt(actual))… expected …\(excerpt(expected))…"
}
