import LCKCore

/// A short plain-text digest for terminals and CI logs: totals, then counts per rule and per file.
///
///     lckmigrate 0.1.0: 3 findings (1 error, 1 warning, 1 note)
///     Scanned 3 files (120 lines); 2 use CallKit/PushKit; 1 suppressed; 1 not readable.
///
///     By rule:
///       2  lck.rule-id (warning)
///
///     By file:
///       2  Sources/App/CallManager.swift
///
/// Counts are right-aligned; suppressed findings are not counted.
public struct SummaryReporter: Reporter {
    public init() {}

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = "\(ToolInfo.name) \(report.toolVersion): \(digest.findingsPhrase)\n"
        out += "Scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line")));"
        out += " \(report.filesWithCallKit) use CallKit/PushKit;"
        out += " \(digest.suppressedCount) suppressed; \(digest.problems.count) not readable.\n"

        let width = String(max(digest.countsByRule.map(\.count).max() ?? 0, 1)).count
        if !digest.countsByRule.isEmpty {
            out += "\nBy rule:\n"
            for entry in digest.countsByRule {
                let severity =
                    digest.descriptor(for: entry.ruleID)?.severity
                    ?? digest.active.first { $0.ruleID == entry.ruleID }?.severity
                out += "  \(Self.pad(entry.count, width))  \(VisibleText.escaped(entry.ruleID))"
                out += severity.map { " (\($0.rawValue))" } ?? ""
                out += "\n"
            }
            out += "\nBy file:\n"
            for entry in digest.countsByFile {
                out += "  \(Self.pad(entry.count, width))  \(VisibleText.escaped(entry.path))\n"
            }
        }
        if !digest.problems.isEmpty {
            out += "\nNot readable:\n"
            for problem in digest.problems {
                out += VisibleText.line("  \(problem.path): \(problem.message)")
            }
        }
        return Array(out.utf8)
    }

    private static func pad(_ count: Int, _ width: Int) -> String {
        let digits = String(count)
        return String(repeating: " ", count: max(0, width - digits.count)) + digits
    }
}
