import LCKMigrateKit

/// `lckmigrate help [COMMAND]`: the same text as `--help`.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for a command."
    static let discussion = ""
    static let usage = "[COMMAND]"
    static let options: [CommandOption<HelpCommand>] = []
    static var argumentChoices: [String] { RootCommand.commands.map { $0.name } }

    var topic: String?

    mutating func accept(positional name: String) throws {
        guard topic == nil else {
            throw UsageError("help takes at most one command name", command: HelpCommand.self)
        }
        topic = name
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        guard let topic else { throw CleanExit.help(nil) }
        guard let command = RootCommand.command(named: topic) else {
            throw UsageError("unknown command '\(topic)'", command: HelpCommand.self)
        }
        throw CleanExit.help(command)
    }
}
