import LCKMigrateKit

/// `lckmigrate tokens FILE...`: the lexer's token stream, for debugging and for diffing with the oracle.
struct TokensCommand: Command {
    static let name = "tokens"
    static let abstract = "Print the lexer's tokens of Swift files (for debugging the lexer)."
    static let discussion = """
        One line per token: PATH, UTF-8 byte offset, length in bytes, class and text, separated by tabs;
        in the text, backslash, tab, LF and CR are escaped as \\\\, \\t, \\n and \\r. PATH is printed as given.
        A file that cannot be read is reported on stderr; the other files are still printed (exit 2).
        """
    static let usage = "FILE..."
    static let options: [CommandOption<TokensCommand>] = []

    var files: [String] = []

    mutating func accept(positional path: String) throws {
        files.append(path)
    }

    func finishParsing() throws {
        guard !files.isEmpty else { throw UsageError("missing FILE; give one or more Swift files", command: Self.self) }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        var status = ExitStatus.success
        for path in files {
            switch TokenListing.dump(path: path) {
            case .success(let lines):
                context.console.out(lines)
            case .failure(let error):
                context.console.err(ErrorPresentation.errorLine(error.problem.path, error.problem.message))
                status = .failure
            }
        }
        return status
    }
}
