import LCKAnalyzers
import LCKCore

/// The settings rules of a scan, run once after the per-file pass: each `SettingsAnalyzer` over each
/// target's facts, the findings located, fingerprinted and sorted in their settings files.
enum SettingsPass {
    /// The tree's settings, or nil when discovery found no settings file (the scan then reads none).
    static func read(_ files: [DiscoveredFile]) -> ProjectSettings? {
        guard !files.isEmpty else { return nil }
        return ProjectSettings(files: files) { try? SourceReader.read($0, requireUTF8: false).get() }
    }

    static func findings(
        settings: ProjectSettings, usage: [(path: String, usage: CodeUsage)], suite: AnalyzerSuite,
        policy: RulePolicy, files: [DiscoveredFile]
    ) -> [Finding] {
        let rules = suite.analyzers.compactMap { $0 as? any SettingsAnalyzer }
        guard !rules.isEmpty else { return [] }
        var byPath: [String: [Finding]] = [:]
        // In file order: the evidence names the first use, whichever worker finished first.
        let ordered = usage.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        for target in settings.appTargetFacts(usage: ordered) {
            for rule in rules {
                for finding in rule.settingsFindings(for: target, rules: suite.rules) {
                    byPath[finding.path, default: []].append(finding)
                }
            }
        }
        var located: [Finding] = []
        for file in files {
            guard var findings = byPath[file.displayPath],
                case .success(let bytes) = SourceReader.read(file, requireUTF8: false)
            else { continue }
            policy.apply(to: &findings)
            let lines = LineTable(bytes)
            Finding.locate(&findings, path: file.displayPath, lines: lines, bytes: bytes)
            FindingFingerprint.assign(to: &findings, bytes: bytes, lines: lines)
            findings.sort(by: Finding.reportOrder)
            FindingFingerprint.rankDuplicates(in: &findings)
            located += findings
        }
        return located
    }
}
