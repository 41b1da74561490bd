import LCKCore

/// A pull-request comment: totals, counts per severity and rule, the top files, a capped table
/// of findings and the files that could not be read.
///
/// The whole comment stays within `characterLimit` (counted in UTF-8 bytes, an upper bound of
/// any character count; GitHub's comment limit is 65,536). Tables grow one whole row at a time;
/// rows that do not fit, or that exceed `findingRowLimit`, are summarised by an
/// "…and N more" line instead. Cells are escaped and cut to `cellLimit` characters.
public struct MarkdownSummaryReporter: Reporter {
    public var characterLimit: Int
    public var findingRowLimit: Int
    public var cellLimit: Int

    public init(characterLimit: Int = 60_000, findingRowLimit: Int = 100, cellLimit: Int = 200) {
        self.characterLimit = characterLimit
        self.findingRowLimit = findingRowLimit
        self.cellLimit = cellLimit
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        let footer =
            "\n<sub>\(ToolInfo.name) \(MarkdownText.escape(report.toolVersion)) · rules \(MarkdownText.escape(report.rulesFingerprint))</sub>\n"
        var page = MarkdownPage(limit: characterLimit - footer.utf8.count, reserve: 120, cutNote: .summary)

        page.block("## \(ToolInfo.name): \(digest.findingsPhrase)")
        var facts = "Scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line"))); "
        facts += "\(report.filesWithCallKit) use CallKit/PushKit."
        if digest.suppressedCount > 0 {
            facts += " \(plural(digest.suppressedCount, "suppressed finding")) not counted."
        }
        let skipped = digest.problems.count(where: { $0.kind == .skipped })
        let unreadable = digest.problems.count(where: { $0.kind == .unreadable })
        let capped = digest.problems.count(where: { $0.kind == .truncated })
        if unreadable > 0 { facts += " \(plural(unreadable, "file")) could not be read." }
        if skipped > 0 { facts += " \(plural(skipped, "file")) skipped (see below)." }
        if capped > 0 { facts += " Findings capped in \(plural(capped, "file")) (see below)." }
        page.block(facts)

        page.rows(
            header: "| Severity | Findings |\n| --- | ---: |",
            [("error", digest.errorCount), ("warning", digest.warningCount), ("note", digest.noteCount)]
                .map { "| \($0.0) | \($0.1) |" },
            noun: "severity"
        )
        if !digest.countsByRule.isEmpty {
            page.block("### By rule")
            page.rows(
                header: "| Rule | Severity | Findings | LiveCommunicationKit |\n| --- | --- | ---: | --- |",
                digest.countsByRule.map { entry in
                    let rule = digest.descriptor(for: entry.ruleID)
                    let severity =
                        rule?.severity.rawValue ?? digest.active.first { $0.ruleID == entry.ruleID }?.severity.rawValue
                        ?? ""
                    return "| \(cell(entry.ruleID)) | \(severity) | \(entry.count) | \(cell(rule?.replacement ?? "")) |"
                },
                noun: "rule"
            )
            page.block("### Top files")
            page.rows(
                header: "| File | Findings |\n| --- | ---: |",
                digest.topFiles(10).map { "| \(cell($0.path)) | \($0.count) |" },
                noun: "file"
            )
        }
        if !digest.problems.isEmpty {
            page.block("### Files not scanned")
            page.rows(
                header: nil, digest.problems.prefix(20).map { "- \(cell($0.path)): \(cell($0.message))" },
                noun: "file", hidden: max(0, digest.problems.count - 20))
        }
        if !digest.active.isEmpty {
            page.block("### Findings")
            page.rows(
                header:
                    "| Severity | Location | Rule | Message | LiveCommunicationKit |\n| --- | --- | --- | --- | --- |",
                digest.active.prefix(findingRowLimit).map { finding in
                    "| \(finding.severity.rawValue) | \(cell(finding.compilerLocation)) | \(cell(finding.ruleID)) "
                        + "| \(cell(finding.message)) | \(cell(finding.replacement ?? "")) |"
                },
                noun: "finding",
                hidden: max(0, digest.active.count - findingRowLimit)
            )
        }
        return Array((page.text + footer).utf8)
    }

    /// Escaped, single-line, at most `cellLimit` characters.
    private func cell(_ text: String) -> String {
        var scalars = VisibleText.escaped(text).unicodeScalars
        if scalars.count > cellLimit {
            scalars = String.UnicodeScalarView(scalars.prefix(cellLimit - 1))
            scalars.append("…")
        }
        return MarkdownText.escape(String(scalars))
    }
}
