import LCKCore
import LCKMigrationModel

extension HTMLMigrationReport {
    /// The plan steps with their status; the findings that block a step and the files it touches are
    /// collapsed lists, so ten steps stay about a screen tall.
    func plan(_ report: MigrationReport, into html: inout String) {
        let done = report.steps.count(where: { $0.state == .done })
        html += "<section id=\"plan\"><h2>Migration plan</h2>\n"
        html += "<p>\(done) of \(report.steps.count) steps done. A step is <em>blocked</em> while an anti-pattern "
        html += "it depends on is reported, <em>to do</em> while CallKit code it covers must still change.</p>\n"
        html += HTMLReportCharts.planProgress(report.steps)
        stepList(report.steps, anchorPrefix: "step-", report: report, into: &html)
        html += "</section>\n"
    }

    /// The steps as an ordered list (the whole plan, or one target's with `--by target`); each item's
    /// anchor is `anchorPrefix` and the step id.
    func stepList(
        _ steps: [MigrationReport.StepStatus], anchorPrefix: String, report: MigrationReport,
        into html: inout String
    ) {
        html += "\n<ol class=\"plan\">\n"
        for status in steps {
            html += "<li id=\"\(HTMLText.escape(anchorPrefix + status.step.id))\">"
            switch status.state {
            case .done: html += "<span class=\"badge b-done\">done</span> "
            case .toDo: html += "<span class=\"badge b-todo\">to do</span> "
            case .mayBeNeeded: html += "<span class=\"badge b-todo\">may be needed</span> "
            case .blocked(let count):
                html += "<span class=\"badge b-blocked\">blocked by \(count) finding\(count == 1 ? "" : "s")</span> "
            }
            html += "<strong>\(HTMLText.escape(status.step.title))</strong>"
            html += "<br><span class=\"muted\">\(HTMLText.prose(status.step.description))</span>"
            if status.state == .mayBeNeeded { html += "<br>May be needed: deployment target unknown." }
            if status.pendingUsages > 0 {
                html += "<br>\(status.pendingUsages) CallKit usage\(status.pendingUsages == 1 ? "" : "s") to migrate."
            }
            if !status.blockingEntries.isEmpty { blockers(status.blockingEntries, report: report, into: &html) }
            if !status.files.isEmpty {
                html += "<details><summary>\(plural(status.files.count, "file"))</summary><ul class=\"files\">"
                for file in status.files.prefix(50) { html += "<li>\(HTMLText.path(file))</li>" }
                if status.files.count > 50 { html += "<li class=\"muted\">and \(status.files.count - 50) more</li>" }
                html += "</ul></details>"
            }
            html += "</li>\n"
        }
        html += "</ol>\n"
    }

    private func blockers(_ indexes: [Int], report: MigrationReport, into html: inout String) {
        html += "<details><summary>Blocked by \(plural(indexes.count, "finding"))</summary><ul class=\"files\">"
        for index in indexes.prefix(15) {
            let finding = report.entries[index].finding
            html += "<li><a href=\"#\(report.anchor(ofEntry: index))\">\(HTMLText.escape(finding.ruleID))</a> at "
            html += "\(HTMLText.path(finding.path)):\(finding.start.line)</li>"
        }
        if indexes.count > 15 { html += "<li class=\"muted\">and \(indexes.count - 15) more</li>" }
        html += "</ul></details>"
    }
}
