/// How one option is spelled and described: what the argument cursor matches, `--help` prints and the
/// completion scripts offer. `CommandOption` pairs it with what the option does.
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

/// One option of a command, declared once: its spellings, value name, help and completion values (`spec`, which
/// the argument cursor, `--help` and the completion scripts read) and what it does to the command (`apply`).
///
/// A command lists these in `Command.options`; nothing else names an option, so an option cannot be parsed
/// without being in the help and the completions, or the reverse.
struct CommandOption<Target>: Sendable {
    let spec: OptionSpec
    /// Sets the option on the command being parsed; the value is "" for a flag. A bad value throws a
    /// `UsageError` without a command: the parse names the command it was parsing.
    let apply: @Sendable (inout Target, String) throws -> Void

    /// A flag such as `--force`.
    static func flag(
        _ long: String, short: Character? = nil, help: String, _ apply: @escaping @Sendable (inout Target) -> Void
    ) -> Self {
        Self(spec: OptionSpec(long, short: short, help: help)) { target, _ in apply(&target) }
    }

    /// A flag that sets `flag` to true.
    static func flag(
        _ long: String, short: Character? = nil, help: String, sets flag: WritableKeyPath<Target, Bool> & Sendable
    ) -> Self {
        .flag(long, short: short, help: help) { $0[keyPath: flag] = true }
    }

    /// An option with a value, such as `--jobs N`; `choices` are what completions offer for it.
    static func value(
        _ long: String, short: Character? = nil, _ valueName: String, choices: [String] = [], help: String,
        _ apply: @escaping @Sendable (inout Target, String) throws -> Void
    ) -> Self {
        Self(spec: OptionSpec(long, short: short, value: valueName, choices: choices, help: help), apply: apply)
    }

    /// An option whose value is stored as given, the last one winning.
    static func value(
        _ long: String, short: Character? = nil, _ valueName: String, help: String,
        stores property: WritableKeyPath<Target, String?> & Sendable
    ) -> Self {
        .value(long, short: short, valueName, help: help) { $0[keyPath: property] = $1 }
    }

    /// A repeatable option whose values are collected in order.
    static func value(
        _ long: String, short: Character? = nil, _ valueName: String, help: String,
        appends property: WritableKeyPath<Target, [String]> & Sendable
    ) -> Self {
        .value(long, short: short, valueName, help: help) { $0[keyPath: property].append($1) }
    }

    /// An option whose value is one of `choices`, spelled by their raw values (which completions offer); any
    /// other value is the usage error "unknown NOUN 'VALUE' for --LONG; use A, B or C" (or `advice` after the `;`).
    static func choice<Value: RawRepresentable & Sendable>(
        _ long: String, _ valueName: String, _ choices: [Value], help: String, unknown noun: String,
        advice: String? = nil, _ apply: @escaping @Sendable (inout Target, Value) -> Void
    ) -> Self where Value.RawValue == String {
        let names = choices.map(\.rawValue)
        let advice =
            advice ?? "use " + (names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " : "")
            + (names.last ?? "")
        return .value(long, valueName, choices: names, help: help) { target, value in
            guard let parsed = Value(rawValue: value) else {
                throw UsageError("unknown \(noun) '\(value)' for --\(long); \(advice)")
            }
            apply(&target, parsed)
        }
    }

    /// The same option for a command that holds its `Target` at `keyPath` (the shared `ScanSettings` of `scan`).
    func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Target> & Sendable) -> CommandOption<Outer> {
        let apply = self.apply
        return CommandOption<Outer>(spec: spec) { outer, value in try apply(&outer[keyPath: keyPath], value) }
    }
}

extension Array {
    /// Each option, lifted into the command that holds its target at `keyPath`.
    func lifted<Target, Outer>(_ keyPath: WritableKeyPath<Outer, Target> & Sendable) -> [CommandOption<Outer>]
    where Element == CommandOption<Target> {
        map { $0.lifted(keyPath) }
    }

    /// The options named in `longs`, in their declared order.
    func named<Target>(_ longs: Set<String>) -> [CommandOption<Target>] where Element == CommandOption<Target> {
        filter { longs.contains($0.spec.long) }
    }
}
