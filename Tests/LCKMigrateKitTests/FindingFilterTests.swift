import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// `minSeverity`/`only` in the config and `FindingFilter` itself; the CLI behaviour is in `ScanFilterTests`.
@Suite struct FindingFilterTests {
    static func finding(_ rule: String, _ severity: Severity, suppressed: Bool = false) -> Finding {
        var finding = Finding(
            ruleID: rule, severity: severity, message: "m", range: ByteRange(start: 0, end: 1), path: "A.swift",
            start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2))
        if suppressed { finding.suppression = Suppression(kind: .inSource, justification: "") }
        return finding
    }

    static let rules = [
        RuleDescriptor(id: "map", kind: .mapping, title: "", severity: .warning, summary: "", sourceFile: ""),
        RuleDescriptor(id: "anti", kind: .analyzer, title: "", severity: .error, summary: "", sourceFile: ""),
        RuleDescriptor(id: "unused", kind: .meta, title: "", severity: .note, summary: "", sourceFile: ""),
    ]

    static func kept(_ filter: FindingFilter) -> [String] {
        var report = ScanReport(
            findings: [
                finding("map", .warning), finding("anti", .error), finding("unused", .note),
                finding("map", .note, suppressed: true),
            ], rules: rules, filesScanned: 1)
        let removed = filter.apply(to: &report, rules: rules)
        return report.findings.map { "\($0.ruleID):\($0.severity.rawValue)" } + ["removed \(removed)"]
    }

    @Test func selectsByKindRuleAndSeverity() {
        #expect(Self.kept(FindingFilter()).count == 5)
        #expect(Self.kept(FindingFilter(only: [.analyzers])) == ["anti:error", "unused:note", "removed 1"])
        #expect(Self.kept(FindingFilter(only: [.mappings])) == ["map:warning", "map:note", "removed 2"])
        #expect(Self.kept(FindingFilter(only: [.rule("unused")])) == ["unused:note", "removed 2"])
        #expect(Self.kept(FindingFilter(minSeverity: .warning)) == ["map:warning", "anti:error", "removed 1"])
        #expect(Self.kept(FindingFilter(minSeverity: .error, only: [.mappings])) == ["removed 3"])
    }

    @Test func minConfidenceDropsOnlyTheJudgementsBelowIt() {
        func finding(_ rule: String, _ confidence: Confidence?) -> Finding {
            var finding = Self.finding(rule, .error)
            finding.confidence = confidence
            return finding
        }
        func kept(_ level: Confidence) -> [String] {
            var report = ScanReport(
                findings: [
                    finding("anti", .high), finding("anti", .medium), finding("anti", .low), finding("map", nil),
                ],
                rules: Self.rules, filesScanned: 1)
            let removed = FindingFilter(minConfidence: level).apply(to: &report, rules: Self.rules)
            return report.findings.map { "\($0.ruleID):\($0.confidence?.rawValue ?? "none")" } + ["removed \(removed)"]
        }
        #expect(FindingFilter(minConfidence: .low).keepsEverything)
        #expect(!FindingFilter(minConfidence: .medium).keepsEverything)
        #expect(kept(.low) == ["anti:high", "anti:medium", "anti:low", "map:none", "removed 0"])
        #expect(kept(.medium) == ["anti:high", "anti:medium", "map:none", "removed 1"])
        #expect(kept(.high) == ["anti:high", "map:none", "removed 2"])
        #expect(Confidence.low < .medium && Confidence.medium < .high)
    }

    @Test func parsesCommaListsAndSuggestsForUnknownIds() {
        #expect(FindingFilter.parseOnly(" analyzers, some_rule,,") == [.analyzers, .rule("some_rule")])
        #expect(FindingFilter.parseOnly(" , ") == nil)
        let filter = FindingFilter(only: [.mappings, .rule("transient_handel")])
        #expect(filter.unknownEntry(known: ["transient_handle"])! == ("transient_handel", "transient_handle"))
        #expect(FindingFilter(only: [.rule("mapping")]).unknownEntry(known: [])! == ("mapping", "mappings"))
        #expect(FindingFilter(only: [.analyzers, .rule("a")]).unknownEntry(known: ["a"]) == nil)
    }

    @Test func theConfigKeysAreReadWithTheirPositions() throws {
        let tree = try TemporaryTree()
        try tree.file(".lckmigrate.json", "{\n  \"minSeverity\": \"warning\",\n  \"only\": [\"analyzers,x\", \"y\"]\n}")
        let (configuration, warnings, _) = try ConfigurationLoader.load(
            path: ".lckmigrate.json", currentDirectory: tree.root, over: Configuration(patternRoot: tree.root))
        #expect(warnings.isEmpty)
        #expect(
            configuration.findingFilter
                == FindingFilter(minSeverity: .warning, only: [.analyzers, .rule("x"), .rule("y")]))
        #expect(
            configuration.only.origin
                == .configFile(path: ".lckmigrate.json", position: SourcePosition(line: 3, column: 11)))
        try tree.file(".lckmigrate.json", "{\"minSeverity\": \"never\"}")
        #expect(throws: FileProblemError.self) {
            try ConfigurationLoader.load(
                path: ".lckmigrate.json", currentDirectory: tree.root, over: Configuration(patternRoot: tree.root))
        }
    }
}
