import LCKCore

/// GitHub Actions workflow commands, which turn findings into annotations on the PR diff.
///
/// One `::error|warning|notice file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message` line
/// per active finding at or above `--fail-on`, then one `::warning file=…,title=…::…` per unreadable
/// file. GitHub shows only a handful of annotations per step (ten errors, ten warnings), so the ones that fail the
/// run come alone, and the anti-pattern findings come before the CallKit/PushKit usages (each group in
/// report order), so a usage at the threshold can never crowd out an anti-pattern; the rest go to the job
/// summary (`$GITHUB_STEP_SUMMARY`, written by the scan as the `markdown`
/// report). Columns are UTF-8 byte columns, as in the text format. The message carries the
/// LiveCommunicationKit replacement and witness steps on extra lines (escaped as `%0A`). Suppressed
/// findings are left out. The commands are printed into the CI log, so control characters in names
/// and messages are shown as `\\xHH` (`VisibleText`) before GitHub's own escaping.
public struct GitHubReporter: Reporter {
    /// The lowest severity annotated; nil (`--fail-on never`) annotates no finding.
    public var failingSeverity: Severity?

    public init(failingSeverity: Severity? = .error) { self.failingSeverity = failingSeverity }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = ""
        let annotated = digest.active.filter { finding in failingSeverity.map { finding.severity >= $0 } ?? false }
        let usages = annotated.filter { UsageInventory.isUsage($0, in: digest) }
        let antiPatterns = annotated.filter { !UsageInventory.isUsage($0, in: digest) }
        for finding in antiPatterns + usages {
            var properties = [("file", finding.path)]
            if finding.start.line > 0 {
                properties.append(("line", String(finding.start.line)))
                properties.append(("col", String(finding.start.column)))
                if finding.end.line >= finding.start.line {
                    properties.append(("endLine", String(finding.end.line)))
                    properties.append(("endColumn", String(finding.end.column)))
                }
            }
            let title = digest.descriptor(for: finding.ruleID).map { "\(finding.ruleID): \($0.title)" }
            properties.append(("title", title ?? finding.ruleID))

            // Each part escaped on its own: only the line breaks between parts stay (as %0A).
            var message = VisibleText.escaped("\(finding.message) [\(finding.ruleID)]")
            if let replacement = finding.replacement, !replacement.isEmpty {
                message += "\n" + VisibleText.escaped("LiveCommunicationKit: \(replacement)")
            }
            for step in finding.witness {
                message += "\n" + VisibleText.escaped("\(step.compilerLocation(in: finding.path)): \(step.message)")
            }
            out += Self.command(Self.commandName(finding.severity), properties: properties, message: message)
        }
        for problem in digest.problems {
            out += Self.command(
                "warning",
                properties: [("file", problem.path), ("title", "lckmigrate: file not scanned")],
                message: VisibleText.escaped(problem.message)
            )
        }
        return Array(out.utf8)
    }

    static func commandName(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty(VisibleText.escaped($0.1)))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(message))\n"
    }

    /// GitHub's escaping for the message part: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// GitHub's escaping for property values: the data escapes plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
