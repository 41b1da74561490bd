import LCKCore
import LCKRules

/// Markdown documentation generated from the rule files: one page per rule plus an index.
///
/// The output depends only on the table's content (no dates, no line numbers, sorted everywhere),
/// so the committed copy in `Rules/docs/` can be checked for staleness byte for byte.
/// `rules explain` prints the same page.
public enum RuleDocsGenerator {
    /// The command that rebuilds the committed copy; named in every page and in the staleness test.
    public static let regenerateCommand = "swift run lckmigrate rules docs --output Rules/docs"

    static let notice = "<!-- Generated from the rule files by `\(regenerateCommand)`. Do not edit. -->\n\n"

    /// File name (relative to the output folder) → contents; `README.md` is the index.
    public static func files(for table: RuleTable) -> [(path: String, contents: String)] {
        var files = [(path: "README.md", contents: index(table))]
        for rule in table.mappings { files.append((path: "\(rule.id).md", contents: notice + page(for: rule))) }
        for rule in table.analyzers { files.append((path: "\(rule.id).md", contents: notice + page(for: rule))) }
        return files.sorted { $0.path < $1.path }
    }

    /// The page for `id`, or nil when the table has no such rule.
    public static func page(forID id: String, in table: RuleTable) -> String? {
        if let rule = table.mapping(id: id) { return page(for: rule) }
        return table.analyzer(id: id).map(page(for:))
    }

    /// A mapping rule's page: symbol, replacement, kind, availability and example, for `rules explain` and `rules docs`.
    public static func page(for rule: MappingRule) -> String {
        var text = "# `\(rule.id)`: \(rule.title)\n\n"
        text += "| | |\n|---|---|\n"
        text += "| Kind | mapping (`\(rule.mappingKind.rawValue)`) |\n"
        text += "| Severity | \(rule.severity.rawValue) |\n"
        text += "| Area | \(rule.area.rawValue) |\n"
        text += "| Effort | \(rule.effort) of 8 |\n"
        if !rule.tags.isEmpty { text += "| Tags | \(rule.tags.joined(separator: ", ")) |\n" }
        text += "| Rule file | `\(rule.location.file)` |\n\n"
        text += "## CallKit / PushKit\n\n`\(rule.symbol)`\n\n"
        text += "## The LiveCommunicationKit way\n\n\(code(rule.replacement))"
        if let availability = rule.availability {
            text += availability.lck.map { " (available from \($0)" } ?? " (no LiveCommunicationKit replacement"
            text += availability.ios26 ? "; iOS 26 or later)" : ")"
        }
        text += "\n\n\(rule.advice)\n\n"
        if let example = rule.example {
            text += "## Example\n\nBefore:\n\n\(fenced(example.before))\n\(afterHeading(example.afterIs)):\n\n"
            text += "\(fenced(example.after))\n"
        }
        text += "## Detection\n\n" + rule.matches.map { "- \(describe($0))\n" }.joined() + "\n"
        if let docs = rule.docs { text += "## Documentation\n\n- <\(docs)>\n" }
        return text
    }

    /// An analyzer rule's page: summary, rationale and examples, for `rules explain` and `rules docs`.
    public static func page(for rule: AnalyzerRule) -> String {
        var text = "# `\(rule.id)`: \(rule.title)\n\n"
        text += "| | |\n|---|---|\n"
        text += "| Kind | \(rule.kind.rawValue) |\n"
        text += "| Severity | \(rule.severity.rawValue) |\n"
        if let confidence = rule.confidence { text += "| Confidence | \(confidence.rawValue) |\n" }
        if !rule.tags.isEmpty { text += "| Tags | \(rule.tags.joined(separator: ", ")) |\n" }
        text += "| Rule file | `\(rule.location.file)` |\n\n"
        text += "\(rule.summary)\n\n## Why it matters\n\n\(rule.rationale)\n\n"
        text += "## The LiveCommunicationKit way\n\n\(rule.lck)\n\n"
        if !rule.triggeringExamples.isEmpty {
            text += "## Triggering examples\n\n`↓` marks where the finding is reported.\n\n"
            text += rule.triggeringExamples.map(fenced).joined(separator: "\n") + "\n"
        }
        if !rule.nonTriggeringExamples.isEmpty {
            text +=
                "## Non-triggering examples\n\n" + rule.nonTriggeringExamples.map(fenced).joined(separator: "\n") + "\n"
        }
        if !rule.sources.isEmpty {
            text +=
                "## Sources\n\n"
                + rule.sources.map { "- " + ($0.hasPrefix("https://") ? "<\($0)>" : $0) + "\n" }.joined()
        }
        return text
    }

    /// The index: analyzers first, then mappings grouped by area.
    static func index(_ table: RuleTable) -> String {
        var text = notice + "# lckmigrate rules\n\n"
        text += "\(table.analyzers.count) analyzer rules and \(table.mappings.count) mappings. "
        text += "`lckmigrate rules explain ID` prints the same pages; see `Rules/README.md` for the file format.\n\n"
        text += "## Anti-pattern analyzers\n\n| Rule | Kind | Severity | Title |\n|---|---|---|---|\n"
        for rule in table.analyzers {
            text +=
                "| [`\(rule.id)`](\(rule.id).md) | \(rule.kind.rawValue) | \(rule.severity.rawValue) | \(cell(rule.title)) |\n"
        }
        text += "\n## Mappings\n"
        for area in MigrationArea.allCases {
            let rules = table.mappings.filter { $0.area == area }
            guard !rules.isEmpty else { continue }
            text +=
                "\n### \(area.rawValue)\n\n| Rule | CallKit / PushKit | LiveCommunicationKit | Kind | Severity |\n|---|---|---|---|---|\n"
            for rule in rules {
                text += "| [`\(rule.id)`](\(rule.id).md) | \(code(rule.symbol)) | \(code(rule.replacement)) | "
                text += "\(rule.mappingKind.rawValue) | \(rule.severity.rawValue) |\n"
            }
        }
        return text
    }

    static func describe(_ spec: MatchSpec) -> String {
        switch spec {
        case .type(let name):
            return "any reference to the type `\(name)`"
        case .initializer(let initializer):
            return "a construction `\(initializer.typeName)(\(labelsText(initializer.labels)))`"
        case .member(let access):
            let labels = access.labels.map { "(\(labelsText($0)))" } ?? ""
            let receivers = access.receiverTypes.map { "`\($0)`" }.joined(separator: ", ")
            return
                "a member access `.\(access.name)\(labels)` on \(receivers) (unknown receiver: \(access.unknownReceiver.rawValue))"
        case .delegateMethod(let method):
            let owner = method.protocolName.map { " of `\($0)`" } ?? ""
            let async = method.isAsync.map { $0 ? " (async)" : " (synchronous)" } ?? ""
            return "a method declaration `\(method.selector)`\(owner)\(async)"
        case .enumCase(let enumCase):
            return "the enum case `\(enumCase.enumType).\(enumCase.caseName)`"
        }
    }

    /// Says when the after-form is not LiveCommunicationKit code to copy.
    private static func afterHeading(_ form: AfterForm?) -> String {
        switch form {
        case .lck: "After"
        case .callkit: "After (stays on CallKit)"
        case .prose: "After (what to do)"
        case nil: "After (not checked)"
        }
    }

    private static func labelsText(_ labels: [String]?) -> String {
        guard let labels else { return "…" }
        return labels.map { $0 + ":" }.joined()
    }

    /// Inline code, or plain text for prose replacements such as `none (keep CallKit)`.
    private static func code(_ text: String) -> String {
        text.hasPrefix("none") || text.contains("`") ? cell(text) : "`\(cell(text))`"
    }

    private static func cell(_ text: String) -> String { text.replacingPipes() }

    private static func fenced(_ source: String) -> String {
        let fence = source.contains("```") ? "~~~~" : "```"
        return fence + "swift\n" + source + (source.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }
}

extension String {
    /// `|` would end a Markdown table cell.
    func replacingPipes() -> String {
        var result = ""
        for character in self { result += character == "|" ? "\\|" : String(character) }
        return result
    }
}
