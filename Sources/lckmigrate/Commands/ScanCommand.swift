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
        UTF-8 bytes.

        Exit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 on a usage error or
        when a file or folder could not be scanned (the report still covers everything else).
        """
    static let usage = "[options] PATH..."
    static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "Report format: \(formatNames) (default: text)."),
        OptionSpec("fail-on", value: "LEVEL", help: "Lowest severity that makes the exit status 1: error, warning, note or never (default: error)."),
        OptionSpec("jobs", short: "j", value: "N", help: "Files scanned in parallel (default: number of cores); output does not depend on it."),
        OptionSpec("output", short: "o", value: "FILE", help: "Write the report to FILE instead of stdout, atomically (temporary file, then rename)."),
        OptionSpec("quiet", short: "q", help: "No progress and no summary on stderr; errors are still printed."),
        OptionSpec("list-files", help: "Print the files that would be scanned, one per line, and stop."),
        OptionSpec("max-file-size", value: "SIZE", help: "Skip files larger than SIZE (bytes, or with KB, MB, GB; 1 KB = 1024 bytes) with a note; default 10MB."),
    ]

    private static var formatNames: String { ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    var paths: [String] = []
    var format = ReportFormat.text
    var failOn = FailThreshold.error
    var jobs = ScanDefaults.jobs
    var output: String?
    var quiet = false
    var listFiles = false
    var maxFileSize: Int? = DiscoveryOptions.defaultMaxFileSize

    init(arguments: inout ArgumentCursor) throws {
        while let argument = try arguments.next() {
            switch argument {
            case .positional(let path):
                paths.append(path)
            case .option(let spec, let value):
                try apply(spec.long, value: value ?? "")
            }
        }
        guard !paths.isEmpty else {
            throw UsageError("missing PATH; give Swift files or folders, such as '\(ToolName.name) scan .'", command: Self.self)
        }
    }

    private mutating func apply(_ option: String, value: String) throws {
        switch option {
        case "format":
            guard let parsed = ReportFormat(rawValue: value) else {
                throw UsageError("unknown format '\(value)' for --format; use one of: \(Self.formatNames)", command: Self.self)
            }
            format = parsed
        case "fail-on":
            guard let parsed = FailThreshold(rawValue: value) else {
                throw UsageError("unknown level '\(value)' for --fail-on; use error, warning, note or never", command: Self.self)
            }
            failOn = parsed
        case "jobs":
            guard let parsed = Int(value), parsed >= 1, parsed <= 1024 else {
                throw UsageError("--jobs needs a whole number from 1 to 1024, not '\(value)'", command: Self.self)
            }
            jobs = parsed
        case "output": output = value
        case "quiet": quiet = true
        case "list-files": listFiles = true
        case "max-file-size":
            guard let parsed = ByteSize.parse(value) else {
                throw UsageError("--max-file-size needs a size such as 10MB, 512KB or 65536, not '\(value)'", command: Self.self)
            }
            maxFileSize = parsed
        default: throw UsageError("option --\(option) is not handled by scan", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        // Opened first so that an unwritable destination fails before any scanning.
        let destination = try output.map { path throws(FileProblemError) in try AtomicOutputFile.open(path) }
        var request = ScanRequest(paths: paths, currentDirectory: context.currentDirectory, jobs: jobs)
        request.discovery.maxFileSize = maxFileSize
        let showProgress = !quiet && !listFiles && context.console.errorIsTerminal
        if showProgress { request.progress = ProgressLine(console: context.console).update }

        let discovery = FileDiscovery.discover(
            paths: paths, currentDirectory: context.currentDirectory, options: request.discovery)
        let bytes: [UInt8]
        let status: ExitStatus
        var report: ScanReport?
        if listFiles {
            bytes = Array(discovery.files.map { $0.displayPath + "\n" }.joined().utf8)
            status = discovery.problems.isEmpty ? .success : .failure
            printProblems(discovery.problems, context)
        } else {
            let scanned = ScanPipeline.run(files: discovery.files, problems: discovery.problems, request: request)
            if showProgress { context.console.err(ProgressLine.clear) }
            bytes = format.reporter.render(scanned)
            status = failOn.exitStatus(for: scanned)
            printProblems(scanned.problems, context)
            report = scanned
        }
        if let destination {
            try destination.commit(bytes)
        } else {
            context.console.out(bytes)
        }
        if let report, !quiet { context.console.err(Self.summary(report)) }
        return status
    }

    private func printProblems(_ problems: [FileProblem], _ context: CommandContext) {
        for problem in problems {
            context.console.err(problem.kind == .skipped
                ? "\(ToolName.name): note: \(problem.path): \(problem.message)\n"
                : ErrorPresentation.errorLine(problem.path, problem.message))
        }
    }

    /// One stderr line so a human sees the outcome even when the report went to a file.
    static func summary(_ report: ScanReport) -> String {
        let active = report.findings.filter { $0.suppression == nil }
        func count(_ severity: Severity) -> Int { active.filter { $0.severity == severity }.count }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var line = "\(ToolName.name): scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line"))): "
        line += "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note"))"
        let suppressed = report.findings.count - active.count
        if suppressed > 0 { line += ", \(suppressed) suppressed" }
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
