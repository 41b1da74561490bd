import LCKCore

/// The `.lckmigrate.json` that `lckmigrate init` writes: every setting at the value `config --print`
/// reports as `default`, spelled out so a team sees what it can change, and the baseline written beside it.
///
/// The values come from `Configuration(patternRoot:)`, the one source of the defaults, so the file and
/// `config --print` cannot disagree. Three keys are left out because their default has no spelling but
/// absence or must not be pinned: `enabledRules` and `only` (every rule) and `jobs` (this machine's cores).
public enum InitialConfiguration {
    /// The schema's `$id` (`Rules/schemas/config.schema.json`), so editors offer completion.
    public static let schemaURI = "https://lckmigrate.dev/schemas/config.schema.json"
    /// Where `init` writes the first baseline, beside the config file.
    public static let baselineFileName = "lckmigrate-baseline.json"

    /// The file's text: `defaults` (the built-in ones unless a test passes others) and `baseline`.
    public static func text(
        defaults: Configuration = Configuration(patternRoot: "/"), baseline: String = baselineFileName
    ) -> String {
        func list(_ values: [String]) -> String { "[" + values.map(JSONWriter.quoted).joined(separator: ", ") + "]" }
        let severities = defaults.severity.keys.sorted().map { rule in
            "\(JSONWriter.quoted(rule)): \(JSONWriter.quoted(defaults.severity[rule]!.value.rawValue))"
        }
        let members: [(String, String)] = [
            ("$schema", JSONWriter.quoted(schemaURI)),
            ("include", list(defaults.include.value.map(\.text))),
            ("exclude", list(defaults.exclude.value.map(\.text))),
            ("disabledRules", list(defaults.disabledRules.value)),
            ("severity", "{" + severities.joined(separator: ", ") + "}"),
            ("rules", list(defaults.ruleDirectories.value)),
            ("baseline", JSONWriter.quoted(baseline)),
            ("failOn", JSONWriter.quoted(defaults.failOn.value.rawValue)),
            ("minSeverity", JSONWriter.quoted(defaults.minSeverity.value.rawValue)),
            ("formats", list(defaults.outputs.value.map(\.description))),
            ("requireReason", defaults.requireReason.value ? "true" : "false"),
        ]
        return "{\n" + members.map { "  \(JSONWriter.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
