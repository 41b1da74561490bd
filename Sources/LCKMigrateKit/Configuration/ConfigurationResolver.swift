import LCKCore

/// The configuration and rule table a scan runs with, and the warnings found on the way.
public struct ResolvedSettings: Sendable {
    public var configuration: Configuration
    public var rules: ScanSetup.ActiveRules
    /// Unknown config keys and rule ids in config-file order, then unknown `--severity` rules: one
    /// message each, without the tool's `warning:` prefix.
    public var warnings: [String]

    /// What `lckmigrate config --print` shows: every setting with its origin, then the rules a pack overrides.
    public func printed() -> String {
        configuration.printed() + RuleCatalog.overrideLines(rules.table)
    }
}

/// Applies the precedence of settings (caller's overrides over the config file over defaults) and loads
/// the rule table the result names. `Scan` runs the two steps apart, walking the tree in between.
public enum ConfigurationResolver {
    /// The settings for scanning `paths`: the config file found for them (or `overrides.configFile`),
    /// the overrides over it, and the rule table; a broken config or rule pack throws.
    public static func resolve(
        paths: [String], currentDirectory: String, overrides: ConfigurationOverrides
    ) throws(ScanError) -> ResolvedSettings {
        let configured = try configure(paths: paths, currentDirectory: currentDirectory, overrides: overrides)
        return try loadRules(for: configured, overrides: overrides)
    }

    /// The config file and the overrides combined, before any rule is loaded. Warnings that need the
    /// rule ids wait for `loadRules(for:overrides:)`.
    struct Configured: Sendable {
        var configuration: Configuration
        var warnings: [ConfigurationWarning]
        var references: [RuleIDReference]
    }

    /// Step one: reads the config file and applies the overrides; config errors throw.
    static func configure(
        paths: [String], currentDirectory: String, overrides: ConfigurationOverrides
    ) throws(ScanError) -> Configured {
        var configured = Configured(
            configuration: Configuration(patternRoot: currentDirectory), warnings: [], references: [])
        let located =
            overrides.ignoresConfigFile
            ? nil
            : ConfigurationLoader.locate(
                paths: paths, explicit: overrides.configFile, currentDirectory: currentDirectory)
        if let path = located {
            do {
                (configured.configuration, configured.warnings, configured.references) = try ConfigurationLoader.load(
                    path: path, currentDirectory: currentDirectory, over: configured.configuration)
            } catch {
                throw ScanError(error)
            }
        }
        try overrides.apply(to: &configured.configuration)
        return configured
    }

    /// Step two: the rule table the configuration names, and every warning in config-file order.
    static func loadRules(
        for configured: Configured, overrides: ConfigurationOverrides
    ) throws(ScanError) -> ResolvedSettings {
        let configuration = configured.configuration
        let rules: ScanSetup.ActiveRules
        do {
            rules = try ScanSetup.loadRules(directories: configuration.ruleDirectories.value)
        } catch {
            throw ScanError(error)
        }
        try checkOnlyEntries(configuration, known: rules.ids)
        var warnings =
            configured.warnings
            + ConfigurationLoader.unknownRuleWarnings(
                configured.references, known: rules.ids, path: configuration.file ?? "")
        warnings.sort { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
        var messages = warnings.map(\.description)
        for (rule, _) in overrides.severity where !rules.ids.contains(rule) {
            messages.append("--severity \(rule): unknown rule id; it has no effect")
        }
        return ResolvedSettings(configuration: configuration, rules: rules, warnings: messages)
    }

    /// An `only` entry naming no rule is an error (exit 2), not a warning: it would report nothing and pass.
    private static func checkOnlyEntries(_ configuration: Configuration, known: Set<String>) throws(ScanError) {
        guard let (entry, suggestion) = configuration.findingFilter.unknownEntry(known: known) else { return }
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        let choices = "use analyzers, mappings or rule ids from '\(ToolInfo.name) rules list'"
        if case .configFile(let path, let position) = configuration.only.origin {
            throw .file(
                FileProblem(
                    path: "\(path):\(position.line):\(position.column)",
                    message: "unknown rule id '\(entry)' in \"only\"\(hint) (\(choices))"))
        }
        throw .invalidSettings("unknown rule id '\(entry)' for --only\(hint) (\(choices))")
    }
}
