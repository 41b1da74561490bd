import LCKCore

/// A short plain-text digest for terminals and CI logs: totals, then counts per rule and per file.
///
///     lckmigrate 0.1.0: 3 findings (1 error, 1 warning, 1 note)
///     Scanned 3 files (120 lines); 2 use CallKit/PushKit; 1 suppressed; 1 not readable; 1 skipped.
///     Deployment targets: App iOS 15.0, Widget unknown.
///
///     By rule:
///       2  lck.rule-id (warning)
///
///     By file:
///       2  Sources/App/CallManager.swift
///
/// Counts are right-aligned; suppressed findings are not counted. Deliberate skips (`--max-file-size`,
/// links leading outside) are counted and listed apart from unreadable files; "; N skipped" only when N > 0.
public struct SummaryReporter: Reporter {
    /// Colours rule ids, severities and paths on a terminal (`--color`); `plain` writes today's bytes.
    public var style: TerminalStyle

    public init(style: TerminalStyle = .plain) {
        self.style = style
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = "\(ToolInfo.name) \(report.toolVersion): \(digest.findingsPhrase)\n"
        out += "Scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line")));"
        out += " \(report.filesWithCallKit) use CallKit/PushKit;"
        // Deliberate skips (--max-file-size, links leading outside) are notes, not read errors.
        let skipped = digest.problems.filter { $0.kind == .skipped }
        let unreadable = digest.problems.filter { $0.kind == .unreadable }
        let capped = digest.problems.filter { $0.kind == .truncated }
        out += " \(digest.suppressedCount) suppressed; \(unreadable.count) not readable"
        out += skipped.isEmpty ? "" : "; \(skipped.count) skipped"
        out += capped.isEmpty ? ".\n" : "; findings capped in \(plural(capped.count, "file")).\n"
        out += Self.deploymentTargets(report.project)

        // One width for both columns: a file can hold more findings than any one rule has.
        let largest = max(digest.countsByRule.map(\.count).max() ?? 0, digest.countsByFile.map(\.count).max() ?? 0)
        let width = String(max(largest, 1)).count
        if !digest.countsByRule.isEmpty {
            out += "\nBy rule:\n"
            for entry in digest.countsByRule {
                let severity =
                    digest.descriptor(for: entry.ruleID)?.severity
                    ?? digest.active.first { $0.ruleID == entry.ruleID }?.severity
                out += "  \(Self.pad(entry.count, width))  \(style.ruleID(VisibleText.escaped(entry.ruleID)))"
                out += severity.map { " (\(style.severity($0, $0.rawValue)))" } ?? ""
                out += "\n"
            }
            out += "\nBy file:\n"
            for entry in digest.countsByFile {
                out += "  \(Self.pad(entry.count, width))  \(style.path(VisibleText.escaped(entry.path)))\n"
            }
        }
        if !report.project.notAnalyzed.isEmpty {
            out += "\nNot analyzed (Objective-C naming CallKit/PushKit; mentions):\n"
            let countWidth = String(report.project.notAnalyzed.map(\.mentions).max() ?? 1).count
            for file in report.project.notAnalyzed {
                out += "  \(Self.pad(file.mentions, countWidth))  \(style.path(VisibleText.escaped(file.path)))\n"
            }
        }
        for (title, problems) in [("Not readable", unreadable), ("Skipped", skipped), ("Findings capped", capped)]
        where !problems.isEmpty {
            out += "\n\(title):\n"
            for problem in problems {
                out += VisibleText.line("  \(problem.path): \(problem.message)")
            }
        }
        return Array(out.utf8)
    }

    /// `Deployment target: unknown.`, or each target's (`App iOS 15.0, Widget unknown`).
    static func deploymentTargets(_ project: ProjectOverview) -> String {
        guard !project.targets.isEmpty else { return "Deployment target: unknown.\n" }
        let each = project.targets.map { target in
            VisibleText.escaped(target.name) + " " + (target.deploymentTarget.map { "iOS \($0)" } ?? "unknown")
        }
        return "Deployment target\(each.count == 1 ? "" : "s"): \(each.joined(separator: ", ")).\n"
    }

    private static func pad(_ count: Int, _ width: Int) -> String {
        let digits = String(count)
        return String(repeating: " ", count: max(0, width - digits.count)) + digits
    }
}
