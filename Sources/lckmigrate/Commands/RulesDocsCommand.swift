import LCKMigrateKit

/// `lckmigrate rules docs --output DIR`: one Markdown page per rule plus README.md, deterministic.
struct RulesDocsCommand: Command {
    static let name = "rules docs"
    static let abstract = "Write one Markdown page per rule plus an index (README.md) into a folder."
    static let discussion = """
        The pages depend only on the rule files, so the output is the same on every run; the committed
        copy is Rules/docs/ (regenerate it with 'swift run lckmigrate rules docs --output Rules/docs').
        The folder keeps a manifest (.lckmigrate-docs) of the pages written: the next run removes only
        those that are no longer generated, so a deleted rule loses its page. A folder holding other files
        is refused unless --force is given (they are then kept; a page of the same name replaces one).
        """
    static let usage = "--output DIR [--rules DIR]... [--force]"
    static let options: [CommandOption<RulesDocsCommand>] = [
        .value("output", short: "o", "DIR", help: "The folder to write (created when missing).") { $0.output = $1 },
        RulesCommand.rulesOption(\.directories),
        .flag(
            "force", help: "Write into a folder that holds files rules docs did not write (they are kept).",
            sets: \.force),
    ]

    var output = ""
    var directories: [String] = []
    var force = false

    func finishParsing() throws {
        guard !output.isEmpty else { throw UsageError("missing --output DIR", command: Self.self) }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let table = try RulesCommand.loadTable(directories, context: context)
        let files = RuleDocsGenerator.files(for: table)
        let folder = output.hasPrefix("/") ? output : context.currentDirectory + "/" + output
        try RuleDocsWriter.write(files, to: folder, display: output, force: force)
        context.console.err("\(ToolName.name): wrote \(files.count) pages to \(output)\n")
        return .success
    }
}
