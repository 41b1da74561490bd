import LCKCore
import LCKMigrationModel

extension HTMLMigrationReport {
    /// Collapsed per-file sections with each listed finding's source lines and, for renames,
    /// the suggested LiveCommunicationKit line beside them; files with nothing listed get one row.
    func files(_ report: MigrationReport, into html: inout String) {
        html += "<section id=\"files\"><h2>Files</h2>\n"
        guard !report.files.isEmpty else {
            html += "<p>No findings.</p>\n</section>\n"
            return
        }
        let detailed = report.files.filter { $0.listedCount > 0 }
        let compact = report.files.filter { $0.listedCount == 0 }
        html += "<p>\(report.files.count) files with findings. Open a file to see its code.</p>\n"
        for file in detailed {
            html += "<details id=\"file-\(file.index)\"><summary>\(HTMLText.escape(file.path)) "
            html += "<span class=\"muted\">· \(file.usages) usage\(file.usages == 1 ? "" : "s"), "
            html += "\(file.findings) anti-pattern finding\(file.findings == 1 ? "" : "s")</span></summary>\n"
            for index in file.entries {
                let entry = report.entries[index]
                guard entry.isListed else { continue }
                self.entry(entry, report: report, into: &html)
            }
            let hidden = file.entries.count - file.listedCount
            if hidden > 0 {
                html += "<p class=\"muted\">and \(hidden) more finding\(hidden == 1 ? "" : "s") in this file.</p>\n"
            }
            html += "</details>\n"
        }
        if !compact.isEmpty {
            html += "<h3>More files</h3>\n<p class=\"muted\">Listed without code to keep the report small.</p>\n"
            html +=
                "<table><thead><tr><th>File</th><th class=\"num\">Usages</th><th class=\"num\">Anti-pattern findings</th></tr></thead><tbody>\n"
            for file in compact.prefix(compactFileLimit) {
                html += "<tr id=\"file-\(file.index)\"><td>\(HTMLText.escape(file.path))</td>"
                html += "<td class=\"num\">\(file.usages)</td><td class=\"num\">\(file.findings)</td></tr>\n"
            }
            html += "</tbody></table>\n"
            if compact.count > compactFileLimit {
                html += "<p class=\"muted\">and \(compact.count - compactFileLimit) more files.</p>\n"
            }
        }
        html += "</section>\n"
    }

    private func entry(_ entry: MigrationReport.Entry, report: MigrationReport, into html: inout String) {
        let finding = entry.finding
        html += "<div class=\"entry\" id=\"finding-\(entry.index)\"><div>"
        html += "<span class=\"badge b-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
        html +=
            "<code>\(HTMLText.escape(finding.ruleID))</code> line \(finding.start.line):\(max(1, finding.start.column)) — "
        html += HTMLText.escape(finding.message)
        if let replacement = finding.replacement, !replacement.isEmpty {
            html += "<br><span class=\"muted\">→ <code>\(HTMLText.escape(replacement))</code>"
            if let kind = finding.mappingKind { html += " (\(kind.rawValue))" }
            html += "</span>"
        }
        html += "</div>\n"
        let lines = report.sourceLines(of: entry)
        if !lines.isEmpty {
            let suggestion = report.suggestion(for: entry)
            html += suggestion == nil ? "<div class=\"pair single\">" : "<div class=\"pair\">"
            html += "<pre class=\"src\">"
            html += lines.map { "<span class=\"ln\">\($0.number)</span>\(HTMLText.escape($0.text))" }.joined(
                separator: "\n")
            html += "</pre>"
            if let suggestion {
                html += "<pre class=\"lck\" title=\"suggested LiveCommunicationKit code\">"
                html += "<span class=\"ln\">LCK</span>\(HTMLText.escape(suggestion))</pre>"
            }
            html += "</div>\n"
        }
        if !finding.witness.isEmpty {
            html += "<ul class=\"muted\">"
            for step in finding.witness.prefix(10) {
                html += "<li>line \(step.position.line): \(HTMLText.escape(step.message))</li>"
            }
            html += "</ul>\n"
        }
        html += "</div>\n"
    }

    static func comparison(_ comparison: MigrationComparison, into html: inout String) {
        html += "<section id=\"compare\"><h2>Progress since the earlier scan</h2>\n"
        html += "<p>\(comparison.migrated) findings gone, \(comparison.added) added"
        if !comparison.earlierVersion.isEmpty {
            html += " (earlier report by \(ToolInfo.name) \(HTMLText.escape(comparison.earlierVersion)))"
        }
        html += ". Matched by rule, file and symbol counts, not by line.</p>\n"
        html += "<table><thead><tr><th>Area</th><th class=\"num\">Before</th><th class=\"num\">Now</th>"
        html += "<th class=\"num\">Migrated</th><th class=\"num\">Added</th></tr></thead><tbody>\n"
        for area in comparison.areas {
            html +=
                "<tr><td>\(HTMLText.escape(area.title))</td><td class=\"num\">\(area.before)</td><td class=\"num\">\(area.now)</td>"
            html += "<td class=\"num\">\(area.migrated)</td><td class=\"num\">\(area.added)</td></tr>\n"
        }
        html += "</tbody></table>\n"
        if !comparison.changes.isEmpty {
            html +=
                "<details><summary>\(comparison.changes.count) changed rule/file pairs</summary>\n<table><thead><tr>"
            html +=
                "<th>Rule</th><th>File</th><th>Symbol</th><th class=\"num\">Before</th><th class=\"num\">Now</th></tr></thead><tbody>\n"
            for change in comparison.changes.prefix(300) {
                html +=
                    "<tr><td><code>\(HTMLText.escape(change.ruleID))</code></td><td>\(HTMLText.escape(change.path))</td>"
                html +=
                    "<td>\(HTMLText.escape(change.symbol ?? ""))</td><td class=\"num\">\(change.before)</td><td class=\"num\">\(change.now)</td></tr>\n"
            }
            html += "</tbody></table>\n"
            if comparison.changes.count > 300 {
                html += "<p class=\"muted\">and \(comparison.changes.count - 300) more.</p>\n"
            }
            html += "</details>\n"
        }
        html += "</section>\n"
    }
}
