import FoundationEssentials
import LCKCore
import LCKMigrateKit
import LCKMigrationModel
import LCKReporters

/// `lckmigrate report PATH...`: scan, then render the migration report (HTML or Markdown).
struct ReportCommand: Command {
    static let name = "report"
    static let abstract = "Scan, then write a migration report with a plan, a mapping table and the code per file."
    static let discussion = """
        The report summarises CallKit/PushKit usage per area with an effort estimate, maps every symbol to its
        LiveCommunicationKit replacement, computes the migration plan (Rules/plan.json) from the findings
        and lists each file's findings with their source lines. html is one self-contained page (no scripts, no
        external assets); markdown fits a pull-request comment (at most 60,000 characters).

        --compare takes an earlier 'scan --format json' report and adds what was migrated and what was added
        since, per area (matched by rule, file and symbol counts, not by line).

        --by target adds the plan per target: an Xcode target by project.pbxproj membership, a SwiftPM target
        by its folder, '(no target)' for files no settings file places, so a team can divide the work.

        Exit status: 0 when the report was written, 2 on a usage error, an unreadable --compare file, or when a
        file or folder could not be scanned (the report still covers everything else).
        """
    static let usage = "[options] PATH..."
    static let options: [CommandOption<ReportCommand>] =
        [
            .choice(
                "format", "FORMAT", Format.allCases, help: "Report format: html or markdown (default: html).",
                unknown: "format"
            ) { $0.format = $1 },
            .value(
                "output", short: "o", "FILE", help: "Write the report to FILE instead of stdout, atomically.",
                stores: \.output),
            .choice(
                "by", "GROUPING", MigrationReportBuilder.Breakdown.allCases,
                help: "Break the plan down per target: 'target' (Xcode or SwiftPM target; '(no target)' for the rest).",
                unknown: "grouping"
            ) { $0.breakdown = $1 },
            .value(
                "compare", "OLD.json", help: "An earlier 'scan --format json' report to measure progress against.",
                stores: \.compare),
            .flag("quiet", short: "q", help: "No summary on stderr; errors are still printed.", sets: \.quiet),
            ColorOption.option(\.color),
        ] + ScanSettings.options.named(sharedOptions).lifted(\.settings)

    /// The scan settings `report` shares with `scan` (config file, rules, suppressions, baseline).
    static let sharedOptions: Set<String> = ["config", "rules", "jobs", "baseline", "severity", "require-reason"]

    enum Format: String, CaseIterable {
        case html
        case markdown
    }

    var paths: [String] = []
    var format = Format.html
    var output: String?
    var compare: String?
    var breakdown: MigrationReportBuilder.Breakdown?
    var quiet = false
    var color = ColorChoice.auto
    var settings = ScanSettings()

    mutating func accept(positional path: String) throws {
        paths.append(path)
    }

    func finishParsing() throws {
        guard !paths.isEmpty else {
            throw UsageError(
                "missing PATH; give Swift files or folders, such as '\(ToolName.name) report . --output report.html'",
                command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        var invocation = settings.invocation(paths: paths, context: context)
        invocation.filtersFindings = false  // The plan and the effort need every usage, whatever the config's `only`.
        invocation.showsTypedPaths = false  // `--compare` matches an earlier report's paths, relative to here.
        invocation.guardedOutputs = output.map { [$0] } ?? []  // Refused when it is a scanned file or the config.
        invocation.guardedInputs = compare.map { [GuardedInput(path: $0, role: "the --compare report")] } ?? []
        let scan = try Scan.prepare(invocation, observer: ScanConsole.observer(context, quiet: quiet))
        // Checked before the scan, so a missing --compare file or an unwritable --output costs no scan.
        let earlier = try compare.map(readEarlierReport(context))
        let destination = try output.map { path throws(FileProblemError) in try AtomicOutputFile.open(path) }
        let outcome = try scan.run()
        let report: MigrationReport
        do {
            report = try MigrationReportBuilder.build(
                scan: outcome.report, files: outcome.files, rules: outcome.settings.rules.table, earlierJSON: earlier,
                breakdown: breakdown)
        } catch {
            destination?.discard()
            throw FileProblemError(FileProblem(path: compare ?? "", message: error.message))
        }
        warnIfNoPathMatches(report, context)
        let bytes =
            switch format {
            case .html: HTMLMigrationReport().render(report)
            case .markdown: MarkdownMigrationReport().render(report)
            }
        if let destination { try destination.commit(bytes) } else { context.console.out(bytes) }
        ScanConsole.printProblems(outcome.report.problems, quiet: quiet, context)
        if !quiet {
            let done = report.steps.count(where: { $0.state == .done })
            let findings = ColorOption.errorStyle(color, context).count(
                "\(report.findingCount) findings", .warning, report.findingCount)
            context.console.err(
                "\(ToolName.name): \(report.usageCount) CallKit usages in \(report.filesWithCallKit) files, "
                    + "\(findings), effort \(report.effortPoints) points; "
                    + "plan \(done)/\(report.steps.count) steps done\n")
        }
        return FailThreshold.never.exitStatus(for: outcome.report)
    }

    /// A `--compare` report that shares no path with this scan was most likely run from another folder.
    private func warnIfNoPathMatches(_ report: MigrationReport, _ context: CommandContext) {
        guard let comparison = report.comparison, comparison.earlierPaths > 0, comparison.commonPaths == 0,
            !report.files.isEmpty
        else { return }
        context.console.diagnostic(
            "\(ToolName.name): warning: \(compare ?? ""): no file path matches this scan; "
                + "run both scans from the same directory so paths compare")
    }

    /// The `--compare` file's bytes; relative paths start at the command's current directory.
    private func readEarlierReport(_ context: CommandContext) -> (String) throws -> [UInt8] {
        { path in
            let full = path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
            guard let data = FileManager.default.contents(atPath: full) else {
                throw FileProblemError(
                    FileProblem(path: path, message: "cannot read the earlier report given to --compare"))
            }
            return Array(data)
        }
    }
}
