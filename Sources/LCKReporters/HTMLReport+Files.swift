import LCKCore
import LCKMigrationModel

extension HTMLMigrationReport {
    /// Collapsed per-file sections: each source line with findings is shown once, with every finding on
    /// it listed below and, for renames, the suggested LiveCommunicationKit line beside it; files with
    /// nothing listed get one row in a collapsed table.
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
            html += "<details id=\"file-\(file.index)\"><summary>\(HTMLText.path(file.path)) "
            html += "<span class=\"muted\">\(roleLabel(file))· \(file.usages) usage\(file.usages == 1 ? "" : "s"), "
            html += "\(file.findings) anti-pattern finding\(file.findings == 1 ? "" : "s")</span></summary>\n"
            for group in file.lineGroups {
                line(group, report: report, into: &html)
            }
            let hidden = file.entries.count - file.listedCount
            if hidden > 0 {
                html += "<p class=\"muted\">and \(hidden) more finding\(hidden == 1 ? "" : "s") in this file.</p>\n"
            }
            html += "</details>\n"
        }
        if !compact.isEmpty {
            html += "<details><summary>\(plural(compact.count, "more file")) listed without code</summary>\n"
            html += "<div class=\"scroll\"><table><thead><tr><th>File</th><th class=\"num\">Usages</th>"
            html += "<th class=\"num\">Anti-pattern findings</th></tr></thead><tbody>\n"
            for file in compact.prefix(compactFileLimit) {
                html += "<tr id=\"file-\(file.index)\"><td>\(HTMLText.path(file.path))"
                html += file.role == .app ? "</td>" : " <span class=\"muted\">(\(file.role.rawValue))</span></td>"
                html += "<td class=\"num\">\(file.usages)</td><td class=\"num\">\(file.findings)</td></tr>\n"
            }
            html += "</tbody></table></div>\n"
            if compact.count > compactFileLimit {
                html += "<p class=\"muted\">and \(compact.count - compactFileLimit) more files.</p>\n"
            }
            html += "</details>\n"
        }
        html += "</section>\n"
    }

    /// `test file ` and the like before a file's counts; nothing for app code.
    private func roleLabel(_ file: MigrationReport.FileSection) -> String {
        file.role == .app ? "" : "\(file.role.rawValue) file "
    }

    /// One source excerpt for a line, then all its findings. Suggestions of renames on the line are shown
    /// beside the excerpt, each once.
    private func line(_ group: MigrationReport.LineGroup, report: MigrationReport, into html: inout String) {
        html += "<div class=\"line\" id=\"line-\(group.entries[0])\">"
        let lines = report.sourceLines(of: group)
        if !lines.isEmpty {
            var suggestions: [String] = []
            for index in group.entries {
                if let suggestion = report.suggestion(for: report.entries[index]), !suggestions.contains(suggestion) {
                    suggestions.append(suggestion)
                }
            }
            html += suggestions.isEmpty ? "<div class=\"pair single\">" : "<div class=\"pair\">"
            html += "<pre class=\"src\">"
            html += lines.map { "<span class=\"ln\">\($0.number)</span>\(HTMLText.escape($0.text))" }.joined(
                separator: "\n")
            html += "</pre>"
            if !suggestions.isEmpty {
                html += "<pre class=\"lck\" title=\"suggested LiveCommunicationKit code\">"
                html += suggestions.map { "<span class=\"ln\">LCK</span>\(HTMLText.escape($0))" }.joined(
                    separator: "\n")
                html += "</pre>"
            }
            html += "</div>\n"
        }
        html += "<ul>"
        for index in group.entries {
            entry(report.entries[index], into: &html)
        }
        html += "</ul></div>\n"
    }

    private func entry(_ entry: MigrationReport.Entry, into html: inout String) {
        let finding = entry.finding
        html += "<li id=\"finding-\(entry.index)\">"
        html += "<span class=\"badge b-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
        html += "<code>\(HTMLText.escape(finding.ruleID))</code> "
        html += "line \(finding.start.line):\(max(1, finding.start.column)) — \(HTMLText.prose(finding.message))"
        if let replacement = finding.replacement, !replacement.isEmpty {
            html += "<br><span class=\"muted\">→ \(HTMLText.code(replacement))"
            if let kind = finding.mappingKind { html += " (\(kind.rawValue))" }
            html += "</span>"
        }
        if !finding.witness.isEmpty {
            html += "<ul class=\"muted\">"
            for step in finding.witness.prefix(10) {
                html += "<li>line \(step.position.line): \(HTMLText.prose(step.message))</li>"
            }
            html += "</ul>"
        }
        html += "</li>\n"
    }
}
