import Foundation
import LCKCore
import LCKMigrateKit
import LCKReporters

/// `lckmigrate report PATH...`: scan, then render the migration report (HTML or Markdown).
struct ReportCommand: Command {
    static let name = "report"
    static let abstract = "Scan, then write a migration report with a plan, a mapping table and the code per file."
    static let discussion = """
        The report summarises CallKit/PushKit usage per area with an effort estimate, maps every symbol to its
        LiveCommunicationKit replacement, computes the ten-step migration plan (Rules/plan.json) from the findings
        and lists each file's findings with their source lines. html is one self-contained page (no scripts, no
        external assets); markdown fits a pull-request comment (at most 60,000 characters).

        --compare takes an earlier 'scan --format json' report and adds what was migrated and what was added
        since, per area (matched by rule, file and symbol counts, not by line).

        Exit status: 0 when the report was written, 2 on a usage error, an unreadable --compare file, or when a
        file or folder could not be scanned (the report still covers everything else).
        """
    static let usage = "[options] PATH..."
    static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "Report format: html or markdown (default: html)."),
        OptionSpec("output", short: "o", value: "FILE", help: "Write the report to FILE instead of stdout, atomically."),
        OptionSpec("compare", value: "OLD.json", help: "An earlier 'scan --format json' report to measure progress against."),
        OptionSpec("jobs", short: "j", value: "N", help: "Files scanned in parallel (default: number of cores); output does not depend on it."),
        OptionSpec("quiet", short: "q", help: "No summary on stderr; errors are still printed."),
    ]

    enum Format: String {
        case html
        case markdown
    }

    var paths: [String] = []
    var format = Format.html
    var output: String?
    var compare: String?
    var jobs = ScanDefaults.jobs
    var quiet = false

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
            throw UsageError("missing PATH; give Swift files or folders, such as '\(ToolName.name) report . --output report.html'", command: Self.self)
        }
    }

    private mutating func apply(_ option: String, value: String) throws {
        switch option {
        case "format":
            guard let parsed = Format(rawValue: value) else {
                throw UsageError("unknown format '\(value)' for --format; use html or markdown", command: Self.self)
            }
            format = parsed
        case "output": output = value
        case "compare": compare = value
        case "jobs":
            guard let parsed = Int(value), parsed >= 1, parsed <= 1024 else {
                throw UsageError("--jobs needs a whole number from 1 to 1024, not '\(value)'", command: Self.self)
            }
            jobs = parsed
        case "quiet": quiet = true
        default: throw UsageError("option --\(option) is not handled by report", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let earlier = try compare.map(readEarlierReport(context))
        let destination = try output.map { path throws(FileProblemError) in try AtomicOutputFile.open(path) }
        let rules = MigrationReportBuilder.builtinRules()
        let request = ScanRequest(
            paths: paths, currentDirectory: context.currentDirectory, jobs: jobs,
            rules: rules.descriptors, rulesFingerprint: rules.fingerprint)
        let discovery = FileDiscovery.discover(paths: paths, currentDirectory: context.currentDirectory, options: request.discovery)
        let scan = ScanPipeline.run(files: discovery.files, problems: discovery.problems, request: request)
        let report: MigrationReport
        do {
            report = try MigrationReportBuilder.build(scan: scan, files: discovery.files, rules: rules, earlierJSON: earlier)
        } catch {
            destination?.discard()
            throw FileProblemError(FileProblem(path: compare ?? "", message: error.message))
        }
        let bytes = switch format {
        case .html: HTMLMigrationReport().render(report)
        case .markdown: MarkdownMigrationReport().render(report)
        }
        if let destination { try destination.commit(bytes) } else { context.console.out(bytes) }
        for problem in scan.problems { context.console.err(ErrorPresentation.errorLine(problem.path, problem.message)) }
        if !quiet {
            let done = report.steps.count(where: { $0.state == .done })
            context.console.err("\(ToolName.name): \(report.usageCount) CallKit usages in \(report.filesWithCallKit) files, "
                + "\(report.findingCount) findings, effort \(report.effortPoints) points; plan \(done)/\(report.steps.count) steps done\n")
        }
        return scan.problems.isEmpty ? .success : .failure
    }

    /// The `--compare` file's bytes; relative paths start at the command's current directory.
    private func readEarlierReport(_ context: CommandContext) -> (String) throws -> [UInt8] {
        { path in
            let full = path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
            guard let data = FileManager.default.contents(atPath: full) else {
                throw FileProblemError(FileProblem(path: path, message: "cannot read the earlier report given to --compare"))
            }
            return Array(data)
        }
    }
}
