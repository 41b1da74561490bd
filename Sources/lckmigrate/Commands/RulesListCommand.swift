import LCKMigrateKit

/// `lckmigrate rules list`: every active rule with its kind, severity, source file and title.
struct RulesListCommand: Command {
    static let name = "rules list"
    static let abstract = "List every active rule: id, kind, severity, rule file and title."
    static let discussion = """
        Text output is one aligned row per rule (ID, KIND, SEVERITY, SOURCE, TITLE), then the rules a
        custom pack overrides and a count with the rule table's fingerprint. JSON output has the keys
        fingerprint, overrides, rules and toolVersion.
        """
    static let usage = "[--format text|json] [--rules DIR]..."
    static let options: [CommandOption<RulesListCommand>] = [
        .choice("format", "FORMAT", Format.allCases, help: "text (default) or json.", unknown: "format") {
            $0.format = $1
        },
        RulesCommand.rulesOption(\.directories),
    ]

    enum Format: String, CaseIterable {
        case text
        case json
    }

    var format = Format.text
    var directories: [String] = []

    func run(_ context: CommandContext) throws -> ExitStatus {
        let table = try RulesCommand.loadTable(directories, context: context)
        context.console.out(format == .json ? RuleCatalog.listJSON(table) : RuleCatalog.listText(table))
        return .success
    }
}
