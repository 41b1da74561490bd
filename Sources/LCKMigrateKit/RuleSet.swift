import LCKCore
import LCKRules

/// The rule table a scan uses: the embedded built-in rules, then `--rules` directories in order
/// (a later definition of an id replaces the earlier one).
public struct RuleSet: Sendable {
    public let table: RuleTable

    /// Relative directories are taken from `currentDirectory` (the scan's, not the process's).
    /// Throws `RuleSetError` listing every problem of every rule file.
    public init(directories: [String], currentDirectory: String) throws {
        guard !directories.isEmpty else {
            table = BuiltinRuleTable.table
            return
        }
        let resolved = directories.map { directory in
            directory.hasPrefix("/") || currentDirectory.isEmpty ? directory : currentDirectory + "/" + directory
        }
        do {
            table = try RuleLoader.load(directories: resolved)
        } catch {
            throw RuleSetError(lines: error.diagnostics.map(\.description))
        }
    }

    /// Mapping detection from this table plus the registered anti-pattern analyzers.
    public var analyzer: StandardAnalyzer { StandardAnalyzer(rules: table) }
    public var descriptors: [RuleDescriptor] { table.descriptors }
    public var fingerprint: String { table.fingerprint }
}

/// Rule files that could not be loaded; one `file:line:column: error: message` line per problem.
public struct RuleSetError: Error, Sendable {
    public var lines: [String]
}
