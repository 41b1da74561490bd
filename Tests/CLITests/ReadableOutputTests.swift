import Foundation
import LCKTestSupport
import Testing

/// Issue 26: the default output a newcomer reads. `scan Samples` fits on a few screens with every
/// anti-pattern in it, the usages are counted per symbol unless `--verbose` or `--only mappings` asks for
/// each, and an absolute PATH comes back absolute while baselines keep matching.
@Suite struct ReadableOutputTests {
    /// The anti-pattern lines of a full `xcode --verbose` run: every line whose rule is not a mapping,
    /// and the witness notes after them.
    static func antiPatternLines() throws -> [Substring] {
        let analyzers = try CLI.run(
            ["scan", "Samples", "--only", "analyzers", "--format", "xcode", "--quiet"], in: PackageRoot.path)
        return analyzers.standardOutput.split(separator: "\n")
    }

    @Test func scanSamplesFitsInAHundredAndSixtyLinesWithEveryAntiPattern() throws {
        let result = try CLI.run(["scan", "Samples"], in: PackageRoot.path)
        #expect(result.status == 1)  // the anti-pattern errors still fail the run at the default --fail-on error
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 160)
        let antiPatterns = try Self.antiPatternLines()
        #expect(antiPatterns.count > 60)
        for line in antiPatterns {
            #expect(lines.contains(line), "missing anti-pattern line: \(line)")
        }
        #expect(result.standardOutput.hasPrefix("Anti-patterns to fix ("))
        // The inventory: a header, rows with counts and first uses, and the line counting the rest.
        #expect(result.standardOutput.contains("  uses  level    first use "))
        #expect(result.standardOutput.contains("  symbol → LiveCommunicationKit [rule]\n"))
        #expect(
            lines.contains {
                $0.hasPrefix("    97  note     Samples/")
                    && $0.hasSuffix(" CXProvider → ConversationManager [cxprovider]")
            })
        #expect(lines.contains { $0.hasPrefix("  … ") && $0.contains("more symbols with") })
    }

    @Test func xcodeListsEachSymbolOnceAndVerboseListsEveryUse() throws {
        let compact = try CLI.run(["scan", "Samples", "--format", "xcode", "--quiet"], in: PackageRoot.path)
        let verbose = try CLI.run(
            ["scan", "Samples", "--format", "xcode", "--verbose", "--quiet"], in: PackageRoot.path)
        let json = try CLI.run(["scan", "Samples", "--format", "json", "--quiet"], in: PackageRoot.path)
        let findings = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["findings"]
                as? [[String: Any]])
        let usages = findings.filter { $0["mappingKind"] is String }
        let symbols = Set(usages.compactMap { $0["ruleId"] as? String })
        for line in try Self.antiPatternLines() { #expect(compact.standardOutput.contains(line + "\n")) }
        let compactLines = compact.standardOutput.split(separator: "\n")
        #expect(compactLines.count == (try Self.antiPatternLines()).count + symbols.count)
        #expect(compactLines.contains { $0.contains("CXProvider → ConversationManager: 97 uses in ") })
        // Every use: one line per finding, plus the witness notes.
        let verboseFindings = verbose.standardOutput.split(separator: "\n").filter {
            $0.hasSuffix("]") && $0.contains(": ")
        }
        #expect(verboseFindings.count >= findings.count)
        for usage in usages.prefix(200) {
            let location = "\(usage["path"]!):\(usage["line"]!):\(usage["column"]!): "
            #expect(verbose.standardOutput.contains(location))
        }
        let onlyMappings = try CLI.run(["scan", "Samples", "--only", "mappings", "--quiet"], in: PackageRoot.path)
        #expect(onlyMappings.standardOutput.split(separator: "\n").count == 1 + usages.count)
        #expect(!onlyMappings.standardOutput.contains("first use"))
        let text = try CLI.run(["scan", "Samples", "--verbose", "--quiet"], in: PackageRoot.path)
        #expect(text.standardOutput.split(separator: "\n").count > findings.count)
    }

    @Test func anAbsolutePathIsShownAbsoluteAndTheBaselineStillMatches() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "App/Call.swift",
            "import CallKit\nlet provider = CXProvider(configuration: CXProviderConfiguration())\n")
        try tree.file("Work/.keep", "")
        let absolute = tree.root + "/App/Call.swift"
        let result = try CLI.run(["scan", absolute, "--format", "xcode", "--verbose"], in: tree.root + "/Work")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(absolute + ":2:") })
        let folder = try CLI.run(
            ["scan", tree.root + "/./App/", "--format", "json", "--quiet"], in: tree.root + "/Work")
        #expect(folder.standardOutput.contains("\"path\": \"\(absolute)\""))
        #expect(!folder.standardOutput.contains("../"))
        let listed = try CLI.run(["scan", tree.root + "/App", "--list-files"], in: tree.root + "/Work")
        #expect(listed.standardOutput == absolute + "\n")
        // Relative stays relative to the current directory.
        let relative = try CLI.run(["scan", "../App", "--format", "xcode", "--verbose"], in: tree.root + "/Work")
        #expect(relative.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("../App/Call.swift:2:") })

        // A baseline written from a relative path matches the same files scanned by their absolute path.
        let written = try CLI.run(["scan", "App", "--write-baseline", "baseline.json", "--quiet"], in: tree.root)
        #expect(written.status == 0)
        let baseline = try String(contentsOfFile: tree.root + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"path\": \"App/Call.swift\""))
        let matched = try CLI.run(
            ["scan", tree.root + "/App", "--baseline", "baseline.json", "--fail-on", "note"], in: tree.root)
        #expect(matched.status == 0)
        #expect(matched.standardOutput.isEmpty)
        #expect(matched.standardError.contains("0 errors, 0 warnings, 0 notes, "))
        // And the fingerprints do not depend on how the path was typed.
        let byRelative = try CLI.run(["scan", "App", "--format", "json", "--quiet"], in: tree.root)
        let byAbsolute = try CLI.run(["scan", tree.root + "/App", "--format", "json", "--quiet"], in: tree.root)
        #expect(Self.fingerprints(byRelative.standardOutput) == Self.fingerprints(byAbsolute.standardOutput))
        #expect(!Self.fingerprints(byRelative.standardOutput).isEmpty)
    }

    static func fingerprints(_ json: String) -> [String] {
        json.split(separator: "\n").filter { $0.contains("\"fingerprint\"") }.map(String.init)
    }
}
