import LCKCore
import LCKMigrateKit
import LCKReporters

/// `lckmigrate scan PATH...`: discover Swift files, run the pipeline, render one report.
struct ScanCommand: Command {
    static let name = "scan"
    static let abstract = "Scan Swift files and folders for CallKit and PushKit usage."
    static let discussion = """
        Folders are searched recursively for *.swift files, skipping .build, .git, .swiftpm, Carthage,
        DerivedData and Pods. Files named explicitly are scanned whatever their extension. Links to files
        inside the scanned folder are followed; links leading outside it, and files over --max-file-size,
        are skipped with a note (exit status unchanged). Links to folders are not followed. Paths are
        reported as PATH was typed: relative to the current directory, or absolute for an absolute PATH;
        lines and columns are 1-based, columns counted in UTF-8 bytes. With --files-from, PATH is optional.

        text (the default) prints the anti-patterns in full, then one row per CallKit/PushKit symbol
        (uses, level, first use, replacement); --verbose or --only mappings lists every use instead.

        Settings come from .lckmigrate.json in the first PATH (when it is a folder) or the current
        directory, or from --config FILE; command-line options win. See 'lckmigrate config --print'.
        Comments such as '// lckmigrate:disable-next-line RULE -- reason' suppress findings in the source.

        Exit status: 0 when no unsuppressed finding is at or above --fail-on, 1 when one is (or, with
        --strict-baseline, when baseline entries are fixed), 2 on a usage or configuration error or when
        a file, folder or output could not be read or written (the report still covers everything else).
        """
    static let usage = "[options] PATH..."
    static let options: [CommandOption<ScanCommand>] =
        ScanSettings.options.lifted(\.settings) + [
            .flag(
                "quiet", short: "q",
                help: "No progress, notes or summary on stderr; errors and warnings are still printed.", sets: \.quiet),
            ColorOption.option(\.color),
            .flag(
                "verbose",
                help:
                    "List every CallKit/PushKit use in text and xcode, not one row per symbol (as --only mappings does).",
                sets: \.verbose),
            .flag(
                "list-files", help: "Print the files that would be scanned, one per line, and stop.", sets: \.listFiles),
            .value(
                "max-file-size", "SIZE",
                help:
                    "Skip files larger than SIZE (bytes, or with KB, MB, GB; 1 KB = 1024 bytes) with a note; default 10MB."
            ) { command, value in
                guard let parsed = ByteSize.parse(value) else {
                    throw UsageError("--max-file-size needs a size such as 10MB, 512KB or 65536, not '\(value)'")
                }
                command.maxFileSize = parsed
            },
            count(
                "max-file-findings",
                help: "Keep at most N findings of one file, with a note naming the file; default 10000.",
                \.settings.overrides.maxFileFindings),
            count(
                "max-findings", help: "Keep at most N findings in all, with a note; default 100000.",
                \.settings.overrides.maxFindings),
            .value(
                "directory", "DIR",
                help:
                    "Run as if started in DIR: PATHs, --files-from entries, reported paths and the config lookup are relative to it.",
                stores: \.directory),
            .value(
                "config-search", "DIR",
                help: "Without --config, read DIR/.lckmigrate.json from the first DIR that has one; repeatable.",
                appends: \.configSearch),
            .choice(
                "fail-on-default", "LEVEL", FailThreshold.allCases,
                help: "The --fail-on level when neither --fail-on nor the config sets one (default: error).",
                unknown: "level"
            ) { $0.settings.overrides.defaultFailOn = $1 },
            .value(
                "stamp", "FILE",
                help:
                    "After the scan, leave FILE holding one Swift comment line, written only when missing or different (a build step's output)."
            ) { command, value in
                guard !value.isEmpty else { throw UsageError("--stamp needs a file name") }
                command.stamp = value
            },
        ]

    var paths: [String] = []
    var settings = ScanSettings()
    var quiet = false
    /// `--verbose`: every usage on its own line in `text` and `xcode`.
    var verbose = false
    var listFiles = false
    var color = ColorChoice.auto
    var maxFileSize: Int? = DiscoveryOptions.defaultMaxFileSize
    /// `--directory`: the build-tool plugin's stand-in for a working directory, which SwiftPM cannot set.
    var directory: String?
    /// `--stamp`: the output the build-tool plugin declares; a comment, so SwiftPM compiles it as an empty source.
    var stamp: String?
    /// `--config-search`: the build-tool plugin's target folder, then package folder, looked at when the scan runs.
    var configSearch: [String] = []

    mutating func accept(positional path: String) throws {
        paths.append(path)
    }

    func finishParsing() throws {
        guard !paths.isEmpty || settings.filesFrom != nil else {
            throw UsageError(
                "missing PATH; give Swift files or folders, such as '\(ToolName.name) scan .'", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        var context = context
        if let directory { context.currentDirectory = try Self.workingDirectory(directory, from: context) }
        var settings = settings
        if settings.overrides.configFile == nil {
            settings.overrides.configFile = configSearch.lazy.map { $0 + "/.lckmigrate.json" }.first { path in
                let absolute = path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
                guard case .success(let status) = Platform.status(of: Array(absolute.utf8), followLinks: true) else {
                    return false
                }
                return status.kind == .regular
            }
        }
        var invocation = settings.invocation(paths: paths, context: context)
        invocation.mode = listFiles ? .listFiles : .writeReports
        invocation.listsEveryUse = verbose
        invocation.discovery.maxFileSize = maxFileSize
        if listFiles, let listFile = listFileDestination { invocation.guardedOutputs = [listFile] }
        invocation.standardOutputStyle = ColorOption.outputStyle(color, context)
        let showsProgress = !quiet && !listFiles && context.console.errorIsTerminal
        let outcome = try Scan.run(
            invocation, observer: ScanConsole.observer(context, quiet: quiet, showsProgress: showsProgress))
        if listFiles { return try writeFileList(outcome, context) }
        for report in outcome.standardOutputReports { context.console.out(report) }
        ScanConsole.printProblems(outcome.report.problems, quiet: quiet, context)
        if let fixed = outcome.fixedBaselineEntries { context.console.err(ScanConsole.fixedBaselineError(fixed)) }
        for problem in outcome.outputProblems {
            context.console.err(ErrorPresentation.errorLine(problem.path, problem.message))
        }
        if !quiet, let written = outcome.writtenBaseline { context.console.err(ScanConsole.wroteBaseline(written)) }
        if !quiet {
            context.console.err(
                ScanConsole.summary(
                    outcome.report, filteredOut: outcome.filteredOut, style: ColorOption.errorStyle(color, context)))
        }
        if let stamp { try Self.writeStamp(stamp, in: context.currentDirectory) }
        KeptUntilExit.keep(outcome)
        return outcome.exitStatus
    }

    /// The file a bare `--output FILE` names: under `--list-files` it receives the list.
    private var listFileDestination: String? { settings.overrides.outputs.first(where: { $0.format == nil })?.path }

    /// `--directory DIR` as an absolute path without `.` and `..`; a usage error unless it is a folder.
    private static func workingDirectory(_ directory: String, from context: CommandContext) throws -> String {
        let given = directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
        var components: [Substring] = []
        for component in given.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        let absolute = "/" + components.joined(separator: "/")
        guard !directory.isEmpty,
            case .success(let status) = Platform.status(of: Array(absolute.utf8), followLinks: true),
            status.kind == .directory
        else {
            throw UsageError("--directory needs an existing folder, not '\(directory)'", command: Self.self)
        }
        return absolute
    }

    /// The stamp's one line. Unchanged bytes keep its modification time, so a build does not recompile it.
    static let stampText = Array("// Written by lckmigrate scan --stamp: the scan ran. Nothing to compile.\n".utf8)

    private static func writeStamp(_ path: String, in directory: String) throws {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        if case .success(let bytes) = Platform.readFile(Array(absolute.utf8)), bytes == stampText { return }
        try AtomicOutputFile.open(path, in: directory).commit(stampText)
    }

    /// A `--max-findings…` option, which takes a positive count.
    private static func count(
        _ long: String, help: String, _ property: WritableKeyPath<ScanCommand, Int?> & Sendable
    ) -> CommandOption<ScanCommand> {
        .value(long, "N", help: help) { command, value in
            guard let number = Int(value), number > 0 else {
                throw UsageError("--\(long) needs a positive number such as 10000, not '\(value)'")
            }
            command[keyPath: property] = number
        }
    }

    /// `--list-files`: a bare `--output FILE` receives the list instead of stdout; FORMAT=FILE outputs are not written.
    private func writeFileList(_ outcome: ScanOutcome, _ context: CommandContext) throws -> ExitStatus {
        let listing = Array(outcome.files.map { VisibleText.line($0.displayPath) }.joined().utf8)
        if let path = listFileDestination {
            try AtomicOutputFile.open(path).commit(listing)
        } else {
            context.console.out(listing)
        }
        ScanConsole.printProblems(outcome.report.problems, quiet: quiet, context)
        return outcome.exitStatus
    }
}
