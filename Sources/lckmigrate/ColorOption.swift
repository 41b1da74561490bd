import LCKReporters

/// `--color auto|always|never`, shared by the commands that print findings or a summary (`scan`, `report`).
enum ColorOption {
    /// The option, setting `property` of the command that declares it.
    static func option<Target>(_ property: WritableKeyPath<Target, ColorChoice> & Sendable) -> CommandOption<Target> {
        .choice(
            "color", "WHEN", ColorChoice.allCases,
            help:
                "Colour severities, rule ids and paths: auto (default: only on a terminal; NO_COLOR turns it off, "
                + "CLICOLOR_FORCE on), always or never.",
            unknown: "value"
        ) { $0[keyPath: property] = $1 }
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
