import Foundation
import LCKTestSupport
import Testing

/// `--min-severity` and `--only` (and `minSeverity`/`only` in the config): what is reported and what
/// counts for the exit status, while the baseline keeps covering every finding.
@Suite struct ScanFilterTests {
    /// The JSON report's findings of a scan of the samples with `extra` options.
    static func findings(_ extra: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(
            ["scan", "Samples", "--format", "json", "--fail-on", "never", "--quiet"] + extra, in: PackageRoot.path)
        #expect(result.status == 0, "\(result.standardError)")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(root["findings"] as? [[String: Any]])
    }

    /// Rule id → kind (`mapping`, `analyzer`, `meta`), from `rules list --format json`.
    static func ruleKinds() throws -> [String: String] {
        let result = try CLI.run(["rules", "list", "--format", "json"], in: PackageRoot.path)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rules = try #require(root["rules"] as? [[String: Any]])
        var kinds: [String: String] = [:]
        for rule in rules { kinds[rule["id"] as? String ?? ""] = rule["kind"] as? String }
        return kinds
    }

    static func key(_ finding: [String: Any]) -> String {
        "\(finding["path"] ?? ""):\(finding["line"] ?? ""):\(finding["column"] ?? ""):\(finding["ruleId"] ?? "")"
    }

    @Test func onlyAnalyzersIsExactlyTheAntiPatternFindings() throws {
        let kinds = try Self.ruleKinds()
        let all = try Self.findings([])
        let expected = all.filter { kinds[$0["ruleId"] as? String ?? ""] != "mapping" }.map(Self.key)
        let analyzers = try Self.findings(["--only", "analyzers"]).map(Self.key)
        #expect(!expected.isEmpty && expected.count < all.count)
        #expect(analyzers == expected)
        // The two selections split the findings between them; together they are everything.
        let both = try Self.findings(["--only", "mappings,analyzers"]).map(Self.key)
        #expect(both == all.map(Self.key))
        let mappings = try Self.findings(["--only=mappings"])
        #expect(mappings.count + analyzers.count == all.count)
        #expect(mappings.allSatisfy { kinds[$0["ruleId"] as? String ?? ""] == "mapping" })
        let oneRule = try Self.findings(["--only", "unresolved_action", "--only", "empty_reset"])
        #expect(!oneRule.isEmpty)
        #expect(oneRule.allSatisfy { ["unresolved_action", "empty_reset"].contains($0["ruleId"] as? String) })
    }

    @Test func minSeverityDecidesWhatIsReportedAndWhatFails() throws {
        let errors = try Self.findings(["--min-severity", "error"])
        #expect(!errors.isEmpty && errors.allSatisfy { $0["severity"] as? String == "error" })
        // Samples' mapping findings are warnings and notes: filtered out, they cannot fail the run.
        let failing = try CLI.run(["scan", "Samples", "--fail-on", "warning", "--quiet"], in: PackageRoot.path)
        #expect(failing.status == 1)
        let filtered = try CLI.run(
            ["scan", "Samples", "--fail-on", "warning", "--only", "mappings", "--min-severity", "error"],
            in: PackageRoot.path)
        #expect(filtered.status == 0 && filtered.standardOutput.isEmpty)
        #expect(filtered.standardError.contains("0 errors, 0 warnings, 0 notes, "))
        #expect(filtered.standardError.contains(" filtered out"))
        let kept = try CLI.run(
            ["scan", "Samples", "--min-severity", "error", "--format", "json"], in: PackageRoot.path)
        #expect(kept.status == 1)
    }

    @Test func minConfidenceKeepsTheSurerAntiPatternsAndEveryUsage() throws {
        let all = try Self.findings([])
        func confidence(_ finding: [String: Any]) -> String? { finding["confidence"] as? String }
        let rank = ["low": 0, "medium": 1, "high": 2]
        for (level, minimum) in [("medium", 1), ("high", 2)] {
            let kept = try Self.findings(["--min-confidence", level])
            let expected = all.filter { confidence($0).map { rank[$0]! >= minimum } ?? true }.map(Self.key)
            #expect(kept.map(Self.key) == expected, "\(level)")
        }
        // The samples hold anti-patterns at every level, so each cut removes some and keeps some.
        let high = try Self.findings(["--min-confidence", "high"])
        #expect(high.count < (try Self.findings(["--min-confidence", "medium"])).count)
        #expect(high.contains { confidence($0) == "high" })
        #expect(high.contains { confidence($0) == nil }, "the usages stay")
        #expect(try Self.findings(["--min-confidence", "low"]).map(Self.key) == all.map(Self.key))
        let level = try CLI.run(["scan", "Samples", "--min-confidence", "certain"], in: PackageRoot.path)
        #expect(level.status == 2 && level.standardError.contains("unknown level 'certain' for --min-confidence"))
        // The config key does the same: an empty reset handler is a sure finding, so it is kept and fails.
        let tree = try TemporaryTree()
        try tree.file(".lckmigrate.json", #"{"minConfidence": "high", "only": ["analyzers"]}"#)
        try tree.file(
            "Calls.swift",
            "import CallKit\nfinal class D: NSObject, CXProviderDelegate {\n"
                + "    func providerDidReset(_ provider: CXProvider) {}\n}\n")
        let printed = try CLI.run(["config", "--print"], in: tree.root)
        #expect(printed.standardOutput.contains("minConfidence: high"), "\(printed.standardOutput)")
        let kept = try CLI.run(["scan", ".", "--format", "json", "--fail-on", "warning"], in: tree.root)
        #expect(kept.status == 1 && kept.standardOutput.contains(#""ruleId": "empty_reset""#), "\(kept.standardOutput)")
        let bad = try TemporaryTree()
        try bad.file(".lckmigrate.json", #"{"minConfidence": "sure"}"#)
        let refused = try CLI.run(["scan", "."], in: bad.root)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains(#"expected "high", "medium" or "low" for "minConfidence""#))
    }

    @Test func theBaselineIgnoresTheFilter() throws {
        let tree = try TemporaryTree()
        let baseline = tree.root + "/baseline.json"
        let written = try CLI.run(
            ["scan", "Samples", "--only", "analyzers", "--min-severity", "error", "--write-baseline", baseline, "-q"],
            in: PackageRoot.path)
        #expect(written.status == 0, "\(written.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        let recorded = entries.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
        #expect(recorded == (try Self.findings([])).count)
        // Every mapping entry is still matched, so nothing counts as fixed under --strict-baseline.
        let strict = try CLI.run(
            ["scan", "Samples", "--baseline", baseline, "--strict-baseline", "--only", "analyzers"],
            in: PackageRoot.path)
        #expect(strict.status == 0, "\(strict.standardError)")
        #expect(strict.standardError.contains("; baseline: \(recorded) known, 0 fixed"), "\(strict.standardError)")
    }

    @Test func anUnknownRuleIsAnErrorWithASuggestion() throws {
        let result = try CLI.run(["scan", "Samples", "--only", "analyzers,transient_handel"], in: PackageRoot.path)
        #expect(result.status == 2 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown rule id 'transient_handel' for --only"))
        #expect(result.standardError.contains("did you mean 'transient_handle'?"))
        let level = try CLI.run(["scan", "Samples", "--min-severity", "warn"], in: PackageRoot.path)
        #expect(level.status == 2 && level.standardError.contains("--min-severity"))
    }

    @Test func theConfigSetsTheFilterAndConfigPrintShowsWhere() throws {
        let tree = try TemporaryTree()
        // `CXCall` is a note, `isOutgoing` one of the usages that stay warnings: the filter keeps only the warning.
        try tree.file("A.swift", "import CallKit\nfunc f(_ call: CXCall) -> Bool { call.isOutgoing }\n")
        try tree.file(".lckmigrate.json", #"{"minSeverity": "warning", "only": ["mappings"]}"#)
        let printed = try CLI.run(["config", "--print"], in: tree.root)
        #expect(printed.standardOutput.contains("minSeverity: warning"))
        #expect(printed.standardOutput.contains(#"only: ["mappings"]"#))
        #expect(printed.standardOutput.contains("# .lckmigrate.json:1:17"))
        let overridden = try CLI.run(["config", "--print", "--only", "analyzers"], in: tree.root)
        #expect(overridden.standardOutput.contains("command line (--only)"))
        let scanned = try CLI.run(["scan", "."], in: tree.root)
        #expect(scanned.standardOutput.contains(": warning: CXCall.isOutgoing"), "\(scanned.standardOutput)")
        #expect(!scanned.standardOutput.contains(": note: "), "\(scanned.standardOutput)")
        let analyzersOnly = try CLI.run(["scan", ".", "--only", "analyzers"], in: tree.root)
        #expect(analyzersOnly.standardOutput.isEmpty && analyzersOnly.status == 0)
        try tree.file(".lckmigrate.json", "{\n  \"only\": [\"mapping\"]\n}\n")
        let unknown = try CLI.run(["scan", "."], in: tree.root)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains(".lckmigrate.json:2:11: unknown rule id 'mapping' in \"only\""))
        #expect(unknown.standardError.contains("did you mean 'mappings'?"))
    }

    /// `text` and `xcode` print the same anti-pattern lines and exit alike; only the inventory differs.
    @Test func textAndXcodeCarryTheSameAntiPatterns() throws {
        let text = try CLI.run(["scan", "Samples", "-q"], in: PackageRoot.path)
        let xcode = try CLI.run(["scan", "Samples", "-q", "--format", "xcode"], in: PackageRoot.path)
        let analyzers = try CLI.run(
            ["scan", "Samples", "-q", "--format", "xcode", "--only", "analyzers"], in: PackageRoot.path)
        #expect(!analyzers.standardOutput.isEmpty)
        #expect(xcode.standardOutput.hasPrefix(analyzers.standardOutput))
        #expect(text.standardOutput.contains("):\n" + analyzers.standardOutput + "\nCallKit and PushKit usages"))
        #expect(text.status == xcode.status)
    }
}
