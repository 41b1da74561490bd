import Foundation
import LCKTestSupport
import Testing

/// A directive that suppresses nothing: the only finding the CLI can produce before the analyzers land
/// (an `unused_suppression` note at line 1, column 1).
private let unusedDirective = "// lckmigrate:disable-next-line transient_handle -- nothing below\n\nlet value = 1\n"

@Suite struct CIIntegrationTests {
    @Test func severalOutputsInOneRunMatchSingleFormatRuns() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift", unusedDirective)
        // out/ does not exist yet: it is created.
        let written = try CLI.run(
            [
                "scan", "--output", "sarif=out/scan.sarif", "--output", "json=out/scan.json",
                "--output", "checkstyle=out/scan.xml", "--fail-on", "never", "App",
            ], in: tree.root)
        #expect(written.status == 0)
        #expect(
            written.standardOutput.hasPrefix(
                "Anti-patterns to fix (1 finding):\nApp/A.swift:1:1: note: 'lckmigrate:disable-next-line' suppresses no 'transient_handle' finding"
            ))
        #expect(try tree.entries("out") == ["scan.json", "scan.sarif", "scan.xml"])
        for (format, file) in [("sarif", "scan.sarif"), ("json", "scan.json"), ("checkstyle", "scan.xml")] {
            let single = try CLI.run(["scan", "--format", format, "--fail-on", "never", "App"], in: tree.root)
            #expect(try String(contentsOfFile: tree.root + "/out/" + file, encoding: .utf8) == single.standardOutput)
        }
        let sarif = try String(contentsOfFile: tree.root + "/out/scan.sarif", encoding: .utf8)
        #expect(
            sarif.contains("\"uri\": \"file://\(URL(fileURLWithPath: tree.root).resolvingSymlinksInPath().path)/\"")
                || sarif.contains("\"uri\": \"file://\(tree.root)/\""))
        #expect(sarif.contains("\"lckmigrate/v2\""))
    }

    /// One output that cannot be written costs no other: the rest, the diagnostics and the summary are
    /// still written, and the run exits 2.
    @Test func eachOutputIsWrittenOnItsOwn() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", unusedDirective)
        let result = try CLI.run(
            [
                "scan", "--output", "sarif=A.swift/scan.sarif", "--output", "json=ok.json",
                "--write-baseline", "A.swift/baseline.json", "--output", "junit=A.swift/dir/scan.xml", "A.swift",
            ], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardOutput.hasPrefix("Anti-patterns to fix (1 finding):\nA.swift:1:1: note:"))
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("lckmigrate: error: A.swift/baseline.json: cannot write here") == true)
        #expect(lines.dropFirst().first?.hasPrefix("lckmigrate: error: A.swift/scan.sarif: cannot write here") == true)
        #expect(
            lines.dropFirst(2).first?.hasPrefix("lckmigrate: error: A.swift/dir/scan.xml: cannot create its folder")
                == true)
        #expect(lines.last == "lckmigrate: scanned 1 file (3 lines): 0 errors, 0 warnings, 1 note")
        #expect(try tree.entries() == ["A.swift", "ok.json"])
        let single = try CLI.run(["scan", "--format", "json", "A.swift"], in: tree.root)
        #expect(try String(contentsOfFile: tree.root + "/ok.json", encoding: .utf8) == single.standardOutput)
        let twice = try CLI.run(
            ["scan", "--output", "json=x.json", "--output", "sarif=x.json", "A.swift"], in: tree.root)
        #expect(twice.status == 2)
        #expect(twice.standardError.hasPrefix("lckmigrate: error: --output names 'x.json' twice"))
    }

    /// A write that fails after the file was opened (a full disk: /dev/full answers every write with
    /// ENOSPC) is reported the same way, and the other outputs are still there.
    @Test func aFullDiskFailsOnlyItsOwnOutput() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let tree = try TemporaryTree()
        try tree.file("A.swift", unusedDirective)
        let result = try CLI.run(
            ["scan", "--output", "json=/dev/full", "--output", "sarif=ok.sarif", "--quiet", "A.swift"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "lckmigrate: error: /dev/full: cannot write output (no space left on device); nothing was written\n")
        #expect(try tree.entries() == ["A.swift", "ok.sarif"])
    }

    @Test func jsonAndSarifAreByteIdenticalForOneAndTwoJobs() throws {
        let tree = try TemporaryTree()
        for index in 0..<16 {
            try tree.file(
                "M\(index % 3)/F\(index).swift",
                unusedDirective + "// lckmigrate:disable all\nlet x = 1 // lckmigrate:disable-line nope\n")
        }
        for format in ["json", "sarif"] {
            let one = try CLI.run(["scan", "--jobs", "1", "--format", format, "."], in: tree.root)
            let two = try CLI.run(["scan", "--jobs", "2", "--format", format, "."], in: tree.root)
            #expect(one.status == 0)
            #expect(one.standardOutput == two.standardOutput)
            #expect(one.standardError == two.standardError)
            #expect(one.standardOutput.components(separatedBy: "unused_suppression").count > 48)
        }
    }

    @Test func baselineRoundTripShiftsStaleEntriesAndStrictMode() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", unusedDirective + "// lckmigrate:disable-line nope -- x\n")
        try tree.file("B.swift", unusedDirective)
        let write = try CLI.run(["scan", "--write-baseline", "baseline.json", "--fail-on", "note", "."], in: tree.root)
        #expect(write.status == 0)
        #expect(
            write.standardError.hasSuffix("1 suppressed; baseline: 3 known, 0 fixed\n")
                || write.standardError.contains("3 suppressed; baseline: 3 known, 0 fixed"))
        let baseline = try String(contentsOfFile: tree.root + "/baseline.json", encoding: .utf8)
        let entryLines = baseline.split(separator: "\n").filter { $0.hasPrefix("    {\"path\": ") }
        #expect(entryLines.count == 3)
        #expect(entryLines.map { $0.contains("\"path\": \"A.swift\"") } == [true, true, false])

        // Lines inserted above: still known.
        try tree.file("A.swift", "import Foundation\n\n" + unusedDirective + "// lckmigrate:disable-line nope -- x\n")
        let shifted = try CLI.run(
            ["scan", "--baseline", "baseline.json", "--fail-on", "note", "--format", "json", "."], in: tree.root)
        #expect(shifted.status == 0)
        #expect(
            shifted.standardOutput.contains(
                "\"baseline\": {\n      \"path\": \"baseline.json\",\n      \"matched\": 3,\n      \"fixed\": 0\n    }")
        )

        // One finding fixed: still exit 0, unless --strict-baseline.
        try tree.file("B.swift", "let value = 1\n")
        let fixed = try CLI.run(["scan", "--baseline", "baseline.json", "--fail-on", "note", "."], in: tree.root)
        #expect(fixed.status == 0)
        #expect(fixed.standardError.hasSuffix("baseline: 2 known, 1 fixed\n"))
        let strict = try CLI.run(
            ["scan", "--baseline", "baseline.json", "--strict-baseline", "--quiet", "."], in: tree.root)
        #expect(strict.status == 1)
        #expect(
            strict.standardError
                == "lckmigrate: error: baseline.json: 1 baseline entry is fixed; remove it with --write-baseline (--strict-baseline)\n"
        )

        // A new finding is not covered.
        try tree.file("C.swift", unusedDirective)
        let new = try CLI.run(
            ["scan", "--baseline", "baseline.json", "--fail-on", "note", "--quiet", "."], in: tree.root)
        #expect(new.status == 1)
        #expect(new.standardOutput.hasPrefix("Anti-patterns to fix (1 finding):\nC.swift:1:1: note:"))
    }

    @Test func configErrorsAndWarningsNamePositions() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", unusedDirective)
        try tree.file(".lckmigrate.json", "{\n  \"failOn\": \"note\"\n  \"jobs\": 2\n}\n")
        let syntax = try CLI.run(["scan", "."], in: tree.root)
        #expect(syntax.status == 2)
        #expect(syntax.standardError.hasPrefix("lckmigrate: error: .lckmigrate.json:3:3: expected"))
        #expect(syntax.standardOutput.isEmpty)

        try tree.file(".lckmigrate.json", "{\n  \"exclude\": \"A.swift\"\n}\n")
        let type = try CLI.run(["scan", "."], in: tree.root)
        #expect(type.status == 2)
        #expect(
            type.standardError
                == "lckmigrate: error: .lckmigrate.json:2:14: expected an array of strings for \"exclude\", found a string\n"
        )

        try tree.file(
            ".lckmigrate.json",
            "{\n  \"failOn\": \"note\",\n  \"includes\": [],\n  \"disabledRules\": [\"no_such_rule\"]\n}\n")
        let warned = try CLI.run(["scan", "--quiet", "--severity", "bogus=error", "."], in: tree.root)
        #expect(warned.status == 1)
        #expect(
            warned.standardError == """
                lckmigrate: warning: .lckmigrate.json:3:3: unknown key "includes" (ignored); known keys: include, exclude, disabledRules, enabledRules, severity, rules, baseline, failOn, formats, jobs, requireReason, minSeverity, minConfidence, only, roles, maxFileFindings, maxFindings
                lckmigrate: warning: .lckmigrate.json:4:21: unknown rule id 'no_such_rule' in "disabledRules"; it has no effect
                lckmigrate: warning: --severity bogus: unknown rule id; it has no effect

                """)

        let missing = try CLI.run(["scan", "--config", "nope.json", "."], in: tree.root)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("lckmigrate: error: nope.json: cannot read config file"))
    }

    @Test func configPrintShowsProvenance() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift", unusedDirective)
        try tree.file(
            "App/.lckmigrate.json",
            "{\n  \"exclude\": [\"Generated\"],\n  \"failOn\": \"warning\",\n  \"baseline\": \"ci/base.json\"\n}\n")
        let result = try CLI.run(
            [
                "config", "--print", "--fail-on", "never", "--severity", "transient_handle=note", "--output",
                "sarif=out.sarif", "App",
            ], in: tree.root)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let jobs = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("jobs: ") }.map(String.init) ?? ""
        #expect(
            result.standardOutput == """
                config: "App/.lckmigrate.json"
                include: []                           # default
                exclude: ["Generated"]                # App/.lckmigrate.json:2:14
                enabledRules: all                     # default
                disabledRules: []                     # default
                severity.transient_handle: note       # command line (--severity)
                rules: []                             # default
                baseline: "App/ci/base.json"          # App/.lckmigrate.json:4:15
                failOn: never                         # command line (--fail-on)
                minSeverity: note                     # default
                minConfidence: low                    # default
                only: all                             # default
                roles: ["app", "example"]             # default
                formats: ["text", "sarif=out.sarif"]  # command line (--output)
                \(jobs)
                requireReason: false                  # default
                maxFileFindings: 10000                # default
                maxFindings: 100000                   # default

                """)
        #expect(jobs.hasSuffix("# default"))
        #expect(try CLI.run(["config"], in: tree.root).status == 2)
    }

    @Test func filesFromSkipsDeletedAndNonSwiftPathsWithANote() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift", unusedDirective)
        try tree.file("App/Skip.swift", unusedDirective)
        try tree.file("README.md", "# readme\n")
        try tree.file(".lckmigrate.json", "{\"exclude\": [\"App/Skip.swift\"]}")
        try tree.file("changed.txt", "App/A.swift\nREADME.md\nApp/Gone.swift\nApp/Skip.swift\n")
        let result = try CLI.run(["scan", "--files-from", "changed.txt", "--fail-on", "never"], in: tree.root)
        #expect(result.status == 0)
        #expect(
            result.standardError == """
                lckmigrate: note: README.md: not a Swift file; skipped
                lckmigrate: note: App/Gone.swift: no longer exists (deleted or renamed); skipped
                lckmigrate: scanned 1 file (3 lines): 0 errors, 0 warnings, 1 note

                """)
        #expect(result.standardOutput.hasPrefix("Anti-patterns to fix (1 finding):\nApp/A.swift:1:1: note:"))
        // stdin is /dev/null in the harness: an empty list scans nothing and is not an error.
        let empty = try CLI.run(["scan", "--files-from", "-"], in: tree.root)
        #expect(empty.status == 0)
        #expect(empty.standardError == "lckmigrate: scanned 0 files (0 lines): 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func requireReasonAndSeverityOverridesDriveTheExitCode() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "// lckmigrate:disable-file transient_handle\nlet value = 1\n")
        #expect(try CLI.run(["scan", "--quiet", "A.swift"], in: tree.root).status == 0)
        let strict = try CLI.run(["scan", "--quiet", "--require-reason", "A.swift"], in: tree.root)
        #expect(strict.status == 1)
        #expect(
            strict.standardOutput.contains(
                "A.swift:1:1: error: 'lckmigrate:disable-file' has no reason; append ' -- why' (required by --require-reason) (lckmigrate rules explain suppression_without_reason) [suppression_without_reason]"
            ))
        #expect(
            try CLI.run(["scan", "--quiet", "--severity", "unused_suppression=error", "A.swift"], in: tree.root).status
                == 1)
        #expect(try CLI.run(["scan", "--quiet", "--fail-on", "note", "A.swift"], in: tree.root).status == 1)
        #expect(
            try CLI.run(["scan", "--quiet", "--severity", "unused_suppression", "A.swift"], in: tree.root).status == 2)
    }

    @Test func configHelpIsGenerated() throws {
        let result = try CLI.run(["config", "--help"], in: FileManager.default.temporaryDirectory.path)
        #expect(result.status == 0)
        try expectGolden(result.standardOutput, named: "config-help.txt")
    }
}
