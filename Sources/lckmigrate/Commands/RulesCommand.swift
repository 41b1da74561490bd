import LCKMigrateKit
import LCKRules

/// `lckmigrate rules SUBCOMMAND`: list, explain, validate, test and document the rule table.
///
/// The subcommands are ordinary `Command`s named `rules list` and so on, so help, usage lines and
/// option parsing work exactly as for top-level commands.
struct RulesCommand: Command {
    static let name = "rules"
    static let abstract = "List, explain, validate, test and document the rule table."
    static var discussion: String {
        "Subcommands:\n" + subcommands.map { "  \($0.usageLine)\n      \($0.abstract)" }.joined(separator: "\n")
            + "\n\nRun '\(ToolName.name) rules SUBCOMMAND --help' for the options of a subcommand."
    }
    static let usage = "SUBCOMMAND [options]"
    static let options: [CommandOption<RulesCommand>] = []

    static let subcommands: [any Command.Type] = [
        RulesListCommand.self, RulesExplainCommand.self, RulesValidateCommand.self, RulesTestCommand.self,
        RulesDocsCommand.self,
    ]

    func run(_ context: CommandContext) throws -> ExitStatus { .success }

    static func execute(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
        guard let first = arguments.first else {
            throw UsageError(
                "missing subcommand; use one of: \(subcommandNames.joined(separator: ", "))", command: Self.self)
        }
        if first == "-h" || first == "--help" { throw CleanExit.help(Self.self) }
        guard let command = subcommands.first(where: { $0.name == "rules " + first }) else {
            let hint = EditDistance.closest(to: first, in: subcommandNames).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown subcommand 'rules \(first)'\(hint)", command: Self.self)
        }
        return try command.execute(Array(arguments.dropFirst()), context: context)
    }

    private static var subcommandNames: [String] { subcommands.map { String($0.name.dropFirst("rules ".count)) } }

    /// The `--rules DIR` option every subcommand that reads the table accepts, collecting into `property`.
    static func rulesOption<Target>(_ property: WritableKeyPath<Target, [String]> & Sendable) -> CommandOption<Target> {
        .value(
            "rules", "DIR",
            help:
                "Also load the custom rule pack in DIR (mappings/, analyzers/); repeatable, later packs override earlier ones.",
            appends: property)
    }

    /// The built-in table plus `directories`, checked as `rules validate` checks them; on any rule file
    /// error prints every diagnostic and exits 2.
    static func loadTable(_ directories: [String], context: CommandContext) throws -> RuleTable {
        do {
            return try RuleLoader.loadValidated(directories: directories)
        } catch {
            for diagnostic in error.diagnostics { context.console.diagnostic(diagnostic.description) }
            context.console.diagnostic(
                "\(ToolName.name): error: the rule table has \(error.diagnostics.count) error(s); run '\(ToolName.name) rules validate' for details"
            )
            throw ExitStatus.failure
        }
    }
}
