import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules

/// What turns one source text into findings under a given rule table: the per-file half of a scan.
///
/// `rules test` and the tests share it, so an example passes exactly when a scan of the same text
/// would report it. The engine also says which rules it can run at all: an analyzer id from a
/// custom pack has no Swift code behind it, and such a rule is skipped rather than failed.
public struct RuleEngine: Sendable {
    /// Findings of one lexed file; built once per table by `prepare`.
    public typealias FileFindings = @Sendable (_ file: TokenizedFile) -> [Finding]

    /// Builds the per-file function for `table` (indexes and detectors are built here, once).
    public var prepare: @Sendable (_ table: RuleTable) -> FileFindings
    /// Why findings of `ruleID` cannot come out of this engine at all; nil when they can.
    public var unavailableReason: @Sendable (_ ruleID: String, _ table: RuleTable) -> String?
    /// Like `prepare`, for a set of sample files analysed together (a scan's project-wide pre-pass);
    /// nil means each file is analysed on its own, as with `prepare`.
    public var prepareProject: (@Sendable (_ table: RuleTable, _ files: [DiscoveredFile]) -> FileFindings)?

    public init(
        prepare: @escaping @Sendable (RuleTable) -> FileFindings,
        unavailableReason: @escaping @Sendable (String, RuleTable) -> String? = { _, _ in nil }
    ) {
        self.prepare = prepare
        self.unavailableReason = unavailableReason
    }

    /// An engine that needs no preparation.
    public init(
        findings: @escaping @Sendable (TokenizedFile, RuleTable) -> [Finding],
        unavailableReason: @escaping @Sendable (String, RuleTable) -> String? = { _, _ in nil }
    ) {
        self.init(prepare: { table in { file in findings(file, table) } }, unavailableReason: unavailableReason)
    }

    /// Findings of `source` (any text), located against its own line table.
    static func located(_ run: FileFindings, source: [UInt8], path: String) -> [Finding] {
        let lines = LineTable(source)
        return run(Lexer.tokenize(source)).map { finding in
            var located = finding
            located.locate(path: path, lines: lines)
            return located
        }
    }

    /// What `scan` runs on one file: mapping detection for the table, then every analyzer in
    /// `AnalyzerRegistry.all` (`StandardAnalyzer`). An example stands for a file of a project whose
    /// migration is under way, so `unchanged` mappings (PushKit) report as they would in such a scan.
    /// Samples run with the scan's pre-pass over all sample files, exactly as `scan` would see them.
    public static let standard: RuleEngine = {
        var engine = RuleEngine(
            prepare: { table in
                var project = ProjectFacts()
                project.migrationPending = true
                let analyzer = StandardAnalyzer(rules: table, project: project)
                let options = SuppressionOptions(knownRuleIDs: table.allIDs.union(SuppressionRules.all.map(\.id)))
                return { file in
                    // The scan's suppress stage too, so `unused_suppression` examples run and a
                    // suppressed finding does not count as triggered.
                    var findings = analyzer.analyze(path: "<example>", file: file)
                    SuppressionPass.apply(to: &findings, file: file, lines: LineTable(file.bytes), options: options)
                    return findings.filter { $0.suppression == nil }
                }
            },
            unavailableReason: { ruleID, table in
                if table.mapping(id: ruleID) != nil { return nil }
                if ruleID == SuppressionRules.unusedID { return nil }
                if AnalyzerRegistry.all.contains(where: { $0.ruleID == ruleID }) { return nil }
                return "no analyzer with this id in AnalyzerRegistry.all (an analyzer rule needs Swift code)"
            }
        )
        engine.prepareProject = { table, files in
            let analyzer = StandardAnalyzer(rules: table).prepared(for: files, jobs: 1)
            return { file in analyzer.analyze(path: "<sample>", file: file) }
        }
        return engine
    }()
}
