import LCKMigrateKit

/// One option of a command, declared once and used both to parse and to generate help.
struct OptionSpec: Sendable {
    /// Spelled `--long` on the command line.
    let long: String
    let short: Character?
    /// The placeholder shown in help (`N`, `FILE`); nil for a flag that takes no value.
    let valueName: String?
    let help: String
    /// The values the option accepts when they are a fixed list (`--color auto|always|never`), for completions.
    let choices: [String]

    init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, choices: [String] = [],
        help: String
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.help = help
    }

    var takesValue: Bool { valueName != nil }

    /// `-q, --quiet` or `--jobs N`, as help shows it.
    var synopsis: String {
        let long = "--" + self.long + (valueName.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    /// Every command accepts it; the cursor handles it before the command sees any argument.
    static let help = OptionSpec("help", short: "h", help: "Show this help.")
}

/// A subcommand: static metadata (for help and parsing), parsing into a value, and running it.
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
    static var options: [OptionSpec] { get }
    /// The fixed values a positional argument takes (`help COMMAND`), for completions; empty means paths.
    static var argumentChoices: [String] { get }

    init(arguments: inout ArgumentCursor) throws
    func run(_ context: CommandContext) throws -> ExitStatus
    /// Parses `arguments` and runs; the default implementation is the only one.
    static func execute(_ arguments: [String], context: CommandContext) throws -> ExitStatus
}

extension Command {
    static func execute(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
        var cursor = ArgumentCursor(arguments, command: Self.self)
        let command = try Self(arguments: &cursor)
        do {
            return try command.run(context)
        } catch let error as ScanError {
            throw error.presented(by: Self.self)
        }
    }

    static var usageLine: String { "\(ToolName.name) \(name) \(usage)" }

    static var argumentChoices: [String] { [] }
}

/// The process environment a command may touch, passed in so commands stay testable.
struct CommandContext {
    var console: Console
    var currentDirectory: String
    /// The process environment (`NO_COLOR`, `CLICOLOR_FORCE`, `GITHUB_ACTIONS`, …).
    var environment: [String: String] = [:]
}

/// The tool's name as printed in messages.
enum ToolName {
    static let name = "lckmigrate"
}
