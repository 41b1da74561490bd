import Testing

@testable import lckmigrate

/// Every option is declared once, in its command's `options`; this walks those declarations and checks each
/// reaches the parser, `--help` and all three completion scripts, so none can be in one and missing from another.
@Suite struct OptionDeclarationTests {
    static let commands: [any Command.Type] = RootCommand.commands + RulesCommand.subcommands

    /// A value each option's parser accepts, by value name; a new value name needs one here.
    static let sampleValues = [
        "N": "3", "SIZE": "3KB", "FILE": "some.file", "DIR": "folder", "PATH": "path", "FORMAT=FILE": "json=out.json",
        "WHAT,...": "analyzers", "ROLE,...": "test", "RULE=LEVEL": "some_rule=note", "OLD.json": "old.json",
    ]

    @Test(arguments: commands.map { $0.name })
    func everyDeclaredOptionIsParsed(command name: String) throws {
        let command = try #require(Self.command(named: name))
        try Self.checkParsing(command)
    }

    @Test(arguments: commands.map { $0.name })
    func everyDeclaredOptionIsInHelpAndEveryCompletionScript(command name: String) throws {
        let command = try #require(Self.command(named: name))
        let help = HelpGenerator.help(for: command)
        let model = CompletionModel.current
        let entry = try #require(model.allEntries.first { $0.name == name })
        let scripts = [
            "bash": BashCompletion.script(model), "zsh": ZshCompletion.script(model),
            "fish": FishCompletion.script(model),
        ]
        for spec in command.optionSpecs {
            #expect(help.contains("\n  \(spec.synopsis)  "), "\(name) --help lacks \(spec.synopsis)")
            #expect(entry.options.contains { $0.long == spec.long }, "\(name): no completion for --\(spec.long)")
            for (shell, script) in scripts {
                let section = try #require(CompletionTests.sections(script)[name], "\(shell) has no '\(name)'")
                let spelling = shell == "fish" ? "-l \(spec.long)" : "--\(spec.long)"
                #expect(section.contains(spelling), "\(shell): '\(name)' lacks --\(spec.long)")
                for choice in spec.choices {
                    #expect(section.contains(choice), "\(shell): '\(name)' does not offer \(choice) for --\(spec.long)")
                }
            }
        }
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// Each spelling of each option parses with a sample value and with each of its choices, and changes the parsed
    /// command (it does something, though not necessarily the right thing: the command tests check that); no two
    /// options share a spelling, and none takes `--help`'s.
    private static func checkParsing<C: Command>(_ command: C.Type) throws {
        let specs = C.optionSpecs
        #expect(Set(specs.map(\.long)).count == specs.count, "\(C.name) declares an option twice")
        let shorts = specs.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "\(C.name) declares a short option twice")
        #expect(!specs.contains { $0.long == OptionSpec.help.long || $0.short == OptionSpec.help.short })
        let unset = String(reflecting: C())
        for spec in specs {
            let spellings = ["--" + spec.long] + (spec.short.map { ["-\($0)"] } ?? [])
            let values: [String?] =
                !spec.takesValue
                ? [nil]
                : !spec.choices.isEmpty
                    ? spec.choices
                    : [try #require(sampleValues[spec.valueName ?? ""], "no sample for \(spec.synopsis)")]
            for spelling in spellings {
                // Every value completions offer is accepted; at least one changes the command (a choice may be the
                // default, as `--color auto` is).
                var changes = false
                for value in values {
                    var parsed = C()
                    var cursor = ArgumentCursor<C>([spelling] + (value.map { [$0] } ?? []))
                    try cursor.parse(into: &parsed)
                    changes = changes || String(reflecting: parsed) != unset
                }
                #expect(changes, "\(C.name) \(spelling) changes nothing")
            }
        }
    }
}
