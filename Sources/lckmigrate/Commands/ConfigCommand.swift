import LCKMigrateKit

/// `lckmigrate config --print [PATH]`: the settings `scan` would use, each with where it came from.
struct ConfigCommand: Command {
    static let name = "config"
    static let abstract = "Print the effective configuration and where each value came from."
    static let discussion = """
        Takes the same settings options as 'scan' and resolves them the same way: built-in defaults, then
        .lckmigrate.json (in PATH when it is a folder, else the current directory, or --config FILE), then
        the command line. Each line shows a key, its value and its origin: 'default', FILE:LINE:COLUMN or
        'command line'. Paths in the output are relative to the current directory. '--format json' prints
        the same as one JSON object, each key with its value and origin ('--format' here chooses how the
        configuration is printed, 'text' or 'json'; it does not set 'formats').
        """
    static let usage = "--print [--format text|json] [options] [PATH]"
    static let options: [CommandOption<ConfigCommand>] =
        [
            .flag(
                "print", help: "Print the effective configuration (the only action for now).", sets: \.printRequested),
            .value("format", "FORMAT", choices: ["text", "json"], help: "How to print it: text (default) or json.") {
                command, value in
                guard value == "text" || value == "json" else {
                    throw UsageError("config --print prints 'text' or 'json', not '\(value)'")
                }
                command.printsJSON = value == "json"
            },
        ]
        + ScanSettings.options.filter {
            !["write-baseline", "strict-baseline", "files-from", "format"].contains($0.spec.long)
        }.lifted(\.settings)

    var paths: [String] = []
    var settings = ScanSettings()
    var printRequested = false
    /// `--format json`: the configuration as JSON instead of `key: value  # origin` lines.
    var printsJSON = false

    mutating func accept(positional path: String) throws {
        guard paths.isEmpty else { throw UsageError("config takes at most one PATH", command: Self.self) }
        paths.append(path)
    }

    func finishParsing() throws {
        guard printRequested else {
            throw UsageError("missing --print; try '\(ToolName.name) config --print'", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let resolved = try ConfigurationResolver.resolve(
            paths: paths, currentDirectory: context.currentDirectory, overrides: settings.overrides)
        for warning in resolved.warnings { context.console.diagnostic("\(ToolName.name): warning: \(warning)") }
        context.console.out(printsJSON ? resolved.printedJSON() : resolved.printed())
        return .success
    }
}
