import LCKCore
import LCKMigrationModel

extension HTMLMigrationReport {
    /// "Fix these first": the anti-pattern findings most worth fixing (errors, then warnings, then notes; by
    /// file and line), bounded, with the progress since `--compare`'s earlier scan beside them.
    static func fixFirst(_ report: MigrationReport, into html: inout String) {
        html += "<section id=\"fix-first\"><h2>Fix these first</h2>\n"
        html +=
            report.antiPatternProgress == nil ? "<div class=\"fix\"><div>" : "<div class=\"fix with-progress\"><div>"
        if report.fixFirst.isEmpty {
            html += "<p>No anti-pattern findings: nothing blocks the migration plan.</p>"
        } else {
            html += "<p>Anti-pattern findings block plan steps; fix them before moving code to LiveCommunicationKit."
            html += "</p>\n<ol>\n"
            for index in report.fixFirst {
                let finding = report.entries[index].finding
                html += "<li><span class=\"badge b-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
                html +=
                    "<a href=\"#\(report.anchor(ofEntry: index))\"><code>\(HTMLText.escape(finding.ruleID))</code></a>"
                html += " \(HTMLText.path(finding.path)):\(finding.start.line)<br>"
                html += "<span class=\"muted\">\(HTMLText.prose(finding.message))</span></li>\n"
            }
            html += "</ol>\n"
            let rest = report.antiPatternCount - report.fixFirst.count
            if rest > 0 {
                html += "<p class=\"muted\">and \(rest) more anti-pattern finding\(rest == 1 ? "" : "s") "
                html += "in the <a href=\"#files\">files</a> below.</p>\n"
            }
        }
        html += "</div>"
        if let progress = report.antiPatternProgress {
            html += "<aside class=\"progress\"><strong>Since the earlier scan</strong><br>"
            html += "<b>\(progress.migrated)</b> fixed<br><b>\(progress.added)</b> new<br>"
            html += "<b>\(progress.now)</b> remaining<br><span class=\"muted\">anti-pattern findings, "
            html += "matched by rule, file and symbol</span></aside>"
        }
        html += "</div>\n</section>\n"
    }

    static func comparison(_ comparison: MigrationComparison, into html: inout String) {
        html += "<section id=\"compare\"><h2>Progress since the earlier scan</h2>\n"
        html += "<p>\(comparison.migrated) findings gone, \(comparison.added) added"
        if !comparison.earlierVersion.isEmpty {
            html += " (earlier report by \(ToolInfo.name) \(HTMLText.escape(comparison.earlierVersion)))"
        }
        html += ". Matched by rule, file and symbol counts, not by line.</p>\n"
        html +=
            "<div class=\"scroll\"><table><thead><tr><th>Area</th><th class=\"num\">Before</th><th class=\"num\">Now</th>"
        html += "<th class=\"num\">Migrated</th><th class=\"num\">Added</th></tr></thead><tbody>\n"
        for area in comparison.areas {
            html +=
                "<tr><td class=\"short\">\(HTMLText.escape(area.title))</td><td class=\"num\">\(area.before)</td><td class=\"num\">\(area.now)</td>"
            html += "<td class=\"num\">\(area.migrated)</td><td class=\"num\">\(area.added)</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if !comparison.changes.isEmpty {
            html +=
                "<details><summary>\(comparison.changes.count) changed rule/file pairs</summary>\n<div class=\"scroll\"><table><thead><tr>"
            html +=
                "<th>Rule</th><th>File</th><th>Symbol</th><th class=\"num\">Before</th><th class=\"num\">Now</th></tr></thead><tbody>\n"
            for change in comparison.changes.prefix(300) {
                html +=
                    "<tr><td><code>\(HTMLText.escape(change.ruleID))</code></td><td>\(HTMLText.path(change.path))</td>"
                html +=
                    "<td>\(HTMLText.escape(change.symbol ?? ""))</td><td class=\"num\">\(change.before)</td><td class=\"num\">\(change.now)</td></tr>\n"
            }
            html += "</tbody></table></div>\n"
            if comparison.changes.count > 300 {
                html += "<p class=\"muted\">and \(comparison.changes.count - 300) more.</p>\n"
            }
            html += "</details>\n"
        }
        html += "</section>\n"
    }
}
