import LCKCore
import LCKMigrationModel

/// The migration report as a GitHub pull-request comment: summary, the plan as a task list,
/// usages per area, the mapping table, progress since an earlier scan and the files.
///
/// The text stays within `characterLimit` UTF-8 bytes (an upper bound of GitHub's character
/// count). Sections come in order of importance; a list or table that does not fit keeps whole
/// rows only and says how many were left out.
public struct MarkdownMigrationReport: Sendable {
    public var characterLimit: Int
    public var cellLimit: Int

    public init(characterLimit: Int = 60_000, cellLimit: Int = 160) {
        self.characterLimit = characterLimit
        self.cellLimit = cellLimit
    }

    public func render(_ report: MigrationReport) -> [UInt8] {
        let footer =
            "\n<sub>\(ToolInfo.name) \(MarkdownText.escape(report.toolVersion)) · rules \(MarkdownText.escape(String(report.rulesFingerprint.prefix(12))))</sub>\n"
        var page = MarkdownPage(limit: characterLimit - footer.utf8.count, reserve: 100, cutNote: .migration)
        let done = report.steps.count(where: { $0.state == .done })
        page.block("## CallKit → LiveCommunicationKit migration: \(done) of \(report.steps.count) plan steps done")
        page.block(
            "Scanned \(plural(report.filesScanned, "file")) (\(plural(report.linesScanned, "line"))); \(report.filesWithCallKit) use CallKit/PushKit "
                + "with \(plural(report.usageCount, "usage")). Findings: \(plural(report.errorCount, "error")), "
                + "\(plural(report.warningCount, "warning")), \(plural(report.noteCount, "note"))\(report.suppressedCount > 0 ? " (\(report.suppressedCount) suppressed, not counted)" : ""). "
                + "Estimated effort: **\(report.effortPoints) points** (\(MarkdownText.escape(report.effortBand)))"
                + (report.stepEffort > 0 ? ", \(report.stepEffort) of them for running both stacks." : "."))
        if let roles = report.roleSentence { page.block(roles) }
        deploymentTargets(report, into: &page)
        var availability =
            "> LiveCommunicationKit needs iOS 17.4 or later; keep CallKit behind a flag for older systems."
        if report.iOS26Usages > 0 { availability += " \(report.iOS26Usages) usages map to API that needs iOS 26." }
        page.block(availability)

        page.block("### Plan")
        page.rows(
            header: nil, report.steps.enumerated().map { number, status in planItem(number + 1, status, report) },
            noun: "step")
        if let sections = report.targetSections { targetPlan(sections, report, into: &page) }

        page.block("### Usages per area")
        page.rows(
            header: "| Area | Usages | Must change | Effort |\n| --- | ---: | ---: | ---: |",
            report.areas.map { "| \(cell($0.title)) | \($0.usages) | \($0.pending) | \($0.effort) |" }, noun: "area")

        if !report.mappingRows.isEmpty {
            page.block("### Mapping table")
            page.rows(
                header: "| CallKit | LiveCommunicationKit | Kind | Count | Files |\n| --- | --- | --- | ---: | --- |",
                report.mappingRows.map { row in
                    let symbol = row.hasNoEquivalent ? "⚠️ **\(cell(row.symbol))**" : cell(row.symbol)
                    let files =
                        row.files.prefix(3).map(cell).joined(separator: "<br>")
                        + (row.files.count > 3 ? " +\(row.files.count - 3)" : "")
                    return
                        "| \(symbol) | \(cell(row.replacement)) | \(row.mappingKind?.rawValue ?? "") | \(row.count) | \(files) |"
                }, noun: "symbol")
        }

        if let comparison = report.comparison {
            page.block("### Since the earlier scan: \(comparison.migrated) migrated, \(comparison.added) added")
            page.rows(
                header: "| Area | Before | Now | Migrated | Added |\n| --- | ---: | ---: | ---: | ---: |",
                comparison.areas.map {
                    "| \(cell($0.title)) | \($0.before) | \($0.now) | \($0.migrated) | \($0.added) |"
                }, noun: "area")
        }

        if !report.files.isEmpty {
            page.block("### Files")
            page.rows(
                header: "| File | Usages | Anti-pattern findings |\n| --- | ---: | ---: |",
                report.files.map {
                    let role = $0.role == .app ? "" : " (\($0.role.rawValue))"
                    return "| \(cell($0.path))\(role) | \($0.usages) | \($0.findings) |"
                }, noun: "file")
            let antiPatterns = report.entries.filter { !$0.isUsage }
            if !antiPatterns.isEmpty {
                page.block("### Anti-pattern findings")
                page.rows(
                    header: "| Severity | Location | Rule | Message |\n| --- | --- | --- | --- |",
                    antiPatterns.map { entry in
                        let finding = entry.finding
                        return "| \(finding.severity.rawValue) | \(cell("\(finding.path):\(finding.start.line)")) | "
                            + "\(cell(finding.ruleID)) | \(cell(finding.message)) |"
                    }, noun: "finding")
            }
        }
        notAnalyzed(report, into: &page)
        if !report.problems.isEmpty {
            page.block("### Files not scanned")
            page.rows(header: nil, report.problems.map { "- \(cell($0.path)): \(cell($0.message))" }, noun: "file")
        }
        return Array((page.text + footer).utf8)
    }

    func planItem(_ number: Int, _ status: MigrationReport.StepStatus, _ report: MigrationReport) -> String {
        let box = status.state == .done ? "- [x]" : "- [ ]"
        var item = "\(box) **\(number). \(MarkdownText.escape(status.step.title))**"
        switch status.state {
        case .done: item += " — done"
        case .mayBeNeeded: item += " — may be needed: deployment target unknown"
        case .toDo: item += " — to do: \(status.pendingUsages) usage\(status.pendingUsages == 1 ? "" : "s") to migrate"
        case .blocked(let count):
            item += " — blocked by \(count) finding\(count == 1 ? "" : "s"): "
            item += status.blockingEntries.prefix(5).map { index in
                let finding = report.entries[index].finding
                return "`\(finding.ruleID)` \(cell("\(finding.path):\(finding.start.line)"))"
            }.joined(separator: ", ")
            if status.blockingEntries.count > 5 { item += " and \(status.blockingEntries.count - 5) more" }
        }
        if !status.files.isEmpty {
            item += " (\(status.files.count) file\(status.files.count == 1 ? "" : "s"))"
        }
        return item
    }

    /// Escaped, one line, at most `cellLimit` characters.
    func cell(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in VisibleText.escaped(text).unicodeScalars {
            if scalars.count >= cellLimit {
                scalars.append("…")
                break
            }
            scalars.append(scalar)
        }
        return MarkdownText.escape(String(scalars))
    }
}
