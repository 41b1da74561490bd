import LCKCore

/// Compiler-style diagnostics that Xcode, editors and `grep` understand (`--format xcode`, and `text`
/// whenever standard output is not a terminal).
///
/// One line per active finding, `path:line:column: warning: message [rule-id]`, followed by one
/// `path:line:column: note: …` line per witness step. Columns are UTF-8 byte columns, as the
/// Swift compiler prints them. Control characters in paths and messages are shown as `\\xHH`
/// (`VisibleText`), so a file name can never start a line of its own. Suppressed findings are not shown and
/// nothing else is written: unreadable files are the CLI's business on stderr.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = ""
        for finding in digest.active { out += Self.lines(for: finding) }
        return Array(out.utf8)
    }

    /// The finding's line and its witness steps' note lines.
    static func lines(for finding: Finding) -> String {
        var out = VisibleText.line(
            "\(finding.compilerLocation): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
        for step in finding.witness {
            out += VisibleText.line("\(step.compilerLocation(in: finding.path)): note: \(step.message)")
        }
        return out
    }
}
