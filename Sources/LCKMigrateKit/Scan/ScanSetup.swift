import LCKAnalyzers
import LCKCore
import LCKRules

/// Two steps of `Scan` a caller may also take alone: loading the rule table and reading a baseline.
public enum ScanSetup {
    /// The active rules: the built-in table plus `directories`, and the suppression stage's own rules.
    public struct ActiveRules: Sendable {
        public var descriptors: [RuleDescriptor]
        public var fingerprint: String
        /// Every id a config, `--severity` or a suppression comment may name.
        public var ids: Set<String>
        /// The loaded table, which drives mapping detection (`analyzer`).
        public var table: RuleTable

        public init(descriptors: [RuleDescriptor], fingerprint: String, table: RuleTable = BuiltinRuleTable.table) {
            self.table = table
            var all = descriptors
            for meta in SuppressionRules.all where !all.contains(where: { $0.id == meta.id }) { all.append(meta) }
            self.descriptors = all.sorted { $0.id < $1.id }
            self.fingerprint = fingerprint
            self.ids = Set(self.descriptors.map(\.id))
        }
    }

    /// Loads the rule table through the same checks as `rules validate`; a broken rule file is a
    /// `FileProblemError` naming the validator's first problem and its position.
    public static func loadRules(directories: [String]) throws(FileProblemError) -> ActiveRules {
        do {
            let table = try RuleLoader.loadValidated(directories: directories)
            return ActiveRules(descriptors: table.descriptors, fingerprint: table.fingerprint, table: table)
        } catch {
            let first = error.diagnostics.first
            throw FileProblemError(
                FileProblem(
                    path: first.map { "\($0.location)" } ?? "rules",
                    message: (first?.message ?? "cannot load the rule table")
                        + (error.diagnostics.count > 1
                            ? " (and \(error.diagnostics.count - 1) more rule problems)" : "")))
        }
    }

    /// Reads a baseline file (relative to `currentDirectory`).
    public static func loadBaseline(_ path: String, currentDirectory: String) throws(FileProblemError) -> Baseline {
        switch Platform.readFile(Array(ConfigurationLoader.absolutePath(path, currentDirectory).utf8)) {
        case .success(let bytes): return try Baseline.parse(bytes, path: path)
        case .failure(let error):
            let hint = error.isNotFound ? "; create it with --write-baseline" : ""
            throw FileProblemError(FileProblem(path: path, message: "cannot read baseline (\(error.message))\(hint)"))
        }
    }
}

extension ScanSetup.ActiveRules {
    /// Mapping detection from this table plus every registered analyzer: what a scan runs.
    package var analyzer: AnalyzerSuite { AnalyzerSuite(rules: table) }
}
