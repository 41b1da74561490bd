import Foundation
import LCKCore
import LCKReporters
import LCKTestSupport
import Testing

@Suite struct SARIFTests {
    private func render(_ report: ScanReport, reporter: SARIFReporter = SARIFReporter()) throws -> [String: Any] {
        let data = Data(reporter.render(report))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func firstRun(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        return try #require(runs.first)
    }

    @Test(
        .enabled(if: ExternalTool.sarifSchema.shouldRun, Comment(rawValue: ExternalTool.sarifSchema.missingMessage)),
        .enabled(
            if: ExternalTool.pythonJSONSchema.shouldRun, Comment(rawValue: ExternalTool.pythonJSONSchema.missingMessage)
        )
    )
    func validatesAgainstTheOfficialSchema() throws {
        let schema = try #require(
            ExternalTool.sarifSchema.location, Comment(rawValue: ExternalTool.sarifSchema.missingMessage))
        try #require(
            ExternalTool.pythonJSONSchema.location != nil,
            Comment(rawValue: ExternalTool.pythonJSONSchema.missingMessage))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lckmigrate-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let withRoot = SARIFReporter(sourceRootURI: SARIFReporter.fileURI(forDirectory: "/work/My App"))
        let capped = SARIFReporter(resultLimit: 2)
        for (name, reporter) in [("default", SARIFReporter()), ("root", withRoot), ("capped", capped)] {
            let file = directory.appendingPathComponent("\(name).sarif")
            try Data(reporter.render(SampleReport.report)).write(to: file)
            let result = ExternalCommand.run(["python3", "-c", SARIFValidation.validationScript, schema, file.path])
            #expect(result.status == 0, "\(name).sarif does not validate:\n\(result.output)")
        }
    }

    /// The sample report with a witness step in another file, as cross-file summaries produce.
    static var crossFileReport: ScanReport {
        var report = SampleReport.report
        let index = report.findings.firstIndex { !$0.witness.isEmpty }!
        report.findings[index].witness.append(
            WitnessStep(
                path: "Sources/Net/RoomClient.swift", position: SourcePosition(line: 234, column: 9), utf16Column: 9,
                message: "connect(room:completion:) returns without calling its completion"))
        return report
    }

    @Test func crossFileWitnessStepsCarryTheirOwnArtifact() throws {
        let run = try firstRun(try render(Self.crossFileReport))
        let results = try #require(run["results"] as? [[String: Any]])
        let uris = results.flatMap { result -> [String] in
            let flows = result["codeFlows"] as? [[String: Any]] ?? []
            let threads = flows.flatMap { $0["threadFlows"] as? [[String: Any]] ?? [] }
            let steps = threads.flatMap { $0["locations"] as? [[String: Any]] ?? [] }
            return steps.compactMap { step in
                let location = step["location"] as? [String: Any]
                let physical = location?["physicalLocation"] as? [String: Any]
                return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
        #expect(uris.contains("Sources/Net/RoomClient.swift"))
        #expect(uris.filter { $0 != "Sources/Net/RoomClient.swift" }.count >= 2, "same-file steps keep their file")
    }

    @Test(
        .enabled(if: ExternalTool.sarifSchema.shouldRun, Comment(rawValue: ExternalTool.sarifSchema.missingMessage)),
        .enabled(
            if: ExternalTool.pythonJSONSchema.shouldRun, Comment(rawValue: ExternalTool.pythonJSONSchema.missingMessage)
        )
    )
    func crossFileWitnessValidatesAgainstTheOfficialSchema() throws {
        let schema = try #require(ExternalTool.sarifSchema.location)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lckmigrate-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(SARIFReporter().render(Self.crossFileReport)).write(to: file)
        let result = ExternalCommand.run(["python3", "-c", SARIFValidation.validationScript, schema, file.path])
        #expect(result.status == 0, "does not validate:\n\(result.output)")
    }

    @Test func declaresUTF16ColumnsAndUsesThem() throws {
        let run = try firstRun(try render(SampleReport.report))
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let results = try #require(run["results"] as? [[String: Any]])
        let regions = results.map { result -> [String: Int] in
            let locations = result["locations"] as? [[String: Any]]
            let physical = locations?.first?["physicalLocation"] as? [String: Any]
            return physical?["region"] as? [String: Int] ?? [:]
        }
        // The non-ASCII file's finding: UTF-8 columns 20..32, UTF-16 columns 19..31.
        #expect(regions.contains(["startLine": 3, "startColumn": 19, "endLine": 3, "endColumn": 31]))
        // ASCII lines without UTF-16 columns keep the byte column.
        #expect(regions.contains(["startLine": 12, "startColumn": 17, "endLine": 12, "endColumn": 27]))
    }

    @Test func pathsArePercentEncodedAndRelative() throws {
        let output = String(decoding: SARIFReporter().render(SampleReport.report), as: UTF8.self)
        #expect(output.contains("\"uri\": \"Sources/App/Call%20Screens/%C3%9Cbersicht%20%231.swift\""))
        #expect(!output.contains("originalUriBaseIds"))
        #expect(SARIFReporter.fileURI(forDirectory: "/work/My App") == "file:///work/My%20App/")
        let rooted = String(
            decoding: SARIFReporter(sourceRootURI: "file:///src").render(SampleReport.report), as: UTF8.self)
        #expect(rooted.contains("\"%SRCROOT%\": {\n          \"uri\": \"file:///src/\""))
    }

    @Test func everyRuleOnceAndEveryRuleIndexValid() throws {
        let run = try firstRun(try render(SampleReport.report))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(
            ids == [
                "callkit.cxcallcontroller", "callkit.cxcallupdate", "callkit.cxprovider",
                "lckmigrate.unused-suppression", "voip-push-unreported",
            ])
        for result in try #require(run["results"] as? [[String: Any]]) {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == result["ruleId"] as? String)
        }
    }

    @Test func capKeepsTheMostSevereGitHubResults() throws {
        var findings: [Finding] = []
        for index in 0..<25_000 {
            findings.append(
                Finding(
                    ruleID: "n", severity: .note, message: "note \(index)", range: ByteRange(start: 0, end: 1),
                    path: "a.swift", start: SourcePosition(line: index + 1, column: 1),
                    end: SourcePosition(line: index + 1, column: 2)))
        }
        for (index, severity) in [Severity.warning, .warning, .error, .error, .error].enumerated() {
            findings.append(
                Finding(
                    ruleID: "s", severity: severity, message: "late \(index)", range: ByteRange(start: 0, end: 1),
                    path: "z.swift", start: SourcePosition(line: index + 1, column: 1),
                    end: SourcePosition(line: index + 1, column: 2)))
        }
        let run = try firstRun(try render(ScanReport(findings: findings, rules: [], filesScanned: 2)))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == SARIFReporter.gitHubResultLimit)
        #expect(results.filter { $0["level"] as? String != "note" }.count == 5)
        let kept = Set(results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String })
        #expect(kept.contains("note 24994") && !kept.contains("note 24995") && !kept.contains("note 24999"))
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        let texts = notes.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains { $0.hasPrefix("5 results dropped") })
        #expect((run["properties"] as? [String: Any])?["resultsDropped"] as? Int == 5)
    }

    @Test func capRanksUnsuppressedBeforeSuppressed() throws {
        var report = SampleReport.report
        report.findings = report.findings.filter { $0.severity != .error }
        // Left: a note, two warnings, and the suppressed warning; keep 3.
        let run = try firstRun(try render(report, reporter: SARIFReporter(resultLimit: 3)))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0["suppressions"] == nil })
    }
}

/// The Python script that validates a SARIF log against the official schema.
enum SARIFValidation {
    static let validationScript = """
        import json, sys
        import jsonschema
        with open(sys.argv[1]) as f: schema = json.load(f)
        with open(sys.argv[2]) as f: log = json.load(f)
        validator = jsonschema.validators.validator_for(schema)(schema)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors: print("/".join(map(str, error.absolute_path)) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """
}

@Suite struct ColumnConversionTests {
    @Test func locatedFindingReportsUTF16ColumnsInSARIFAndBytesInText() throws {
        // "é" is 2 bytes / 1 UTF-16 unit and "😀" 4 bytes / 2 units, so CXProvider starts at byte
        // column 17 (4 + 2 + 4 + 6 bytes before it) but UTF-16 column 14 (4 + 1 + 2 + 6 units).
        let bytes = Array("import CallKit\nlet é😀 = 1; CXProvider(configuration: c)\n".utf8)
        let start = bytes.count - "CXProvider(configuration: c)\n".utf8.count
        var finding = Finding(
            ruleID: "callkit.cxprovider", severity: .warning, message: "m",
            range: ByteRange(start: start, end: start + 10))
        finding.locate(path: "a.swift", lines: LineTable(bytes), bytes: bytes)
        #expect(finding.start == SourcePosition(line: 2, column: 17))
        #expect(finding.utf16StartColumn == 14 && finding.utf16EndColumn == 24)

        let report = ScanReport(findings: [finding], rules: [], filesScanned: 1)
        let line = "a.swift:2:17: warning: m (lckmigrate rules explain callkit.cxprovider) [callkit.cxprovider]\n"
        #expect(String(decoding: XcodeReporter().render(report), as: UTF8.self) == line)
        // `text` prints the same line under the anti-pattern heading (a rule without a mapping kind is one).
        #expect(
            String(decoding: TextReporter().render(report), as: UTF8.self) == "Anti-patterns to fix (1 finding):\n"
                + line)
        let sarif = String(decoding: SARIFReporter().render(report), as: UTF8.self)
        #expect(
            sarif.contains(
                "\"startLine\": 2,\n                  \"startColumn\": 14,\n                  \"endLine\": 2,\n                  \"endColumn\": 24"
            ))
    }
}
