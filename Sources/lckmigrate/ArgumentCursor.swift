import LCKMigrateKit

/// Walks a command's arguments: options (`--name value`, `--name=value`, `-x value`, `-xvalue`, `-x=value`), positionals,
/// and `--`, after which everything is positional.
///
/// `-h`/`--help` anywhere before `--` ends parsing with the command's help. A lone `-` is positional.
struct ArgumentCursor {
    enum Argument {
        case option(OptionSpec, value: String?)
        case positional(String)
    }

    private let arguments: [String]
    private var index = 0
    private var optionsEnded = false
    private let command: any Command.Type

    init(_ arguments: [String], command: any Command.Type) {
        self.arguments = arguments
        self.command = command
    }

    /// The next argument, or nil at the end; throws `UsageError` for unknown or malformed options.
    mutating func next() throws -> Argument? {
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
            guard let found = lookup(long: String(name)) else { throw unknownOption("--" + name) }
            spec = found
        } else {
            // `-j 4`, `-j4` or `-j=4` (as `--jobs=4`): a value-taking short option may carry its value attached.
            let short = argument.dropFirst()
            guard let letter = short.first, let found = lookup(short: letter) else { throw unknownOption(argument) }
            if short.count > 1 {
                guard found.takesValue else { throw unknownOption(argument) }
                let attached = short.dropFirst()
                inlineValue = String(attached.first == "=" ? attached.dropFirst() : attached)
            }
            spec = found
        }
        if spec.long == OptionSpec.help.long {
            guard inlineValue == nil else { throw flagWithValue(spec) }
            throw CleanExit.help(command)
        }
        guard spec.takesValue else {
            guard inlineValue == nil else { throw flagWithValue(spec) }
            return .option(spec, value: nil)
        }
        if let inlineValue { return .option(spec, value: inlineValue) }
        guard index < arguments.count else {
            throw UsageError("option --\(spec.long) needs a value (\(spec.synopsis))", command: command)
        }
        let value = arguments[index]
        index += 1
        return .option(spec, value: value)
    }

    private func lookup(long: String) -> OptionSpec? {
        if long == OptionSpec.help.long { return .help }
        return command.options.first { $0.long == long }
    }

    private func lookup(short: Character) -> OptionSpec? {
        if short == OptionSpec.help.short { return .help }
        return command.options.first { $0.short == short }
    }

    private func flagWithValue(_ spec: OptionSpec) -> UsageError {
        UsageError("option --\(spec.long) takes no value", command: command)
    }

    private func unknownOption(_ spelling: some StringProtocol) -> UsageError {
        let candidates = command.options.map { "--" + $0.long } + ["--help"]
        let hint =
            EditDistance.closest(to: String(spelling.split(separator: "=").first ?? ""), in: candidates)
            .map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(
            "unknown option '\(spelling)' for '\(ToolName.name) \(command.name)'\(hint)", command: command)
    }
}
