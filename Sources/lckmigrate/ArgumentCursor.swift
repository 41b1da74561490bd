import LCKMigrateKit

/// Walks a command's arguments: options (`--name value`, `--name=value`, `-x value`, `-xvalue`, `-x=value`), positionals,
/// and `--`, after which everything is positional.
///
/// `-h`/`--help` anywhere before `--` ends parsing with the command's help. A lone `-` is positional.
struct ArgumentCursor<Target: Command> {
    private enum Argument {
        case option(CommandOption<Target>, value: String?)
        case positional(String)
    }

    private let arguments: [String]
    private var index = 0
    private var optionsEnded = false

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// Reads every argument into `command`: an option through its declaration, a positional through
    /// `accept(positional:)`. Throws `UsageError` for unknown or malformed options and bad values.
    mutating func parse(into command: inout Target) throws {
        while let argument = try next() {
            switch argument {
            case .positional(let value):
                try command.accept(positional: value)
            case .option(let option, let value):
                do {
                    try option.apply(&command, value ?? "")
                } catch let error as UsageError {
                    throw UsageError(error.message, command: error.command ?? Target.self)
                }
            }
        }
    }

    /// The next argument, or nil at the end.
    private mutating func next() throws -> Argument? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        if argument == "--" {
            optionsEnded = true
            return try next()
        }
        let spec: OptionSpec
        var inlineValue: String?
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: Substring
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            guard let found = lookup({ $0.long == name }) else { throw unknownOption("--" + name) }
            spec = found
        } else {
            // `-j 4`, `-j4` or `-j=4` (as `--jobs=4`): a value-taking short option may carry its value attached.
            let short = argument.dropFirst()
            guard let letter = short.first, let found = lookup({ $0.short == letter }) else {
                throw unknownOption(argument)
            }
            if short.count > 1 {
                guard found.takesValue else { throw unknownOption(argument) }
                let attached = short.dropFirst()
                inlineValue = String(attached.first == "=" ? attached.dropFirst() : attached)
            }
            spec = found
        }
        guard let option = Target.options.first(where: { $0.spec.long == spec.long }) else {
            // Only `--help` is spelled without a declaration of the command's.
            guard inlineValue == nil else { throw flagWithValue(spec) }
            throw CleanExit.help(Target.self)
        }
        guard spec.takesValue else {
            guard inlineValue == nil else { throw flagWithValue(spec) }
            return .option(option, value: nil)
        }
        if let inlineValue { return .option(option, value: inlineValue) }
        guard index < arguments.count else {
            throw UsageError("option --\(spec.long) needs a value (\(spec.synopsis))", command: Target.self)
        }
        let value = arguments[index]
        index += 1
        return .option(option, value: value)
    }

    /// The command's option, or `--help`, that `matches`.
    private func lookup(_ matches: (OptionSpec) -> Bool) -> OptionSpec? {
        matches(.help) ? .help : Target.optionSpecs.first(where: matches)
    }

    private func flagWithValue(_ spec: OptionSpec) -> UsageError {
        UsageError("option --\(spec.long) takes no value", command: Target.self)
    }

    private func unknownOption(_ spelling: some StringProtocol) -> UsageError {
        let candidates = Target.optionSpecs.map { "--" + $0.long } + ["--help"]
        let hint =
            EditDistance.closest(to: String(spelling.split(separator: "=").first ?? ""), in: candidates)
            .map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(
            "unknown option '\(spelling)' for '\(ToolName.name) \(Target.name)'\(hint)", command: Target.self)
    }
}
