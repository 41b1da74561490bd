import LCKCore
import LCKMigrateKit

/// Picks the subcommand from the first argument and runs it; handles `--help` and `--version`.
enum RootCommand {
    /// In the order the root help lists them.
    static let commands: [any Command.Type] = [
        ScanCommand.self, ReportCommand.self, ScaffoldCommand.self, InitCommand.self, ConfigCommand.self,
        RulesCommand.self, TokensCommand.self, CompletionsCommand.self,
        HelpCommand.self,
    ]

    /// Runs the tool and returns its exit code; all output goes through `context.console`.
    static func main(_ arguments: [String], context: CommandContext) -> Int32 {
        var code: Int32
        do {
            code = try dispatch(arguments, context: context).code
        } catch {
            let outcome = ErrorPresentation.present(error)
            if !outcome.standardOutput.isEmpty { context.console.out(outcome.standardOutput) }
            if !outcome.standardError.isEmpty { context.console.err(outcome.standardError) }
            code = outcome.status.code
        }
        // Standard output is an output: a report lost there fails the run like an unwritable --output.
        if let problem = context.console.standardOutputProblem {
            context.console.err(problem)
            code = ExitStatus.failure.code
        }
        return code
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
        guard let first = arguments.first else { throw UsageError("missing command; try '\(ToolName.name) scan PATH'") }
        switch first {
        case "-h", "--help":
            throw CleanExit.help(nil)
        case "--version":
            throw CleanExit.message("\(ToolName.name) \(ToolInfo.version)\n")
        default:
            break
        }
        if first.hasPrefix("-") {
            let hint =
                EditDistance.closest(to: first, in: ["--help", "--version"]).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown option '\(first)'\(hint)")
        }
        guard let command = command(named: first) else {
            let hint =
                EditDistance.closest(to: first, in: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(first)'\(hint)")
        }
        return try command.execute(Array(arguments.dropFirst()), context: context)
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }
}
