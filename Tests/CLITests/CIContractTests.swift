import Foundation
import LCKTestSupport
import Testing

/// What CI systems read from a scan agrees with its exit status: JUnit failures, GitHub annotations,
/// mistyped formats and output folders.
@Suite struct CIContractTests {
    /// Unsuppressed findings of the samples at each severity, from the JSON report.
    static func severityCounts() throws -> [String: Int] {
        let result = try CLI.run(["scan", "Samples", "--format", "json", "--fail-on", "never"], in: PackageRoot.path)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for finding in findings where finding["suppression"] == nil {
            counts[finding["severity"] as? String ?? "", default: 0] += 1
        }
        return counts
    }

    @Test(arguments: ["error", "warning", "never"]) func junitFailuresAreTheFindingsThatFailTheRun(
        failOn: String
    ) throws {
        let counts = try Self.severityCounts()
        let expected =
            switch failOn {
            case "error": counts["error"] ?? 0
            case "warning": (counts["error"] ?? 0) + (counts["warning"] ?? 0)
            default: 0
            }
        let result = try CLI.run(
            ["scan", "Samples", "--format", "junit", "--fail-on", failOn, "--quiet"], in: PackageRoot.path)
        #expect(result.status == (expected > 0 ? 1 : 0))
        let header = try #require(result.standardOutput.split(separator: "\n").dropFirst().first)
        #expect(header.contains(" failures=\"\(expected)\""), "\(header)")
        #expect(result.standardOutput.components(separatedBy: "<failure ").count - 1 == expected)
        #expect(result.standardOutput.contains("<system-out>") == (failOn != "note"))
    }

    @Test func githubAnnotatesOnlyFailingFindingsAndSummarizesTheRest() throws {
        let counts = try Self.severityCounts()
        let tree = try TemporaryTree()
        let summary = tree.root + "/step-summary.md"
        try tree.file("step-summary.md", "earlier step\n")
        let result = try CLI.run(
            ["scan", "Samples", "--format", "github", "--fail-on", "error", "--quiet"], in: PackageRoot.path,
            environment: ["GITHUB_STEP_SUMMARY": summary])
        let annotations = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == counts["error"] && annotations.count <= 50)
        #expect(annotations.allSatisfy { $0.hasPrefix("::error ") })
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n"), "the job summary is appended to")
        #expect(written.contains("lckmigrate") && written.contains("warning"))
    }

    @Test func aMistypedFormatIsAUsageErrorWithASuggestion() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift")
        let result = try CLI.run(["scan", "A.swift", "-o", "sarf=x.sarif"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("unknown format 'sarf'") && result.standardError.contains("'sarif=x.sarif'"))
        #expect(try tree.entries() == ["A.swift"])
        let spelled = try CLI.run(["scan", "A.swift", "-o", "./sarf=x.sarif", "--quiet"], in: tree.root)
        #expect(spelled.status == 0 && FileManager.default.fileExists(atPath: tree.root + "/sarf=x.sarif"))
    }

    @Test func outputFoldersAreCreatedButAConfigCannotClimbOutThroughMissingOnes() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift")
        let made = try CLI.run(["scan", "App", "-o", "sarif=reports/ci/scan.sarif", "--quiet"], in: tree.root)
        #expect(made.status == 0 && FileManager.default.fileExists(atPath: tree.root + "/reports/ci/scan.sarif"))
        try tree.file("App/.lckmigrate.json", #"{"formats": ["json=out/new/scan.json"]}"#)
        let inside = try CLI.run(["scan", "App", "--quiet"], in: tree.root)
        #expect(inside.status == 0 && FileManager.default.fileExists(atPath: tree.root + "/App/out/new/scan.json"))
        try tree.file("App/.lckmigrate.json", #"{"formats": ["json=gone/../../escaped.json"]}"#)
        let climbing = try CLI.run(["scan", "App", "--quiet"], in: tree.root)
        #expect(climbing.status == 2 && climbing.standardError.contains("outside the config file's folder"))
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/escaped.json"))
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/App/gone"))
    }
}
