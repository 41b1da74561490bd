import LCKMigrateKit

/// `lckmigrate help [COMMAND]`: the same text as `--help`.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for a command."
    static let discussion = ""
    static let usage = "[COMMAND]"
    static let options: [OptionSpec] = []
    static var argumentChoices: [String] { RootCommand.commands.map { $0.name } }

    var topic: String?

    init(arguments: inout ArgumentCursor) throws {
        while let argument = try arguments.next() {
            guard case .positional(let name) = argument, topic == nil else {
                throw UsageError("help takes at most one command name", command: HelpCommand.self)
            }
            topic = name
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        guard let topic else { throw CleanExit.help(nil) }
        guard let command = RootCommand.command(named: topic) else {
            throw UsageError("unknown command '\(topic)'", command: HelpCommand.self)
        }
        throw CleanExit.help(command)
    }
}
