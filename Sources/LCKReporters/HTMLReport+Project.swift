import LCKCore
import LCKMigrationModel

/// The parts of the HTML report that come from the project rather than the findings: deployment
/// targets, the plan per target (`--by target`) and the Objective-C files not analyzed.
extension HTMLMigrationReport {
    /// Each target's deployment target, or one "unknown" line when no settings file names a target.
    func deploymentTargets(_ report: MigrationReport, into html: inout String) {
        guard !report.project.targets.isEmpty else {
            html += "<p>Deployment target: unknown (no project settings found).</p>\n"
            return
        }
        html += "<p>Deployment targets:</p>\n<ul class=\"targets\">\n"
        for target in report.project.targets {
            html += "<li>\(HTMLText.escape(target.name)): \(MigrationReport.describe(target.deploymentTarget))"
            html += " <span class=\"muted\">(\(HTMLText.path(target.source)))</span></li>\n"
        }
        html += "</ul>\n"
    }

    /// One table row per target, then each target's steps and files, collapsed.
    func targetPlan(
        _ sections: [MigrationReport.TargetSection], _ report: MigrationReport, into html: inout String
    ) {
        html += "<section id=\"targets\"><h2>Plan by target</h2>\n"
        html += "<div class=\"scroll\"><table><thead><tr><th>Target</th><th>Deployment target</th>"
        html += "<th class=\"num\">Files</th><th class=\"num\">Usages</th><th class=\"num\">Anti-pattern findings</th>"
        html += "<th class=\"num\">Effort points</th></tr></thead><tbody>\n"
        for section in sections {
            html += "<tr><td class=\"short\">\(HTMLText.escape(section.name))</td>"
            html += "<td>\(MigrationReport.describe(section.deploymentTarget))</td>"
            html += "<td class=\"num\">\(section.files.count)</td><td class=\"num\">\(section.usages)</td>"
            html += "<td class=\"num\">\(section.findings)</td><td class=\"num\">\(section.effort)</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        for (number, section) in sections.enumerated() {
            let done = section.steps.count(where: { $0.state == .done })
            html += "<details><summary><strong>\(HTMLText.escape(section.name))</strong>: \(done) of "
            html += "\(section.steps.count) steps done, \(plural(section.files.count, "file"))</summary>\n"
            stepList(section.steps, anchorPrefix: "target-\(number)-", report: report, into: &html)
            Self.fileList(section.files.map { report.files[$0].path }, shown: 200, into: &html)
            html += "\n</details>\n"
        }
        html += "</section>\n"
    }

    /// Objective-C files naming CallKit or PushKit types: listed so the inventory is never silently short.
    func notAnalyzed(_ report: MigrationReport, into html: inout String) {
        let files = report.project.notAnalyzed
        guard !files.isEmpty else { return }
        html += "<section id=\"not-analyzed\"><h2>Not analyzed: Objective-C</h2>\n"
        html +=
            "<p>\(plural(files.count, "Objective-C file")) \(files.count == 1 ? "names" : "name") CallKit or PushKit "
        html +=
            "types. lckmigrate reads Swift only; these files are not in the counts above. Migrate them by hand.</p>\n"
        html += "<div class=\"scroll\"><table><thead><tr><th>File</th><th class=\"num\">Mentions</th><th>Names</th>"
        html += "</tr></thead><tbody>\n"
        for file in files.prefix(500) {
            let names = file.symbols.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
            html += "<tr><td>\(HTMLText.path(file.path))</td><td class=\"num\">\(file.mentions)</td>"
            html += "<td>\(HTMLText.escape(names))</td></tr>\n"
        }
        if files.count > 500 { html += "<tr><td colspan=\"3\">and \(files.count - 500) more</td></tr>\n" }
        html += "</tbody></table></div>\n</section>\n"
    }
}
