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
    static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", choices: ["text", "json"], help: "text (default) or json."),
        RulesCommand.rulesOption,
    ]

    var json = false
    var directories: [String] = []

    init(arguments: inout ArgumentCursor) throws {
        while let argument = try arguments.next() {
            switch argument {
            case .positional(let extra):
                throw UsageError("unexpected argument '\(extra)'", command: Self.self)
            case .option(let spec, let value):
                if spec.long == "rules" {
                    directories.append(value ?? "")
                } else if value == "json" || value == "text" {
                    json = value == "json"
                } else {
                    throw UsageError(
                        "unknown format '\(value ?? "")' for --format; use text or json", command: Self.self)
                }
            }
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let table = try RulesCommand.loadTable(directories, context: context)
        context.console.out(json ? RuleCatalog.listJSON(table) : RuleCatalog.listText(table))
        return .success
    }
}
