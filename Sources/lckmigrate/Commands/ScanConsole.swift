import LCKCore
import LCKMigrateKit
import LCKReporters

/// How `scan`, `report` and `scaffold` show a scan on the console: warnings and notes as they arise,
/// the progress line, file problems and the summary.
enum ScanConsole {
    /// Warnings always, notes unless `quiet`, the progress line when `showsProgress`.
    static func observer(_ context: CommandContext, quiet: Bool, showsProgress: Bool = false) -> ScanObserver {
        let console = context.console
        return ScanObserver(
            message: { message in
                switch message.kind {
                case .warning: console.diagnostic("\(ToolName.name): warning: \(message.text)")
                case .note: if !quiet { console.diagnostic("\(ToolName.name): note: \(message.text)") }
                }
            },
            progress: showsProgress ? ProgressLine(console: console).update : nil,
            progressFinished: { console.err(ProgressLine.clear) })
    }

    /// Unreadable files as `error:` lines; deliberate skips as `note:` lines, hidden by `--quiet`.
    /// Shared by every command that scans, so a skipped link is a note (not an exit-2 error) everywhere.
    static func printProblems(_ problems: [FileProblem], quiet: Bool, _ context: CommandContext) {
        for problem in problems {
            if problem.kind.isNote {
                if !quiet { context.console.diagnostic("\(ToolName.name): note: \(problem.path): \(problem.message)") }
            } else {
                context.console.err(ErrorPresentation.errorLine(problem.path, problem.message))
            }
        }
    }

    /// The `--strict-baseline` failure: which baseline lists how many findings that are gone.
    static func fixedBaselineError(_ baseline: BaselineOutcome) -> String {
        let one = baseline.fixed == 1
        return
            "\(ToolName.name): error: \(VisibleText.escaped(baseline.path)): \(baseline.fixed) baseline entr\(one ? "y is" : "ies are") "
            + "fixed; remove \(one ? "it" : "them") with --write-baseline (--strict-baseline)\n"
    }

    /// `--write-baseline`'s confirmation, so a run that only refreshes the baseline says what it did.
    static func wroteBaseline(_ written: WrittenBaseline) -> String {
        let noun = written.entryCount == 1 ? "entry" : "entries"
        return "\(ToolName.name): wrote \(written.entryCount) \(noun) to \(VisibleText.escaped(written.path))\n"
    }

    /// One stderr line so a human sees the outcome even when the report went to a file.
    /// `filteredOut` counts the findings `--min-severity`/`--min-confidence`/`--only` left out; `style`
    /// colours the counts.
    static func summary(_ report: ScanReport, filteredOut: Int = 0, style: TerminalStyle = .plain) -> String {
        // Counted in one pass: a filtered copy of a monorepo's findings costs more than the counting.
        var counts: [Severity: Int] = [:]
        var activeCount = 0
        for finding in report.findings where finding.suppression == nil {
            counts[finding.severity, default: 0] += 1
            activeCount += 1
        }
        func count(_ severity: Severity) -> Int { counts[severity] ?? 0 }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var line =
            "\(ToolName.name): scanned \(plural(report.filesScanned, "file")) "
            + "(\(plural(report.linesScanned, "line"))): "
        func counted(_ severity: Severity) -> String {
            style.count(plural(count(severity), severity.rawValue), severity, count(severity))
        }
        line += "\(counted(.error)), \(counted(.warning)), \(counted(.note))"
        let suppressed = report.findings.count - activeCount
        if suppressed > 0 { line += ", \(suppressed) suppressed" }
        if filteredOut > 0 { line += ", \(filteredOut) filtered out" }
        if let baseline = report.baseline {
            line += "; baseline: \(baseline.matched) known, \(baseline.fixed) fixed"
            if baseline.unevaluated > 0 {
                line += ", \(baseline.unevaluated) not evaluated (findings capped)"
            }
        }
        let skipped = report.problems.filter { $0.kind == .skipped }.count
        let truncated = report.problems.filter { $0.kind == .truncated }.count
        let unreadable = report.problems.count - skipped - truncated
        if unreadable > 0 { line += "; \(plural(unreadable, "file problem"))" }
        if skipped > 0 { line += "; \(plural(skipped, "file")) skipped" }
        if truncated > 0 { line += "; findings capped in \(plural(truncated, "file"))" }
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
        console.err("\(Self.clear)[\(progress.completed)/\(progress.total)] \(VisibleText.escaped(progress.path))")
    }
}
