import LCKMigrateKit

/// A subcommand: static metadata (for help and parsing), its options declared once, parsing into a value, and
/// running it.
///
/// Commands only throw (`UsageError`, `CleanExit`, `ExitStatus`, `FileProblemError`; `execute` turns the kit's
/// `ScanError` into one of these); one function, `ErrorPresentation.present`, turns any of them into text and
/// an exit code.
protocol Command: Sendable {
    static var name: String { get }
    /// One line, shown in the root command list.
    static var abstract: String { get }
    /// Paragraphs shown under the usage line of `<command> --help`.
    static var discussion: String { get }
    /// Synopsis after `lckmigrate <name>`, such as `[options] PATH...`.
    static var usage: String { get }
    /// Every option, each declared once with what it does: parsing, help and completions all read this list.
    static var options: [CommandOption<Self>] { get }
    /// The fixed values a positional argument takes (`help COMMAND`), for completions; empty means paths.
    static var argumentChoices: [String] { get }

    /// The command before any argument is read: every setting at its default.
    init()
    /// Takes one positional argument (a PATH, an ID), in command-line order; the default refuses any.
    mutating func accept(positional: String) throws
    /// Checks what only the whole command line tells (a missing PATH) once every argument is read.
    mutating func finishParsing() throws
    func run(_ context: CommandContext) throws -> ExitStatus
    /// Parses `arguments` and runs; the default implementation is the only one but `rules`' dispatch.
    static func execute(_ arguments: [String], context: CommandContext) throws -> ExitStatus
}

extension Command {
    static func execute(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
        let command = try parse(arguments)
        do {
            return try command.run(context)
        } catch let error as ScanError {
            throw error.presented(by: Self.self)
        }
    }

    /// The command `arguments` describe, or the `UsageError` (or `CleanExit.help`) they call for.
    static func parse(_ arguments: [String]) throws -> Self {
        var command = Self()
        var cursor = ArgumentCursor<Self>(arguments)
        try cursor.parse(into: &command)
        try command.finishParsing()
        return command
    }

    /// The options' spellings, value names and help, as the help text and the completion scripts show them.
    static var optionSpecs: [OptionSpec] { options.map(\.spec) }

    static var usageLine: String { "\(ToolName.name) \(name) \(usage)" }

    static var argumentChoices: [String] { [] }

    mutating func accept(positional: String) throws {
        throw UsageError("unexpected argument '\(positional)'", command: Self.self)
    }

    mutating func finishParsing() throws {}
}

/// The process environment a command may touch, passed in so commands stay testable.
struct CommandContext {
    var console: Console
    var currentDirectory: String
    /// The process environment (`NO_COLOR`, `CLICOLOR_FORCE`, `GITHUB_ACTIONS`, `GITHUB_STEP_SUMMARY`, …);
    /// commands read it only here, so a test sets it without starting a process.
    var environment: [String: String] = [:]
}

/// The tool's name as printed in messages.
enum ToolName {
    static let name = "lckmigrate"
}
