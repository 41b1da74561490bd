import LCKMigrateKit

/// `lckmigrate completions SHELL`: a completion script generated from the commands' metadata, the same
/// that `--help` and parsing use, so the two cannot drift.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let abstract = "Print a shell completion script for bash, zsh or fish."
    static let discussion = """
        The script completes commands, subcommands, options and the fixed values of options such as
        --format and --color, generated from the same declarations as --help. Install it with:
          bash: lckmigrate completions bash > ~/.local/share/bash-completion/completions/lckmigrate
          zsh:  lckmigrate completions zsh > ~/.zfunc/_lckmigrate (with fpath=(~/.zfunc $fpath) before compinit)
          fish: lckmigrate completions fish > ~/.config/fish/completions/lckmigrate.fish
        """
    static let usage = "bash|zsh|fish"
    static let options: [CommandOption<CompletionsCommand>] = []
    static let argumentChoices = Shell.allCases.map(\.rawValue)

    enum Shell: String, CaseIterable {
        case bash
        case zsh
        case fish
    }

    var shell = Shell.bash
    private var shells: [String] = []

    mutating func accept(positional name: String) throws {
        shells.append(name)
    }

    mutating func finishParsing() throws {
        guard shells.count == 1, let shell = Shell(rawValue: shells[0]) else {
            throw UsageError(
                shells.isEmpty
                    ? "missing shell; use bash, zsh or fish" : "unknown shell '\(shells[0])'; use bash, zsh or fish",
                command: Self.self)
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let model = CompletionModel.current
        switch shell {
        case .bash: context.console.out(BashCompletion.script(model))
        case .zsh: context.console.out(ZshCompletion.script(model))
        case .fish: context.console.out(FishCompletion.script(model))
        }
        return .success
    }
}
