import Foundation
import LCKTestSupport
import Testing

/// `lckmigrate completions SHELL`: each script passes its shell's syntax check and names every command and
/// option that `--help` lists, in that command's section.
@Suite struct CompletionTests {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        var tool: ExternalTool {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }

        /// The shell's own "parse, do not run" check.
        func syntaxCheck(_ file: String) -> [String] {
            switch self {
            case .bash: ["bash", "-n", file]
            case .zsh: ["zsh", "-n", file]
            case .fish: ["fish", "--no-execute", file]
            }
        }

        /// How the script spells `--long`.
        func spelling(_ long: String) -> String { self == .fish ? "-l \(long)" : "--\(long)" }
    }

    private func script(_ shell: Shell) throws -> String {
        let result = try CLI.run(["completions", shell.rawValue], in: PackageRoot.path)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    // One test a shell, not one parameterized test: a missing shell skips only its own check, and a trait can
    // skip a test where `#require` inside it could only fail.
    @Test(.enabled(if: ExternalTool.bash.shouldRun, Comment(rawValue: ExternalTool.bash.missingMessage)))
    func bashAcceptsTheScript() throws { try checkSyntax(.bash) }

    @Test(.enabled(if: ExternalTool.zsh.shouldRun, Comment(rawValue: ExternalTool.zsh.missingMessage)))
    func zshAcceptsTheScript() throws { try checkSyntax(.zsh) }

    @Test(.enabled(if: ExternalTool.fish.shouldRun, Comment(rawValue: ExternalTool.fish.missingMessage)))
    func fishAcceptsTheScript() throws { try checkSyntax(.fish) }

    /// The shell parses the script and rejects the script with a broken `if` (so the check can fail).
    private func checkSyntax(_ shell: Shell) throws {
        try #require(shell.tool.location != nil, Comment(rawValue: shell.tool.missingMessage))
        let tree = try TemporaryTree()
        let file = try tree.file("lckmigrate.\(shell.rawValue)", try script(shell))
        let result = ExternalCommand.run(shell.syntaxCheck(file))
        #expect(result.status == 0, "\(shell.rawValue) rejects the script:\n\(result.output)")
        let broken = try tree.file("broken.\(shell.rawValue)", try script(shell) + "\nif true; then\n")
        #expect(ExternalCommand.run(shell.syntaxCheck(broken)).status != 0, "the check must be able to fail")
    }

    /// Commands, subcommands and options read from `--help` output, not from the source.
    @Test(arguments: Shell.allCases)
    func namesEveryCommandAndOptionFromHelp(shell: Shell) throws {
        let text = try script(shell)
        let sections = Self.sections(text)
        let commands = try Self.helpEntries(["--help"], heading: "Commands:")
        #expect(commands.contains("init") && commands.contains("completions") && commands.contains("scan"))
        var named: [String] = []
        for command in commands {
            named.append(command)
            if command == "rules" {
                named += try Self.helpEntries(["rules", "--help"], heading: "Subcommands:").map { "rules " + $0 }
            }
        }
        #expect(named.contains("rules list"))
        for name in named {
            let section = try #require(sections[name], "no section for '\(name)' in the \(shell.rawValue) script")
            let options = try Self.helpOptions(name.split(separator: " ").map(String.init) + ["--help"])
            #expect(options.contains("help"))
            for option in options {
                #expect(section.contains(shell.spelling(option)), "\(shell.rawValue): '\(name)' lacks --\(option)")
            }
            if name != "rules" && !name.hasPrefix("rules ") {
                #expect(text.contains(name), "\(shell.rawValue) does not offer the command \(name)")
            }
        }
        for option in ["help", "version"] {
            #expect(sections["(root)", default: text].contains(shell.spelling(option)))
        }
    }

    @Test(.enabled(if: ExternalTool.bash.shouldRun, Comment(rawValue: ExternalTool.bash.missingMessage)))
    func bashCompletesCommandsOptionsAndValues() throws {
        let tree = try TemporaryTree()
        let file = try tree.file("lckmigrate.bash", try script(.bash))
        func complete(_ words: String) -> String {
            let program = """
                source "$1"; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _lckmigrate
                echo "${COMPREPLY[*]}"
                """
            return ExternalCommand.run(["bash", "-c", program, "bash", file]).output
        }
        #expect(complete("lckmigrate i") == "init\n")
        #expect(complete("lckmigrate scan --col") == "--color\n")
        #expect(complete("lckmigrate scan --color ''") == "auto always never\n")
        #expect(complete("lckmigrate rules l") == "list\n")
        #expect(complete("lckmigrate completions ''") == "bash zsh fish\n")
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try CLI.run(["completions", "tcsh"], in: PackageRoot.path)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: unknown shell 'tcsh'; use bash, zsh or fish"))
    }

    /// The script cut at its `# command: NAME` markers.
    static func sections(_ script: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: String?
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("# command: ") {
                current = String(trimmed.dropFirst("# command: ".count))
                continue
            }
            if let current { result[current, default: ""] += line + "\n" }
        }
        return result
    }

    /// The first word of each indented line under `heading` in the help text of `arguments`.
    static func helpEntries(_ arguments: [String], heading: String) throws -> [String] {
        let help = try CLI.run(arguments, in: PackageRoot.path).standardOutput
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "no '\(heading)' in \(arguments) help")
        var entries: [String] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  ") else { break }
            let words = line.split(separator: " ")
            // `rules --help` lists `lckmigrate rules list [options]` lines, each followed by its abstract.
            if words.first == "lckmigrate", words.count > 2 { entries.append(String(words[2])) }
            if line.hasPrefix("  ") && !line.hasPrefix("   ") && words.first != "lckmigrate" {
                entries.append(String(words[0]))
            }
        }
        return entries
    }

    /// The long option names in the `Options:` section of a command's help.
    static func helpOptions(_ arguments: [String]) throws -> [String] {
        let help = try CLI.run(arguments, in: PackageRoot.path).standardOutput
        let options = try #require(help.range(of: "\nOptions:\n"), "no options in \(arguments) help")
        var names: [String] = []
        for line in help[options.upperBound...].split(separator: "\n") where line.hasPrefix("  -") {
            let synopsis = line.dropFirst(2).components(separatedBy: "  ")[0]
            for word in synopsis.split(separator: " ") where word.hasPrefix("--") {
                names.append(String(word.dropFirst(2).prefix { $0 != "," && $0 != "=" }))
            }
        }
        return names
    }
}
