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
        are skipped with a note (exit status unchanged). Links to folders are not followed. Reported
        paths are relative to the current directory; lines and columns are 1-based, columns counted in
        UTF-8 bytes. With --files-from, PATH is optional.

        Settings come from .lckmigrate.json in the first PATH (when it is a folder) or the current
        directory, or from --config FILE; command-line options win. See 'lckmigrate config --print'.
        Comments such as '// lckmigrate:disable-next-line RULE -- reason' suppress findings in the source.

        Exit status: 0 when no unsuppressed finding is at or above --fail-on, 1 when one is (or, with
        --strict-baseline, when baseline entries are fixed), 2 on a usage or configuration error or when
        a file, folder or output could not be read or written (the report still covers everything else).
        """
    static let usage = "[options] PATH..."
    static let options: [OptionSpec] = ScanSettings.options + [
        OptionSpec("quiet", short: "q", help: "No progress, notes or summary on stderr; errors and warnings are still printed."),
        OptionSpec("list-files", help: "Print the files that would be scanned, one per line, and stop."),
        OptionSpec("max-file-size", value: "SIZE", help: "Skip files larger than SIZE (bytes, or with KB, MB, GB; 1 KB = 1024 bytes) with a note; default 10MB."),
    ]

    var paths: [String] = []
    var settings = ScanSettings()
    var quiet = false
    var listFiles = false
    var maxFileSize: Int? = DiscoveryOptions.defaultMaxFileSize

    init(arguments: inout ArgumentCursor) throws {
        while let argument = try arguments.next() {
            switch argument {
            case .positional(let path):
                paths.append(path)
            case .option(let spec, let value):
                if try settings.apply(spec.long, value: value ?? "", command: Self.self) { continue }
                switch spec.long {
                case "quiet": quiet = true
                case "list-files": listFiles = true
                case "max-file-size":
                    guard let parsed = ByteSize.parse(value ?? "") else {
                        throw UsageError("--max-file-size needs a size such as 10MB, 512KB or 65536, not '\(value ?? "")'", command: Self.self)
                    }
                    maxFileSize = parsed
                default: throw UsageError("option --\(spec.long) is not handled by scan", command: Self.self)
                }
            }
        }
        guard !paths.isEmpty || settings.filesFrom != nil else {
            throw UsageError("missing PATH; give Swift files or folders, such as '\(ToolName.name) scan .'", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let resolved = try settings.resolveConfiguration(paths: paths, context: context, command: Self.self)
        let configuration = resolved.configuration
        var discoveryOptions = DiscoveryOptions()
        discoveryOptions.maxFileSize = maxFileSize
        // With more than one job the tree is walked while the rule table loads (both run before any file
        // is scanned, and neither needs the other). A --files-from list is read later, after the checks
        // below, so that case stays in order.
        let earlyDiscovery = configuration.jobs.value > 1 && settings.filesFrom == nil
            ? BackgroundWork { [paths, currentDirectory = context.currentDirectory, discoveryOptions] isCancelled in
                FileDiscovery.discover(
                    paths: paths, currentDirectory: currentDirectory, options: discoveryOptions, shouldStop: isCancelled)
            }
            : nil
        // An error below returns before the walk is collected: it is stopped, not waited for to the end
        // (a large tree), and it does not outlive the command. After a normal run this finds it finished.
        defer { earlyDiscovery?.cancelAndWait() }
        let (rules, warnings) = try settings.loadRules(for: resolved)
        for warning in warnings { context.console.err(warning) }

        // Everything that can fail without scanning fails first: outputs are opened (temporary files
        // created) and the baseline read before the first file is touched.
        var destinations: [(OutputRequest, AtomicOutputFile?)] = []
        if !listFiles {
            for output in configuration.outputs.value {
                destinations.append((output, try output.path.map { path throws(FileProblemError) in try AtomicOutputFile.open(path) }))
            }
        }
        let baselineFile = try settings.writeBaseline.map { path throws(FileProblemError) in try AtomicOutputFile.open(path) }
        let baseline = try configuration.baseline.value.map { path throws(FileProblemError) in
            (try ScanSetup.loadBaseline(path, currentDirectory: context.currentDirectory), path)
        }

        var scanPaths = paths
        if let filesFrom = settings.filesFrom {
            let list = try ChangedFiles.readList(filesFrom, currentDirectory: context.currentDirectory)
            let selection = ChangedFiles.select(list, currentDirectory: context.currentDirectory)
            if !quiet { for note in selection.notes { context.console.err("\(ToolName.name): note: \(note)\n") } }
            scanPaths += selection.paths
        }
        var request = ScanRequest(
            paths: scanPaths, currentDirectory: context.currentDirectory, configuration: configuration, rules: rules)
        request.baseline = baseline
        request.discovery = discoveryOptions
        let showProgress = !quiet && !listFiles && context.console.errorIsTerminal
        if showProgress { request.progress = ProgressLine(console: context.console).update }

        let discovery = earlyDiscovery?.value
            ?? FileDiscovery.discover(paths: scanPaths, currentDirectory: context.currentDirectory, options: request.discovery)
        let files = ScanSetup.filter(discovery.files, by: configuration, currentDirectory: context.currentDirectory)
        if listFiles {
            // A bare `--output FILE` receives the list instead of stdout; FORMAT=FILE outputs are not written.
            let listing = Array(files.map { $0.displayPath + "\n" }.joined().utf8)
            if let path = settings.outputs.first(where: { $0.format == nil })?.path {
                try AtomicOutputFile.open(path).commit(listing)
            } else {
                context.console.out(listing)
            }
            printProblems(discovery.problems, context)
            return discovery.problems.contains { $0.kind == .unreadable } ? .failure : .success
        }

        var report = ScanPipeline.run(files: files, problems: discovery.problems, request: request)
        if showProgress { context.console.err(ProgressLine.clear) }
        if let baselineFile, let path = settings.writeBaseline {
            let written = Baseline(findings: report.findings)
            try baselineFile.commit(written.serialized())
            // The new baseline accepts everything: the run reports as the next run with it will.
            let (matched, _) = written.apply(to: &report.findings)
            if report.baseline == nil { report.baseline = BaselineOutcome(path: path, matched: matched, fixed: 0) }
        }
        let options = ReporterOptions(
            sourceRootURI: SARIFReporter.fileURI(forDirectory: context.currentDirectory), jobs: configuration.jobs.value)
        for (output, destination) in destinations {
            let bytes = output.format.reporter(options: options).render(report)
            if let destination { try destination.commit(bytes) } else { context.console.out(bytes) }
        }
        printProblems(report.problems, context)
        var status = configuration.failOn.value.exitStatus(for: report)
        if settings.strictBaseline, let outcome = report.baseline, outcome.fixed > 0, settings.writeBaseline == nil {
            context.console.err("\(ToolName.name): error: \(outcome.path): \(outcome.fixed) baseline "
                + "entr\(outcome.fixed == 1 ? "y is" : "ies are") fixed; remove \(outcome.fixed == 1 ? "it" : "them") with --write-baseline (--strict-baseline)\n")
            if status == .success { status = .findings }
        }
        if !quiet { context.console.err(Self.summary(report)) }
        KeptUntilExit.keep(report)
        return status
    }

    private func printProblems(_ problems: [FileProblem], _ context: CommandContext) {
        Self.printProblems(problems, quiet: quiet, context)
    }

    /// Unreadable files as `error:` lines; deliberate skips as `note:` lines, hidden by `--quiet`.
    /// Shared by `report` and `scaffold`, so a skipped link is a note (not an exit-2 error) everywhere.
    static func printProblems(_ problems: [FileProblem], quiet: Bool, _ context: CommandContext) {
        for problem in problems {
            if problem.kind == .skipped {
                if !quiet { context.console.err("\(ToolName.name): note: \(problem.path): \(problem.message)\n") }
            } else {
                context.console.err(ErrorPresentation.errorLine(problem.path, problem.message))
            }
        }
    }

    /// One stderr line so a human sees the outcome even when the report went to a file.
    static func summary(_ report: ScanReport) -> String {
        // Counted in one pass: a filtered copy of a monorepo's findings costs more than the counting.
        var counts: [Severity: Int] = [:]
        var activeCount = 0
        for finding in report.findings where finding.suppression == nil {
            counts[finding.severity, default: 0] += 1
            activeCount += 1
        }
        func count(_ severity: Severity) -> Int { counts[severity] ?? 0 }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var line = "\(ToolName.name): scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line"))): "
        line += "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note"))"
        let suppressed = report.findings.count - activeCount
        if suppressed > 0 { line += ", \(suppressed) suppressed" }
        if let baseline = report.baseline {
            line += "; baseline: \(baseline.matched) known, \(baseline.fixed) fixed"
        }
        let skipped = report.problems.filter { $0.kind == .skipped }.count
        let unreadable = report.problems.count - skipped
        if unreadable > 0 { line += "; \(plural(unreadable, "file problem"))" }
        if skipped > 0 { line += "; \(plural(skipped, "file")) skipped" }
        return line + "\n"
    }
}

/// A single self-overwriting progress line on a terminal's stderr.
struct ProgressLine: Sendable {
    static let clear = "\r\u{1B}[K"
    let console: Console

    func update(_ progress: ScanProgress) {
        let step = max(1, progress.total / 200)
        guard progress.completed % step == 0 || progress.completed == progress.total else { return }
        console.err("\(Self.clear)[\(progress.completed)/\(progress.total)] \(progress.path)")
    }
}
