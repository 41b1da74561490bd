import LCKReporters

/// `--color auto|always|never`, shared by the commands that print findings or a summary (`scan`, `report`).
enum ColorOption {
    static let spec = OptionSpec(
        "color", value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
        help:
            "Colour severities, rule ids and paths: auto (default: only on a terminal; NO_COLOR turns it off, "
            + "CLICOLOR_FORCE on), always or never.")

    /// The parsed value; a usage error names the choices.
    static func parse(_ value: String?, command: any Command.Type) throws -> ColorChoice {
        guard let choice = value.flatMap(ColorChoice.init(rawValue:)) else {
            throw UsageError("unknown value '\(value ?? "")' for --color; use auto, always or never", command: command)
        }
        return choice
    }

    /// The style for stdout (reports) under `choice`.
    static func outputStyle(_ choice: ColorChoice, _ context: CommandContext) -> TerminalStyle {
        TerminalStyle(choice, isTerminal: context.console.outputIsTerminal, environment: context.environment)
    }

    /// The style for stderr (the summary line) under `choice`.
    static func errorStyle(_ choice: ColorChoice, _ context: CommandContext) -> TerminalStyle {
        TerminalStyle(choice, isTerminal: context.console.errorIsTerminal, environment: context.environment)
    }
}
