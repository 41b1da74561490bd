/// What the completion scripts offer, read from the same declarations `--help` and parsing use (`Command`,
/// `CommandOption`), so a command or option cannot exist without being completed.
struct CompletionModel {
    /// A command, or a subcommand such as `rules list`, as the scripts see it.
    struct Entry {
        /// The words after `lckmigrate`: `["scan"]`, `["rules", "list"]`.
        var words: [String]
        var abstract: String
        /// Its options, `--help` included.
        var options: [OptionSpec]
        /// Fixed values for the positional arguments (`help COMMAND`); empty means files.
        var argumentChoices: [String]
        /// The subcommands of a command such as `rules`.
        var subcommands: [Entry]

        /// `scan`, `rules list`: the name the scripts' section markers carry.
        var name: String { words.joined(separator: " ") }
        /// `scan`, `rules_list`: safe inside a shell function or case label.
        var identifier: String { words.joined(separator: "_").replacingDashes }
    }

    /// The root's own options, as the root help lists them.
    static let rootOptions = [OptionSpec.help, OptionSpec("version", help: "Print the version.")]

    let commands: [Entry]

    static var current: CompletionModel {
        CompletionModel(commands: RootCommand.commands.map { entry($0) })
    }

    private static func entry(_ command: any Command.Type, under parent: [String] = []) -> Entry {
        let words = command.name.split(separator: " ").map(String.init)
        let subcommands = (command == RulesCommand.self) ? RulesCommand.subcommands.map { entry($0) } : []
        return Entry(
            words: words, abstract: command.abstract, options: command.optionSpecs + [.help],
            argumentChoices: command.argumentChoices, subcommands: subcommands)
    }

    /// Every entry, subcommands after their command.
    var allEntries: [Entry] { commands.flatMap { [$0] + $0.subcommands } }

    /// A one-line description without characters the scripts' quoting would have to special-case.
    static func plainDescription(_ text: String) -> String {
        let sentence = text.split(separator: ".", maxSplits: 1).first.map { String($0) } ?? text
        return String(
            sentence.map { character -> Character in
                switch character {
                case "'", "\"", "`", "\\", "$", "[", "]": " "
                default: character
                }
            })
    }

    /// Whether the option's value is a path the shell should complete as a file.
    static func takesPath(_ option: OptionSpec) -> Bool {
        guard let name = option.valueName else { return false }
        return ["FILE", "DIR", "PATH", "FORMAT=FILE", "OLD.json"].contains(name)
    }
}

extension String {
    fileprivate var replacingDashes: String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
