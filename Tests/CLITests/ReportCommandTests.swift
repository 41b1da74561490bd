import Foundation
import LCKTestSupport
import Testing

@Suite struct ReportCommandTests {
    @Test func markdownReportOfTheSamples() throws {
        let scratch = try TemporaryTree()
        let result = try CLI.run(
            ["report", "Samples", "--format", "markdown", "--output", scratch.root + "/report.md", "--quiet"],
            in: PackageRoot.path)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let text = try String(contentsOfFile: scratch.root + "/report.md", encoding: .utf8)
        #expect(text.utf8.count <= 60_000)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("- [x] ") || $0.hasPrefix("- [ ] ") }.count == 11)
        #expect(text.contains("Scanned 66 files"))
        // Re-record after detector or analyzer changes: LCKMIGRATE_RECORD=1 swift test --filter ReportCommandTests
        try expectGolden(withoutFingerprint(text), named: "report-samples.md")
    }

    @Test func htmlReportOfTheSamples() throws {
        let scratch = try TemporaryTree()
        let result = try CLI.run(
            ["report", "Samples", "--output", scratch.root + "/report.html", "--quiet"], in: PackageRoot.path)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let html = try String(contentsOfFile: scratch.root + "/report.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<li id=\"step-").count == 12)
        try expectGolden(withoutFingerprint(html), named: "report-samples.html")
    }

    @Test func byTargetAddsThePlanPerTargetAndRejectsOtherGroupings() throws {
        let scratch = try TemporaryTree()
        try scratch.file("App/Call.swift", "let provider = CXProvider(configuration: config)\n")
        for format in ["markdown", "html"] {
            let result = try CLI.run(["report", "App", "--format", format, "--by", "target", "-q"], in: scratch.root)
            #expect(result.status == 0, "stderr: \(result.standardError)")
            #expect(result.standardOutput.contains("Plan by target"))
            #expect(result.standardOutput.contains("(no target)"))
            let plain = try CLI.run(["report", "App", "--format", format, "-q"], in: scratch.root)
            #expect(!plain.standardOutput.contains("Plan by target"))
        }
        let wrong = try CLI.run(["report", "App", "--by", "module"], in: scratch.root)
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--by"))
    }

    @Test func htmlReportGoesToStdoutWithoutOutput() throws {
        let scratch = try TemporaryTree()
        try scratch.file("App/<script>.swift", "let provider = CXProvider(configuration: config) // </script>\n")
        let result = try CLI.run(["report", "App", "-q"], in: scratch.root)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(result.standardOutput.contains("</html>"))
        #expect(!result.standardOutput.contains("<script"))
    }

    @Test func compareAddsProgressAndRejectsUnreadableFiles() throws {
        let scratch = try TemporaryTree()
        try scratch.file("App/Call.swift", "let x = 1\n")
        let earlier =
            #"{"version": "0.0.9", "findings": [{"ruleId": "cxprovider", "path": "App/Call.swift", "symbol": "CXProvider", "mappingKind": "merge"}]}"#
        try scratch.file("old.json", earlier)
        let result = try CLI.run(
            ["report", "App", "--format", "markdown", "--compare", "old.json", "-q"], in: scratch.root)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("### Since the earlier scan: 1 migrated, 0 added"))
        #expect(result.standardOutput.contains("| Provider \\& configuration | 1 | 0 | 1 | 0 |"))

        let missing = try CLI.run(["report", "App", "--compare", "nope.json"], in: scratch.root)
        #expect(missing.status == 2)
        #expect(
            missing.standardError == "lckmigrate: error: nope.json: cannot read the earlier report given to --compare\n"
        )
        try scratch.file("bad.json", "[1, 2")
        let bad = try CLI.run(["report", "App", "--compare", "bad.json", "--output", "r.html"], in: scratch.root)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix("lckmigrate: error: bad.json: not a JSON report"))
        #expect(try scratch.entries() == ["App", "bad.json", "old.json"])
    }

    @Test func usageErrors() throws {
        let scratch = try TemporaryTree()
        let format = try CLI.run(["report", ".", "--format", "pdf"], in: scratch.root)
        #expect(format.status == 2)
        #expect(format.standardError.contains("unknown format 'pdf' for --format; use html or markdown"))
        let noPath = try CLI.run(["report"], in: scratch.root)
        #expect(noPath.status == 2)
        let noOutput = try CLI.run(["scaffold", "."], in: scratch.root)
        #expect(noOutput.status == 2)
        #expect(noOutput.standardError.contains("missing --output DIR"))
    }

    @Test func scaffoldWritesOnceAndRefusesToOverwrite() throws {
        let scratch = try TemporaryTree()
        let first = try CLI.run(
            ["scaffold", PackageRoot.path + "/Samples/Speakerbox", "--output", "LCK"], in: scratch.root)
        #expect(first.status == 0, "stderr: \(first.standardError)")
        // Speakerbox has no project file: the deployment target is unknown, so both stacks.
        #expect(first.standardError.contains("(deployment target unknown: CallKit and LiveCommunicationKit"))
        #expect(
            try scratch.entries("LCK") == [
                "CallBackend.swift", "CallKitCallBackend.swift", "CallingSystem.swift", "CallingSystemDelegate.swift",
                "HandleMapper.swift", "TODO.md", "VoIPPushHandler.swift",
            ])
        let again = try CLI.run(
            ["scaffold", PackageRoot.path + "/Samples/Speakerbox", "--output", "LCK"], in: scratch.root)
        #expect(again.status == 2)
        #expect(
            again.standardError
                == "lckmigrate: error: LCK/CallBackend.swift: already exists; not overwritten (use --force to replace it)\n"
        )
        let forced = try CLI.run(
            ["scaffold", PackageRoot.path + "/Samples/Speakerbox", "--output", "LCK", "--force"], in: scratch.root)
        #expect(forced.status == 0)
    }

    /// A link leading outside the scanned folder is a deliberate skip: a note, exit 0, as in `scan`.
    @Test func reportAndScaffoldTreatSkippedFilesAsNotesNotErrors() throws {
        let scratch = try TemporaryTree()
        try scratch.file(
            "outside.swift", "import CallKit\nlet provider = CXProvider(configuration: CXProviderConfiguration())\n")
        try scratch.file(
            "app/Calls.swift", "import CallKit\nlet provider = CXProvider(configuration: CXProviderConfiguration())\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/app/Linked.swift", withDestinationPath: "../outside.swift")
        let note = "lckmigrate: note: app/Linked.swift: skipped: "
        let report = try CLI.run(["report", "app", "--format", "markdown", "--output", "report.md"], in: scratch.root)
        #expect(report.status == 0, "\(report.standardError)")
        #expect(report.standardError.contains(note), "\(report.standardError)")
        #expect(!report.standardError.contains("error:"), "\(report.standardError)")
        let quiet = try CLI.run(
            ["report", "app", "--format", "markdown", "--output", "quiet.md", "--quiet"], in: scratch.root)
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
        let scaffold = try CLI.run(["scaffold", "app", "--output", "LCK"], in: scratch.root)
        #expect(scaffold.status == 0, "\(scaffold.standardError)")
        #expect(scaffold.standardError.contains(note), "\(scaffold.standardError)")
        #expect(!scaffold.standardError.contains("error:"), "\(scaffold.standardError)")
    }
}

/// The rule-table fingerprint changes with any rule text edit; the goldens only track content.
func withoutFingerprint(_ text: String) -> String {
    var output = ""
    var rest = Substring(text)
    while let marker = rest.range(of: "rules ") {
        output += rest[..<marker.upperBound]
        rest = rest[marker.upperBound...]
        let candidate = rest.prefix(12)
        if candidate.count == 12, candidate.allSatisfy(\.isHexDigit) {
            output += "<fingerprint>"
            rest = rest.dropFirst(12)
        }
    }
    return output + rest
}

@Suite struct ReportHelpTests {
    @Test func reportAndScaffoldHelp() throws {
        for command in ["report", "scaffold"] {
            let result = try CLI.run([command, "--help"], in: FileManager.default.temporaryDirectory.path)
            #expect(result.status == 0)
            try expectGolden(result.standardOutput, named: "\(command)-help.txt")
            #expect(
                try CLI.run(["help", command], in: FileManager.default.temporaryDirectory.path).standardOutput
                    == result.standardOutput)
        }
    }
}
