import LCKCore
import LCKMigrateKit

/// `lckmigrate init [PATH]`: adoption in one command (the work is `ProjectInitializer`'s).
struct InitCommand: Command {
    static let name = "init"
    static let abstract = "Set up a project: a config with the defaults, a first baseline, and a CI job to copy."
    static let discussion = """
        Writes .lckmigrate.json in PATH (default: the current directory) with its $schema and every default
        spelled out, scans PATH with those defaults and writes today's findings to lckmigrate-baseline.json
        beside it (the config names it, so a later 'lckmigrate scan .' there exits 0 until a new finding
        appears), then prints a CI job: GitHub Actions when .github/ exists or GITHUB_ACTIONS is set, GitLab
        CI when .gitlab-ci.yml exists or GITLAB_CI is set, otherwise both in brief. Nothing is written outside
        PATH; both files are written atomically.

        Exit status: 0 when both files were written, 2 when one exists already (use --force to replace it),
        PATH is not a folder, or something could not be read or written.
        """
    static let usage = "[--force] [PATH]"
    static let options: [CommandOption<InitCommand>] = [
        .flag("force", help: "Replace an existing .lckmigrate.json and lckmigrate-baseline.json.") {
            $0.request.force = true
        },
        ScanSettings.jobs(\.request.jobs),
    ]

    var request = InitializationRequest(folder: ".")
    private var folderGiven = false

    mutating func accept(positional path: String) throws {
        guard !folderGiven else { throw UsageError("init takes at most one PATH", command: Self.self) }
        request.folder = path
        folderGiven = true
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        var request = request
        request.currentDirectory = context.currentDirectory
        request.environment = context.environment
        let outcome = try ProjectInitializer.run(request, observer: ScanConsole.observer(context, quiet: false))
        ScanConsole.printProblems(outcome.scan.report.problems, quiet: false, context)
        let count = outcome.baselineEntryCount
        let here = request.folder == "." ? "here" : "in \(VisibleText.escaped(request.folder))"
        var text = """
            Wrote \(VisibleText.escaped(outcome.configPath)): every setting at its default \
            ('\(ToolName.name) config --print' shows them); edit it to change them.
            Wrote \(VisibleText.escaped(outcome.baselinePath)): today's \(count) finding\(count == 1 ? "" : "s") \
            accepted as known, so '\(ToolName.name) scan .' run \(here) fails only on new ones.
            Commit both files.


            """
        text += CISnippet.text(for: outcome.platforms)
        context.console.out(text)
        return outcome.scan.report.problems.contains { !$0.kind.isNote } ? .failure : .success
    }
}
