import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The caps on findings in `.lckmigrate.json` (a scanned tree's config may lower them, never raise them
/// past the built-in maximum), and baseline entries of files a cap cut short: not evaluated, not fixed.
@Suite struct FindingCapSettingsTests {
    private static func tree(config: String?, lines: Int = 300) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try FindingCapTests.matchEverythingPack(tree, count: 1)
        _ = try tree.file("App/A.swift", String(repeating: "x.go()\n", count: lines))
        if let config { _ = try tree.file("App/.lckmigrate.json", config) }
        return tree
    }

    private static func invocation(_ tree: TemporaryTree) -> ScanInvocation {
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        invocation.overrides.ruleDirectories = [tree.root + "/rules"]
        return invocation
    }

    @Test func configLowersTheCapsAndPrintsWhereTheyCameFrom() throws {
        let tree = try Self.tree(config: "{\n  \"maxFileFindings\": 120,\n  \"maxFindings\": 5000\n}\n")
        let outcome = try Scan.run(Self.invocation(tree))
        #expect(outcome.report.findings.filter { $0.ruleID == "go_0" }.count == 120)
        #expect(outcome.report.problems.map(\.kind) == [.truncated])
        let printed = outcome.settings.configuration.printed()
        #expect(printed.contains("maxFileFindings: 120"))
        #expect(printed.contains("# App/.lckmigrate.json:2:22"))
        #expect(printed.contains("maxFindings: 5000"))
        #expect(
            outcome.settings.printedJSON().contains(
                #""maxFileFindings": {"value": 120, "origin": "App/.lckmigrate.json:2:22"}"#))
    }

    @Test func commandLineWinsOverTheConfig() throws {
        let tree = try Self.tree(config: "{\"maxFileFindings\": 120}\n")
        var invocation = Self.invocation(tree)
        invocation.overrides.maxFileFindings = 200
        let outcome = try Scan.run(invocation)
        #expect(outcome.report.findings.filter { $0.ruleID == "go_0" }.count == 200)
        #expect(outcome.settings.configuration.maxFileFindings.origin == .commandLine(option: "--max-file-findings"))
    }

    @Test(arguments: [
        (#"{"maxFileFindings": 10001}"#, "maxFileFindings", "10000", "--max-file-findings"),
        (#"{"maxFindings": 0}"#, "maxFindings", "100000", "--max-findings"),
        (#"{"maxFindings": "many"}"#, "maxFindings", "100000", "--max-findings"),
    ])
    func configCannotRaiseACapOrGiveANonNumber(config: String, key: String, maximum: String, option: String) throws {
        let tree = try Self.tree(config: config + "\n")
        #expect {
            _ = try Scan.run(Self.invocation(tree))
        } throws: { error in
            guard case .file(let problem) = error as? ScanError else { return false }
            return problem.path == "App/.lckmigrate.json:1:\(key.count + 6)"
                && problem.message.hasPrefix("expected a whole number from 1 to \(maximum) for \"\(key)\"")
                && problem.message.hasSuffix("raise it with \(option) on the command line)")
        }
    }

    /// 300 findings in the baseline; a later run keeps 100 of them (the cap): the 200 left over are
    /// not evaluated, and nothing counts as fixed. A file that was not capped still counts its fixed entries.
    @Test func baselineEntriesOfACappedFileAreNotCountedAsFixed() throws {
        let tree = try Self.tree(config: nil)
        _ = try tree.file("App/B.swift", "x.go()\nx.go()\n")
        var writing = Self.invocation(tree)
        writing.writeBaseline = tree.root + "/baseline.json"
        _ = try Scan.run(writing)
        _ = try tree.file("App/B.swift", "x.go()\n")
        var capped = Self.invocation(tree)
        capped.overrides.baseline = tree.root + "/baseline.json"
        capped.overrides.maxFileFindings = 100
        capped.strictBaseline = true
        let outcome = try Scan.run(capped)
        let baseline = try #require(outcome.report.baseline)
        #expect(baseline.matched == 101)
        #expect(baseline.fixed == 1)
        #expect(baseline.unevaluated == 200)
        #expect(outcome.fixedBaselineEntries?.fixed == 1)

        capped.overrides.maxFileFindings = nil
        capped.overrides.maxFindings = 150
        let runCapped = try #require(try Scan.run(capped).report.baseline)
        #expect(runCapped.matched == 150)
        #expect(runCapped.fixed == 0)
        #expect(runCapped.unevaluated == 152)  // A's 150 left, and B (its finding dropped by the run cap)
    }
}
