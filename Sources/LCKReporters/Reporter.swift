import LCKCore

/// Turns a finished scan into the bytes of one output format.
///
/// Reporters are pure: same report in, same bytes out, so outputs can be golden-tested and
/// compared across `--jobs` values.
public protocol Reporter: Sendable {
    func render(_ report: ScanReport) -> [UInt8]
}

/// Every `--format` value, mapped to its reporter.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    case sarif
    case github
    case junit
    case checkstyle
    case codeclimate
    case markdown
    case summary

    public var reporter: any Reporter {
        switch self {
        default: PlaceholderReporter(format: self)
        }
    }
}

/// Stand-in until each format's reporter lands.
struct PlaceholderReporter: Reporter {
    let format: ReportFormat
    func render(_ report: ScanReport) -> [UInt8] {
        var out = ""
        for finding in report.findings {
            out += "\(finding.path):\(finding.start.line):\(finding.start.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
        }
        return Array(out.utf8)
    }
}
