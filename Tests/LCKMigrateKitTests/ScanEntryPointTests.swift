import Foundation
import LCKCore
import LCKMigrateKit
import LCKTestSupport
import Synchronization
import Testing

/// `Scan.run` as a library user calls it: no `@testable`, a temporary tree with a config file, and the
/// outcome a command would render.
@Suite struct ScanEntryPointTests {
    private static let callCode = """
        import CallKit
        final class CallManager {
            let provider = CXProvider(configuration: CXProviderConfiguration())
            let controller = CXCallController()
        }
        """

    /// `App/` with a config that excludes `Generated` and fails on notes, one scanned and one excluded file.
    private func appTree(config: String = #"{"exclude": ["Generated"], "failOn": "note"}"#) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file("App/.lckmigrate.json", config)
        try tree.file("App/Call.swift", Self.callCode)
        try tree.file("App/Generated/Skipped.swift", Self.callCode)
        return tree
    }

    @Test func theConfigFileDecidesFilesAndExitStatus() throws {
        let tree = try appTree()
        let outcome = try Scan.run(ScanInvocation(paths: ["App"], currentDirectory: tree.root))
        #expect(outcome.files.map(\.displayPath) == ["App/Call.swift"])
        #expect(outcome.settings.configuration.file == "App/.lckmigrate.json")
        #expect(outcome.report.filesScanned == 1)
        #expect(!outcome.report.findings.isEmpty)
        #expect(outcome.report.findings.allSatisfy { $0.path == "App/Call.swift" && $0.suppression == nil })
        #expect(outcome.exitStatus == .findings)
    }

    @Test func aWrittenBaselineAcceptsTheRunAndTheNextRunMatchesIt() throws {
        let tree = try appTree()
        var writing = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        writing.writeBaseline = tree.root + "/App/baseline.json"
        let written = try Scan.run(writing)
        let count = written.report.findings.count
        #expect(count > 0)
        #expect(written.report.findings.allSatisfy { $0.suppression?.kind == .external })
        #expect(written.report.baseline?.matched == count)
        #expect(written.exitStatus == .success)
        #expect(FileManager.default.fileExists(atPath: tree.root + "/App/baseline.json"))

        try tree.file(
            "App/.lckmigrate.json", #"{"exclude": ["Generated"], "failOn": "note", "baseline": "baseline.json"}"#)
        let matched = try Scan.run(ScanInvocation(paths: ["App"], currentDirectory: tree.root))
        #expect(matched.settings.configuration.baseline.value == "App/baseline.json")
        #expect(matched.report.baseline == BaselineOutcome(path: "App/baseline.json", matched: count, fixed: 0))
        #expect(matched.exitStatus == .success)
    }

    @Test func strictBaselineFailsOnceAnEntryIsFixed() throws {
        let tree = try appTree()
        var writing = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        writing.writeBaseline = tree.root + "/baseline.json"
        _ = try Scan.run(writing)
        let fixed = Self.callCode.replacingOccurrences(of: "    let controller = CXCallController()\n", with: "")
        try tree.file("App/Call.swift", fixed)
        var checking = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        checking.overrides.baseline = "baseline.json"
        let lenient = try Scan.run(checking)
        #expect(lenient.fixedBaselineEntries == nil)
        #expect((lenient.report.baseline?.fixed ?? 0) > 0)
        #expect(lenient.exitStatus == .success)
        checking.strictBaseline = true
        let strict = try Scan.run(checking)
        #expect(strict.fixedBaselineEntries?.path == "baseline.json")
        #expect(strict.fixedBaselineEntries?.fixed == lenient.report.baseline?.fixed)
        #expect(strict.exitStatus == .findings)
    }

    @Test func overridesWinOverTheConfigFileKeyByKey() throws {
        let tree = try appTree(config: #"{"failOn": "never", "jobs": 1, "exclude": ["Generated"]}"#)
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        #expect(try Scan.run(invocation).exitStatus == .success)
        invocation.overrides.failOn = .note
        let outcome = try Scan.run(invocation)
        #expect(outcome.settings.configuration.failOn == Sourced(.note, .commandLine(option: "--fail-on")))
        #expect(outcome.settings.configuration.jobs.value == 1)
        #expect(outcome.settings.configuration.exclude.value.map(\.text) == ["Generated"])
        #expect(outcome.exitStatus == .findings)
    }

    @Test func writeReportsFillsEveryOutputAndReportsWarningsFirst() throws {
        let tree = try appTree(config: #"{"exclude": ["Generated"], "colour": true, "jobs": 2}"#)
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        invocation.mode = .writeReports
        invocation.overrides.format = .json
        invocation.overrides.outputs = [(.sarif, tree.root + "/out.sarif")]
        let events = Mutex<[String]>([])
        let observer = ScanObserver(
            message: { message in events.withLock { $0.append("\(message.kind): \(message.text)") } })
        let outcome = try Scan.run(invocation, observer: observer)
        let seen = events.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.hasPrefix(#"warning: App/.lckmigrate.json:1:28: unknown key "colour""#) == true)
        // The kit writes no stream it did not open: the report without a file is the caller's to print.
        #expect(outcome.standardOutputReports.count == 1)
        let onScreen = String(decoding: outcome.standardOutputReports.first ?? [], as: UTF8.self)
        #expect(onScreen.hasPrefix("{") && onScreen.contains("App/Call.swift"))
        let sarif = try String(contentsOfFile: tree.root + "/out.sarif", encoding: .utf8)
        #expect(sarif.contains("\"version\"") && sarif.contains("App/Call.swift"))
        #expect(outcome.report.findings.count > 0)
    }

    @Test func aStepThatFailsBeforeScanningLeavesNoOutputBehind() throws {
        let tree = try appTree()
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        invocation.mode = .writeReports
        invocation.overrides.outputs = [(.json, tree.root + "/out.json")]
        invocation.overrides.baseline = "missing.json"
        #expect {
            try Scan.run(invocation)
        } throws: { error in
            guard case .file(let problem) = error as? ScanError else { return false }
            return problem.path == "missing.json" && problem.message.hasSuffix("create it with --write-baseline")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root).sorted() == ["App"])
    }

    @Test func twoOutputsToOneFileAreAnInvalidSetting() throws {
        let tree = try appTree()
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        invocation.overrides.outputs = [(.json, "same.json"), (.sarif, "same.json")]
        #expect {
            try Scan.run(invocation)
        } throws: { error in
            guard case .invalidSettings(let message) = error as? ScanError else { return false }
            return message == "--output names 'same.json' twice; give each report its own file"
        }
    }

    @Test func listFilesStopsBeforeScanning() throws {
        let tree = try appTree()
        var invocation = ScanInvocation(paths: ["App", "Missing"], currentDirectory: tree.root)
        invocation.mode = .listFiles
        let outcome = try Scan.run(invocation)
        #expect(outcome.files.map(\.displayPath) == ["App/Call.swift"])
        #expect(outcome.report.filesScanned == 0 && outcome.report.findings.isEmpty)
        #expect(outcome.report.problems.map(\.path) == ["Missing"])
        #expect(outcome.exitStatus == .failure)
    }

    @Test func filesFromAddsListedPathsAndNotesSkippedOnes() throws {
        let tree = try appTree()
        try tree.file("list.txt", "App/Call.swift\nApp/Gone.swift\nApp/.lckmigrate.json\n")
        var invocation = ScanInvocation(paths: [], currentDirectory: tree.root)
        invocation.filesFrom = "list.txt"
        let notes = Mutex<[ScanMessage]>([])
        let observer = ScanObserver(message: { note in notes.withLock { $0.append(note) } })
        let outcome = try Scan.run(invocation, observer: observer)
        #expect(outcome.files.map(\.displayPath) == ["App/Call.swift"])
        #expect(notes.withLock { $0 }.map(\.kind) == [.note, .note])
        #expect(notes.withLock { $0 }.first?.text == "App/Gone.swift: no longer exists (deleted or renamed); skipped")
    }

    @Test func configPrintResolvesWithoutScanning() throws {
        let tree = try appTree()
        var overrides = ConfigurationOverrides()
        overrides.severity = [("no_such_rule", .error)]
        let resolved = try ConfigurationResolver.resolve(
            paths: ["App"], currentDirectory: tree.root, overrides: overrides)
        #expect(resolved.warnings == ["--severity no_such_rule: unknown rule id; it has no effect"])
        #expect(resolved.printed().hasPrefix("config: \"App/.lckmigrate.json\"\n"))
        #expect(resolved.printed().contains("failOn: note"))
    }
}
