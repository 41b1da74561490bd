import LCKAnalyzers
import LCKRules

/// The embedded built-in rule table, loaded once. It is validated by tests, so a failure here is a
/// build defect; an empty table keeps the tool usable (reading and lexing) if it ever happens.
public enum BuiltinRuleTable {
    public static let table: RuleTable = (try? RuleLoader.loadBuiltin()) ?? RuleTable(mappings: [], analyzers: [])
}

extension ScanSetup.ActiveRules {
    /// Mapping detection from this table plus every registered analyzer: what a scan runs.
    public var analyzer: AnalyzerSuite { AnalyzerSuite(rules: table) }
}
