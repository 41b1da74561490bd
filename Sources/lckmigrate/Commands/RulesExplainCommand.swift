import LCKCore
import LCKMigrateKit

/// `lckmigrate rules explain ID`: the rule's documentation page, as `rules docs` writes it.
struct RulesExplainCommand: Command {
    static let name = "rules explain"
    static let abstract = "Explain one rule: why, the LiveCommunicationKit way, examples and links."
    static let discussion = """
        Prints the rule's page in Markdown, the same text as Rules/docs/ID.md, preceded by the exact
        location of its definition. An unknown id exits with 2 and suggests the closest id.
        """
    static let usage = "ID [--rules DIR]..."
    static let options: [CommandOption<RulesExplainCommand>] = [RulesCommand.rulesOption(\.directories)]

    var id = ""
    var directories: [String] = []
    private var ids: [String] = []

    mutating func accept(positional value: String) throws {
        ids.append(value)
    }

    mutating func finishParsing() throws {
        guard ids.count == 1 else {
            throw UsageError(
                ids.isEmpty ? "missing rule ID; see '\(ToolName.name) rules list'" : "give exactly one rule ID",
                command: Self.self)
        }
        id = ids[0]
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let table = try RulesCommand.loadTable(directories, context: context)
        guard let page = RuleDocsGenerator.page(forID: id, in: table) else {
            let hint = RuleCatalog.suggestion(for: id, in: table).map { "; did you mean '\($0)'?" } ?? ""
            context.console.diagnostic(
                "\(ToolName.name): error: unknown rule '\(id)'\(hint) (see '\(ToolName.name) rules list')")
            return .failure
        }
        let location = table.mapping(id: id)?.location ?? table.analyzer(id: id)?.location
        // A rule pack is someone else's text: its controls are shown, its line breaks and tabs kept.
        let text = page + "\nDefined at \(location?.description ?? "?")"
        context.console.out(
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                VisibleText.line(String($0))
            }.joined())
        return .success
    }
}
