import LCKCore

/// Compiler-style diagnostics that Xcode, editors and `grep` understand (`--format xcode`, the build-tool
/// plugin).
///
/// One line per active anti-pattern finding, `path:line:column: error: message [rule-id]`, followed by one
/// `path:line:column: note: …` line per witness step; then one line per CallKit/PushKit symbol at its first
/// use (`UsageInventory` order), `path:line:column: note: Symbol → Replacement: 12 uses in 3 files, this one
/// first [rule-id]`, so Xcode's issue navigator lists each symbol once instead of every use.
/// `listsEveryUse` (`--verbose`, `--only mappings`) prints one line per finding in report order instead, as
/// this format always did. The first finding of each rule ends its message with
/// `(lckmigrate rules explain ID)`, once per rule, so the long explanation is one command away. Columns are
/// UTF-8 byte columns, as the Swift compiler prints them. Control characters in paths and messages are
/// shown as `\\xHH` (`VisibleText`), so a file name can never start a line of its own. Suppressed findings
/// are not shown and nothing else is written: unreadable files are the CLI's business on stderr.
public struct XcodeReporter: Reporter {
    /// Every usage as its own line, in report order with the anti-patterns (`--verbose`, `--only mappings`).
    public var listsEveryUse: Bool
    /// Colours location, severity and rule id on a terminal (`--color`); `plain` writes today's bytes.
    public var style: TerminalStyle

    public init(listsEveryUse: Bool = false, style: TerminalStyle = .plain) {
        self.listsEveryUse = listsEveryUse
        self.style = style
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var out = ""
        var explained: Set<String> = []
        var usages: [Finding] = []
        for finding in digest.active {
            if !listsEveryUse && UsageInventory.isUsage(finding, in: digest) {
                usages.append(finding)
                continue
            }
            out += Self.lines(for: finding, explain: explained.insert(finding.ruleID).inserted, style: style)
        }
        for row in UsageInventory(usages).rows {
            out += UsageInventory.compilerLine(row, style: style)
        }
        return Array(out.utf8)
    }

    /// ` (lckmigrate rules explain ID)`, appended to the first message of each rule.
    static func explainHint(_ ruleID: String) -> String { " (\(ToolInfo.name) rules explain \(ruleID))" }

    /// The finding's line and its witness steps' note lines; `explain` adds the `rules explain` hint.
    static func lines(for finding: Finding, explain: Bool, style: TerminalStyle = .plain) -> String {
        let hint = explain ? explainHint(finding.ruleID) : ""
        guard !style.isColored else { return coloredLines(for: finding, hint: hint, style: style) }
        var out = VisibleText.line(
            "\(finding.compilerLocation): \(finding.severity.rawValue): \(finding.message)\(hint) [\(finding.ruleID)]")
        for step in finding.witness {
            out += VisibleText.line("\(step.compilerLocation(in: finding.path)): note: \(step.message)")
        }
        return out
    }

    /// The same lines with each part escaped on its own, then wrapped in the style's colours.
    private static func coloredLines(for finding: Finding, hint: String, style: TerminalStyle) -> String {
        let location = style.path(VisibleText.escaped(finding.compilerLocation))
        let severity = style.severity(finding.severity, finding.severity.rawValue + ":")
        let rule = style.ruleID(VisibleText.escaped(finding.ruleID))
        var out = "\(location): \(severity) \(VisibleText.escaped(finding.message + hint)) [\(rule)]\n"
        for step in finding.witness {
            let stepLocation = style.path(VisibleText.escaped(step.compilerLocation(in: finding.path)))
            out += "\(stepLocation): \(style.severity(.note, "note:")) \(VisibleText.escaped(step.message))\n"
        }
        return out
    }
}
