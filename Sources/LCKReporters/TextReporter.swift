import LCKCore

/// Compiler-style diagnostics that Xcode, editors and `grep` understand.
///
/// One line per active finding, `path:line:column: warning: message [rule-id]`, followed by one
/// `path:line:column: note: …` line per witness step. Columns are UTF-8 byte columns, as the
/// Swift compiler prints them. Suppressed findings are not shown and nothing else is written:
/// unreadable files are the CLI's business on stderr.
public struct TextReporter: Reporter {
    public init() {}

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = ""
        for finding in digest.active {
            out += "\(finding.compilerLocation): \(finding.severity.rawValue): "
            out += "\(singleLine(finding.message)) [\(finding.ruleID)]\n"
            for step in finding.witness {
                out += "\(step.compilerLocation(in: finding.path)): note: \(singleLine(step.message))\n"
            }
        }
        return Array(out.utf8)
    }
}
