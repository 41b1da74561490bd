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
        let footer = "\n<sub>\(ToolInfo.name) \(MarkdownText.escape(report.toolVersion)) · rules \(MarkdownText.escape(report.rulesFingerprint))</sub>\n"
        var page = Page(limit: characterLimit - footer.utf8.count)

        page.paragraph("## \(ToolInfo.name): \(digest.findingsPhrase)")
        var facts = "Scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line"))); "
        facts += "\(report.filesWithCallKit) use CallKit/PushKit."
        if digest.suppressedCount > 0 { facts += " \(plural(digest.suppressedCount, "suppressed finding")) not counted." }
        if !digest.problems.isEmpty { facts += " \(plural(digest.problems.count, "file")) could not be read." }
        page.paragraph(facts)

        page.table(
            header: "| Severity | Findings |\n| --- | ---: |",
            rows: [("error", digest.errorCount), ("warning", digest.warningCount), ("note", digest.noteCount)]
                .map { "| \($0.0) | \($0.1) |" },
            noun: "severity"
        )
        if !digest.countsByRule.isEmpty {
            page.paragraph("### By rule")
            page.table(
                header: "| Rule | Severity | Findings | LiveCommunicationKit |\n| --- | --- | ---: | --- |",
                rows: digest.countsByRule.map { entry in
                    let rule = digest.descriptor(for: entry.ruleID)
                    let severity = rule?.severity.rawValue ?? digest.active.first { $0.ruleID == entry.ruleID }?.severity.rawValue ?? ""
                    return "| \(cell(entry.ruleID)) | \(severity) | \(entry.count) | \(cell(rule?.replacement ?? "")) |"
                },
                noun: "rule"
            )
            page.paragraph("### Top files")
            page.table(
                header: "| File | Findings |\n| --- | ---: |",
                rows: digest.topFiles(10).map { "| \(cell($0.path)) | \($0.count) |" },
                noun: "file"
            )
        }
        if !digest.problems.isEmpty {
            page.paragraph("### Files not scanned")
            page.table(header: "", rows: digest.problems.prefix(20).map { "- \(cell($0.path)): \(cell($0.message))" },
                       noun: "file", hidden: max(0, digest.problems.count - 20))
        }
        if !digest.active.isEmpty {
            page.paragraph("### Findings")
            page.table(
                header: "| Severity | Location | Rule | Message | LiveCommunicationKit |\n| --- | --- | --- | --- | --- |",
                rows: digest.active.prefix(findingRowLimit).map { finding in
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
        var scalars = singleLine(text).unicodeScalars
        if scalars.count > cellLimit {
            scalars = String.UnicodeScalarView(scalars.prefix(cellLimit - 1))
            scalars.append("…")
        }
        return MarkdownText.escape(String(scalars))
    }
}

/// Markdown text that never grows past `limit` bytes; tables are added whole row by whole row.
private struct Page {
    let limit: Int
    var text = ""
    /// Room kept for the "…and N more" line a cut table adds.
    private let moreLineReserve = 120

    init(limit: Int) { self.limit = limit }

    mutating func paragraph(_ line: String) {
        let block = (text.isEmpty ? "" : "\n") + line + "\n"
        if text.utf8.count + block.utf8.count + moreLineReserve <= limit { text += block }
    }

    /// Adds `header` and as many `rows` as fit; anything left out (plus `hidden` rows the caller
    /// already dropped) is summarised in one line after the table.
    mutating func table(header: String, rows: [String], noun: String, hidden: Int = 0) {
        var block = (text.isEmpty ? "" : "\n") + (header.isEmpty ? "" : header + "\n")
        var used = text.utf8.count + block.utf8.count
        var shown = 0
        if used + moreLineReserve <= limit {
            for row in rows {
                let size = row.utf8.count + 1
                if used + size + moreLineReserve > limit { break }
                block += row + "\n"
                used += size
                shown += 1
            }
        }
        let left = rows.count - shown + hidden
        if shown > 0 { text += block }
        if left > 0 {
            let line = "\n_…and \(plural(left, noun)) more not shown._\n"
            if text.utf8.count + line.utf8.count <= limit { text += line }
        }
    }
}
