/// The embedded built-in rule table, loaded once. It is validated by tests, so a failure here is a
/// build defect; an empty table keeps the tool usable (reading and lexing) if it ever happens. It lives
/// beside the embedded files it loads, so analyzers' tests and tools need no scan façade to get it.
public enum BuiltinRuleTable {
    public static let table: RuleTable = (try? RuleLoader.loadBuiltin()) ?? RuleTable(mappings: [], analyzers: [])
}
