import LCKCore
import LCKMigrationModel

/// The parts of the Markdown report that come from the project rather than the findings: deployment
/// targets, the plan per target (`--by target`) and the Objective-C files not analyzed.
extension MarkdownMigrationReport {
    /// Each target's deployment target, or one "unknown" line when no settings file names a target.
    func deploymentTargets(_ report: MigrationReport, into page: inout MarkdownPage) {
        guard !report.project.targets.isEmpty else {
            page.block("Deployment target: unknown (no project settings found).")
            return
        }
        page.rows(
            header: "Deployment targets:",
            report.project.targets.map { target in
                "- \(cell(target.name)): \(MigrationReport.describe(target.deploymentTarget)) (\(cell(target.source)))"
            }, noun: "target")
    }

    /// One table row per target, then each target's open steps and files.
    func targetPlan(
        _ sections: [MigrationReport.TargetSection], _ report: MigrationReport, into page: inout MarkdownPage
    ) {
        page.block("### Plan by target")
        page.rows(
            header: "| Target | Deployment target | Files | Usages | Anti-pattern findings | Effort |\n"
                + "| --- | --- | ---: | ---: | ---: | ---: |",
            sections.map {
                "| \(cell($0.name)) | \(MigrationReport.describe($0.deploymentTarget)) | \($0.files.count) | "
                    + "\($0.usages) | \($0.findings) | \($0.effort) |"
            }, noun: "target")
        for section in sections {
            page.block("#### \(cell(section.name))")
            let open = section.steps.enumerated().filter { $0.element.state != .done }
            page.rows(
                header: open.isEmpty ? "Every plan step is done." : nil,
                open.map { planItem($0.offset + 1, $0.element, report) }, noun: "step")
            page.rows(
                header: "Files:", section.files.map { "- \(cell(report.files[$0].path))" }, noun: "file")
        }
    }

    /// Objective-C files naming CallKit or PushKit types: listed so the inventory is never silently short.
    func notAnalyzed(_ report: MigrationReport, into page: inout MarkdownPage) {
        let files = report.project.notAnalyzed
        guard !files.isEmpty else { return }
        page.block(
            "### Not analyzed: \(files.count) Objective-C file\(files.count == 1 ? "" : "s") naming CallKit or PushKit")
        page.block("lckmigrate reads Swift only; these files are not in the counts above. Migrate them by hand.")
        page.rows(
            header: "| File | Mentions | Names |\n| --- | ---: | --- |",
            files.map { file in
                let names = file.symbols.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
                return "| \(cell(file.path)) | \(file.mentions) | \(cell(names)) |"
            }, noun: "file")
    }
}
