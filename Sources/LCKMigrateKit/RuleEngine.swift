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
    /// Findings for `file` (already located: line and column filled) under `table`.
    public var findings: @Sendable (_ file: TokenizedFile, _ table: RuleTable) -> [Finding]
    /// Whether findings of `ruleID` can come out of `findings` at all; nil means yes.
    public var unavailableReason: @Sendable (_ ruleID: String, _ table: RuleTable) -> String?

    public init(
        findings: @escaping @Sendable (TokenizedFile, RuleTable) -> [Finding],
        unavailableReason: @escaping @Sendable (String, RuleTable) -> String? = { _, _ in nil }
    ) {
        self.findings = findings
        self.unavailableReason = unavailableReason
    }

    /// Findings of `source` (any text), located against its own line table.
    public func findings(in source: [UInt8], table: RuleTable, path: String = "<example>") -> [Finding] {
        let file = Lexer.tokenize(source)
        let lines = LineTable(source)
        return findings(file, table).map { finding in
            var located = finding
            located.locate(path: path, lines: lines)
            return located
        }
    }

    /// The analyzers of `AnalyzerRegistry.all` plus mapping detection, as `scan` runs them.
    public static let standard = RuleEngine(
        findings: { file, table in
            let context = AnalysisContext(file: file, rules: table)
            var findings: [Finding] = []
            for analyzer in AnalyzerRegistry.all { analyzer.analyze(context, into: &findings) }
            findings.append(contentsOf: MappingDetection.findings(context))
            return findings
        },
        unavailableReason: { ruleID, table in
            if table.mapping(id: ruleID) != nil {
                return MappingDetection.isAvailable ? nil : "mapping detection is not built into this binary yet"
            }
            if AnalyzerRegistry.all.contains(where: { $0.ruleID == ruleID }) { return nil }
            return "no analyzer with this id in AnalyzerRegistry.all (an analyzer rule needs Swift code)"
        }
    )
}

/// The seam to the CallKit usage detector. Until it lands in main this finds nothing and says so,
/// so mapping rules are reported as skipped instead of failing.
enum MappingDetection {
    static let isAvailable = false

    static func findings(_ context: AnalysisContext) -> [Finding] { [] }
}
