import LCKCore
import LCKRules

/// Loads the rule table a scan uses: the embedded built-in rules, then `--rules` directories in order.
public enum RuleSet {
    /// Relative directories are taken from `currentDirectory` (the scan's, not the process's).
    public static func load(directories: [String], currentDirectory: String) throws(RuleSetError) -> RuleTable {
        guard !directories.isEmpty else { return BuiltinRuleTable.table }
        let resolved = directories.map { directory in
            directory.hasPrefix("/") || currentDirectory.isEmpty ? directory : currentDirectory + "/" + directory
        }
        do {
            return try RuleLoader.load(directories: resolved)
        } catch {
            throw RuleSetError(lines: error.diagnostics.map(\.description))
        }
    }
}

extension RuleSet {
    /// Everything a scan request needs from the loaded rules.
    public struct Loaded: Sendable {
        public var table: RuleTable
        public var analyzer: StandardAnalyzer { StandardAnalyzer(rules: table) }
        public var descriptors: [RuleDescriptor] { table.descriptors }
        public var fingerprint: String { table.fingerprint }
    }

    /// `load(directories:currentDirectory:)`, packaged for the CLI.
    public static func loadForScan(directories: [String], currentDirectory: String) throws(RuleSetError) -> Loaded {
        Loaded(table: try load(directories: directories, currentDirectory: currentDirectory))
    }
}

/// Rule files that could not be loaded; one `file:line:column: error: message` line per problem.
public struct RuleSetError: Error, Sendable {
    public var lines: [String]
}
