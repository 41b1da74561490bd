import LCKCore
import LCKRules

extension ResolvedSettings {
    /// `lckmigrate config --print --format json`: the same settings as `printed()`, for scripts. Every key
    /// is `{"value": …, "origin": …}` (origin as in the text form: `default`, `FILE:LINE:COLUMN`,
    /// `command line (--option)`); `severity` holds one such pair per rule; `overrides` lists the rules
    /// a pack replaces.
    ///
    ///     {
    ///       "config": ".lckmigrate.json",
    ///       "include": {"value": ["Sources/**"], "origin": ".lckmigrate.json:2:14"},
    ///       "enabledRules": {"value": null, "origin": "default"},
    ///       "severity": {"cx_provider": {"value": "error", "origin": "command line (--severity)"}},
    ///       …
    ///       "overrides": [{"id": "cx_provider", "replacement": "…", "replaces": "…"}]
    ///     }
    public func printedJSON() -> String {
        let settings = configuration
        func pair(_ value: String, _ origin: ValueOrigin) -> String {
            "{\"value\": \(value), \"origin\": \(JSONWriter.quoted(origin.description))}"
        }
        func list(_ values: [String]) -> String { "[" + values.map(JSONWriter.quoted).joined(separator: ", ") + "]" }
        let severities = settings.severity.keys.sorted().map { rule in
            let entry = settings.severity[rule]!
            return "\(JSONWriter.quoted(rule)): " + pair(JSONWriter.quoted(entry.value.rawValue), entry.origin)
        }
        let overrides = rules.table.overrides.sorted { $0.id < $1.id }.map { override in
            "{\"id\": \(JSONWriter.quoted(override.id)), "
                + "\"replacement\": \(JSONWriter.quoted("\(override.replacement)")), "
                + "\"replaces\": \(JSONWriter.quoted("\(override.replaced)"))}"
        }
        let members: [(String, String)] = [
            ("config", settings.file.map(JSONWriter.quoted) ?? "null"),
            ("include", pair(list(settings.include.value.map(\.text)), settings.include.origin)),
            ("exclude", pair(list(settings.exclude.value.map(\.text)), settings.exclude.origin)),
            ("enabledRules", pair(settings.enabledRules.value.map(list) ?? "null", settings.enabledRules.origin)),
            ("disabledRules", pair(list(settings.disabledRules.value), settings.disabledRules.origin)),
            ("severity", "{" + severities.joined(separator: ", ") + "}"),
            ("rules", pair(list(settings.ruleDirectories.value), settings.ruleDirectories.origin)),
            ("baseline", pair(settings.baseline.value.map(JSONWriter.quoted) ?? "null", settings.baseline.origin)),
            ("failOn", pair(JSONWriter.quoted(settings.failOn.value.rawValue), settings.failOn.origin)),
            ("formats", pair(list(settings.outputs.value.map(\.description)), settings.outputs.origin)),
            ("jobs", pair(String(settings.jobs.value), settings.jobs.origin)),
            ("requireReason", pair(settings.requireReason.value ? "true" : "false", settings.requireReason.origin)),
            ("maxFileFindings", pair(String(settings.maxFileFindings.value), settings.maxFileFindings.origin)),
            ("maxFindings", pair(String(settings.maxFindings.value), settings.maxFindings.origin)),
            ("overrides", "[" + overrides.joined(separator: ", ") + "]"),
        ]
        return "{\n" + members.map { "  \(JSONWriter.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
