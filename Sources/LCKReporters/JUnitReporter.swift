import LCKCore

/// JUnit XML, so CI systems (GitLab, Jenkins, Azure) list findings as test cases.
///
/// One `<testsuite>` per file (sorted by path); each finding is a `<testcase>` named
/// `<rule-id> at <line>:<column>`. It holds a `<failure>` when the finding fails the run (unsuppressed,
/// at or above `--fail-on`), so the failure count always agrees with the exit status; otherwise it
/// passes with the message as `<system-out>`, or is `<skipped>` when suppressed. An unreadable file is a
/// `<testcase name="read">` holding an `<error>`. Columns are UTF-8 byte columns. A scan with nothing to
/// report writes one passing `scan` test case so CI shows a green run rather than "no tests". No
/// timestamps or durations.
public struct JUnitReporter: Reporter {
    /// The lowest severity that fails the run; nil (`--fail-on never`) fails no test case.
    public var failingSeverity: Severity?

    public init(failingSeverity: Severity? = .error) { self.failingSeverity = failingSeverity }

    /// Whether the finding is a failed test case.
    func fails(_ finding: Finding) -> Bool {
        guard finding.suppression == nil, let lowest = failingSeverity else { return false }
        return finding.severity >= lowest
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var findingsByPath: [PathKey: [Finding]] = [:]
        for finding in digest.findings { findingsByPath[PathKey(finding.path), default: []].append(finding) }
        var problemsByPath: [PathKey: [FileProblem]] = [:]
        for problem in digest.problems { problemsByPath[PathKey(problem.path), default: []].append(problem) }
        let paths = Set(findingsByPath.keys).union(problemsByPath.keys).sorted()

        var suites = ""
        for path in paths {
            let findings = findingsByPath[path] ?? []
            let problems = problemsByPath[path] ?? []
            let skipped = findings.count(where: { $0.suppression != nil })
            suites += "  <testsuite name=\"\(XMLEscaper.attribute(path.path))\""
            suites +=
                Self.counts(
                    tests: findings.count + problems.count, failures: findings.count(where: fails),
                    errors: problems.count, skipped: skipped) + ">\n"
            for problem in problems {
                suites += "    <testcase classname=\"\(XMLEscaper.attribute(path.path))\" name=\"read\">\n"
                suites +=
                    "      <error type=\"unreadable-file\" message=\"\(XMLEscaper.attribute(problem.message))\"/>\n"
                suites += "    </testcase>\n"
            }
            for finding in findings { suites += testCase(finding) }
            suites += "  </testsuite>\n"
        }

        let failures = digest.active.count(where: fails)
        let tests = paths.isEmpty ? 1 : digest.findings.count + digest.problems.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"\(ToolInfo.name)\""
        out +=
            Self.counts(
                tests: tests, failures: failures, errors: digest.problems.count,
                skipped: digest.suppressedCount) + ">\n"
        if paths.isEmpty {
            out += "  <testsuite name=\"\(ToolInfo.name)\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase classname=\"\(ToolInfo.name)\" name=\"scan\"/>\n  </testsuite>\n"
        } else {
            out += suites
        }
        out += "</testsuites>\n"
        return Array(out.utf8)
    }

    private static func counts(tests: Int, failures: Int, errors: Int, skipped: Int) -> String {
        " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    private func testCase(_ finding: Finding) -> String {
        let name = "\(finding.ruleID) at \(finding.start.line):\(finding.start.column)"
        var out = "    <testcase classname=\"\(XMLEscaper.attribute(finding.path))\""
        out += " name=\"\(XMLEscaper.attribute(name))\" file=\"\(XMLEscaper.attribute(finding.path))\""
        out += " line=\"\(finding.start.line)\">\n"
        if let suppression = finding.suppression {
            var reason = "suppressed (\(suppression.kind.rawValue))"
            if !suppression.justification.isEmpty { reason += ": \(suppression.justification)" }
            out += "      <skipped message=\"\(XMLEscaper.attribute(reason))\"/>\n"
        } else {
            var body =
                "\(finding.compilerLocation): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
            if let replacement = finding.replacement, !replacement.isEmpty {
                body += "\nLiveCommunicationKit: \(replacement)"
            }
            for step in finding.witness {
                body += "\n\(step.compilerLocation(in: finding.path)): note: \(step.message)"
            }
            if fails(finding) {
                out += "      <failure type=\"\(XMLEscaper.attribute(finding.ruleID))\""
                out += " message=\"\(XMLEscaper.attribute(finding.message))\">\(XMLEscaper.text(body))</failure>\n"
            } else {
                out += "      <system-out>\(XMLEscaper.text(body))</system-out>\n"
            }
        }
        out += "    </testcase>\n"
        return out
    }
}
