import LCKCore

/// Checkstyle XML, read by Jenkins' warnings plugin, reviewdog, Danger and similar tools.
///
///     <checkstyle version="4.3">
///       <file name="path">
///         <error line="L" column="C" severity="error|warning|info" message="…" source="lckmigrate.<rule-id>"/>
///
/// One `<file>` per path with active findings or a read problem, sorted by path; columns are
/// UTF-8 byte columns; `note` becomes `info`. Suppressed findings are left out. An unreadable
/// file gets an `error` without line or column, with source `lckmigrate.unreadable-file`.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var findingsByPath: [PathKey: [Finding]] = [:]
        for finding in digest.active { findingsByPath[PathKey(finding.path), default: []].append(finding) }
        var problemsByPath: [PathKey: [FileProblem]] = [:]
        for problem in digest.problems { problemsByPath[PathKey(problem.path), default: []].append(problem) }
        let paths = Set(findingsByPath.keys).union(problemsByPath.keys).sorted()

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for path in paths {
            out += "  <file name=\"\(XMLEscaper.attribute(path.path))\">\n"
            for problem in problemsByPath[path] ?? [] {
                out += "    <error severity=\"error\" message=\"\(XMLEscaper.attribute(problem.message))\""
                out += " source=\"lckmigrate.unreadable-file\"/>\n"
            }
            for finding in findingsByPath[path] ?? [] {
                out += "    <error line=\"\(finding.start.line)\" column=\"\(finding.start.column)\""
                out += " severity=\"\(Self.severityName(finding.severity))\""
                out += " message=\"\(XMLEscaper.attribute(finding.message))\""
                out += " source=\"lckmigrate.\(XMLEscaper.attribute(finding.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return Array(out.utf8)
    }

    static func severityName(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
