import LCKCore
import LCKRules

/// The rule table as people read it: `rules list` (text or JSON) and `rules explain ID`.
public enum RuleCatalog {
    /// One row of `rules list`.
    public struct Entry: Hashable, Sendable {
        public var id: String
        public var kind: RuleDescriptor.Kind
        public var severity: Severity
        public var title: String
        /// The rule file, as `path:line:column` of the entry.
        public var source: String
        /// Where the definition this one replaced lives, when a custom pack overrode it.
        public var overrides: String?
    }

    /// Every active rule, sorted by id.
    public static func entries(_ table: RuleTable) -> [Entry] {
        var replaced: [String: String] = [:]
        for override in table.overrides { replaced[override.id] = override.replaced.description }
        let mappings = table.mappings.map {
            Entry(
                id: $0.id, kind: .mapping, severity: $0.severity, title: $0.title, source: $0.location.description,
                overrides: replaced[$0.id])
        }
        let analyzers = table.analyzers.map {
            Entry(
                id: $0.id, kind: $0.kind, severity: $0.severity, title: $0.title, source: $0.location.description,
                overrides: replaced[$0.id])
        }
        return (mappings + analyzers).sorted { $0.id < $1.id }
    }

    /// The width `rules list` text fits in.
    public static let listWidth = 100
    /// The widest ID column: longer ids stand whole on a line of their own, their columns on the next.
    static let idColumnLimit = 36

    /// Aligned columns `ID KIND SEVERITY TITLE` within `listWidth` (titles cut with `…`, ids kept whole),
    /// then one line per override and a count. Rule files are in `--format json` and `rules explain`.
    public static func listText(_ table: RuleTable) -> String {
        // A pack's ids, titles and file names are anyone's text: control and bidi characters escaped.
        let rows = entries(table).map { row in
            var shown = row
            shown.id = VisibleText.escaped(row.id)
            shown.title = VisibleText.escaped(row.title)
            shown.source = VisibleText.escaped(row.source)
            shown.overrides = row.overrides.map(VisibleText.escaped)
            return shown
        }
        let idWidth = min(idColumnLimit, max(2, rows.map(\.id.count).max() ?? 0))
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        let titleWidth = listWidth - idWidth - 2 - 10 - 10
        var text = pad("ID", idWidth) + "  KIND      SEVERITY  TITLE\n"
        for row in rows {
            text += row.id.count > idWidth ? row.id + "\n" + pad("", idWidth) : pad(row.id, idWidth)
            text += "  " + pad(row.kind.rawValue, 8) + "  " + pad(row.severity.rawValue, 8) + "  "
            text += (row.title.count > titleWidth ? row.title.prefix(titleWidth - 1) + "…" : row.title) + "\n"
        }
        let overridden = rows.filter { $0.overrides != nil }
        if !overridden.isEmpty {
            text += "\nOverrides:\n"
            for row in overridden { text += "  \(row.id): \(row.source) replaces \(row.overrides ?? "")\n" }
        }
        let counts = RuleDescriptor.Kind.allKinds.map { kind in
            "\(rows.filter { $0.kind == kind }.count) \(kind.rawValue)"
        }
        // The fingerprint on a line of its own: with the counts it would pass `listWidth`.
        text += "\n\(rows.count) rules (\(counts.joined(separator: ", "))), \(overridden.count) overridden;\n"
        text += "fingerprint \(table.fingerprint)\n"
        return text
    }

    /// `{"fingerprint", "toolVersion", "overrides": [...], "rules": [...]}` with sorted keys, two-space indent.
    public static func listJSON(_ table: RuleTable) -> String {
        let rows = entries(table)
        var text = "{\n  \"fingerprint\" : \(quoted(table.fingerprint)),\n  \"overrides\" : ["
        text += table.overrides.sorted { $0.id < $1.id }.map { override in
            "\n    {\n      \"id\" : \(quoted(override.id)),\n      \"replaced\" : \(quoted(override.replaced.description)),\n"
                + "      \"replacement\" : \(quoted(override.replacement.description))\n    }"
        }.joined(separator: ",")
        text += table.overrides.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"rules\" : ["
        text += rows.map { row in
            var fields = [
                ("id", quoted(row.id)), ("kind", quoted(row.kind.rawValue)),
                ("severity", quoted(row.severity.rawValue)),
                ("source", quoted(row.source)), ("title", quoted(row.title)),
            ]
            if let overrides = row.overrides { fields.append(("overrides", quoted(overrides))) }
            let body = fields.sorted { $0.0 < $1.0 }.map { "      \(quoted($0.0)) : \($0.1)" }.joined(separator: ",\n")
            return "\n    {\n" + body + "\n    }"
        }.joined(separator: ",")
        text += rows.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"toolVersion\" : \(quoted(ToolInfo.version))\n}\n"
        return text
    }

    /// `override.ID: ACTIVE  # replaces REPLACED` lines for `config --print`, sorted by id; empty without overrides.
    public static func overrideLines(_ table: RuleTable) -> String {
        table.overrides.sorted { $0.id < $1.id }.map { override in
            VisibleText.line("override.\(override.id): \(override.replacement)  # replaces \(override.replaced)")
        }.joined()
    }

    /// The closest id within a small edit distance, for "did you mean".
    public static func suggestion(for id: String, in table: RuleTable) -> String? {
        let typed = Array(id.utf8)
        var best: (String, Int)?
        for candidate in table.allIDs.sorted() {
            if candidate.hasPrefix(id) || id.hasPrefix(candidate) {
                let distance = abs(candidate.utf8.count - typed.count)
                if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
                continue
            }
            let distance = EditDistance.between(typed, Array(candidate.utf8))
            guard distance <= max(2, typed.count / 3) else { continue }
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }
}

extension RuleDescriptor.Kind {
    /// In the order lists show them.
    static let allKinds: [RuleDescriptor.Kind] = [.mapping, .analyzer, .meta]
}
