import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKRules
import Testing

@Suite struct MigrationReportTests {
    let report = MigrationFixture.report

    @Test func countsLeaveOutSuppressedFindings() {
        // 10 findings, 1 suppressed: 7 usages + 2 anti-patterns.
        #expect(report.suppressedCount == 1)
        #expect(report.usageCount == 7)
        #expect(report.findingCount == 9)
        #expect(report.errorCount == 1)  // unreported_voip_push
        // Usages are notes (Rules/README.md, severity policy); the warning is transient_handle, an anti-pattern.
        #expect(report.noteCount == 7)
        #expect(report.warningCount == 1)
    }

    @Test func effortIsTheSumOfRuleWeights() throws {
        let ids = [
            "cxprovider", "cxendcallaction_init", "provider_did_reset", "cxcallobserver", "cxaction_fulfill",
            "cxprovider_report_new_incoming_call", "cxhandle_init",
        ]
        var expected = 0
        for id in ids { expected += try #require(MigrationFixture.rules.mapping(id: id)).effort }
        // cxprovider 5 + end init 1 + did reset 2 + observer 2 + fulfill 1 + report incoming 3 + handle init 2.
        #expect(expected == 16)
        #expect(report.effortPoints == 16)
        #expect(report.effortBand == "small: a few days")
    }

    @Test func areasFollowThePlanOrder() {
        #expect(
            report.areas.map(\.id) == [
                "provider", "incoming", "outgoing", "actions", "audio", "handles", "group", "directory", "observer",
            ])
        let provider = report.areas[0]
        // cxprovider, provider_did_reset (area provider); both are warnings. cxcallobserver has its own area.
        #expect(provider.usages == 2 && provider.pending == 2)
        #expect(report.areas.last.map { [$0.id, $0.title] } == ["observer", "Call observation"])
        #expect(report.areas.last?.usages == 1)
        let actions = report.areas[3]
        #expect(actions.usages == 2 && actions.pending == 1)  // end init (warning), fulfill (note)
    }

    @Test func mappingRowsFlagNoEquivalent() throws {
        let observer = try #require(report.mappingRows.first { $0.ruleID == "cxcallobserver" })
        #expect(observer.hasNoEquivalent)
        #expect(observer.files == [MigrationFixture.provider])
        #expect(report.mappingRows.filter(\.hasNoEquivalent).count == 1)
        // Area order first, then count, then id; the observer area comes last.
        #expect(report.mappingRows.prefix(2).map(\.ruleID) == ["cxprovider", "provider_did_reset"])
        #expect(report.mappingRows.last?.ruleID == "cxcallobserver")
    }

    @Test func stepStatusesComeFromFindings() throws {
        func state(_ id: String) throws -> MigrationReport.StepState {
            try #require(report.steps.first { $0.step.id == id }).state
        }
        #expect(try state("pushkit_incoming") == .blocked(1))
        #expect(try state("stable_handles") == .blocked(1))
        // empty_reset is suppressed, so step 1 is only "to do" (cxprovider, provider_did_reset).
        #expect(try state("own_manager") == .toDo)
        #expect(try state("action_state_machine") == .toDo)
        #expect(try state("outgoing_start") == .done)
        #expect(try state("audio_activation") == .done)
        #expect(try state("feature_flag") == .toDo)
        let push = try #require(report.steps.first { $0.step.id == "pushkit_incoming" })
        #expect(push.files == [MigrationFixture.push])
        let blocking = try #require(push.blockingEntries.first)
        #expect(report.entries[blocking].finding.ruleID == "unreported_voip_push")
        #expect(report.anchor(ofEntry: blocking) == "finding-\(blocking)")
    }

    @Test func renameSuggestionReplaysTheExample() throws {
        let entry = try #require(report.entries.first { $0.finding.ruleID == "cxendcallaction_init" })
        #expect(report.suggestion(for: entry) == "        let end = EndConversationAction(conversationUUID: call.uuid)")
        let reshape = try #require(report.entries.first { $0.finding.ruleID == "cxhandle_init" })
        #expect(report.suggestion(for: reshape) == nil)
    }

    @Test func perFileCapCountsTheRest() {
        let findings = (1...30).map { MigrationFixture.finding("cxprovider", "A.swift", line: $0) }
        let scan = ScanReport(findings: findings, rules: [], filesScanned: 1)
        let capped = MigrationReport(
            scan: scan, rules: MigrationFixture.rules, limits: .init(findingsPerFile: 4, listedFindings: 100))
        #expect(capped.files.count == 1)
        #expect(capped.files[0].listedCount == 4)
        #expect(capped.entries.filter(\.isListed).count == 4)
        #expect(capped.anchor(ofEntry: 10) == "file-0")
        #expect(capped.neededLines["A.swift"] == [1, 2, 3, 4])
    }

    @Test func fixFirstListsErrorsThenWarningsThenNotesByFileAndLine() {
        let findings = [
            MigrationFixture.finding("transient_handle", "A.swift", line: 1, severity: .warning),
            MigrationFixture.finding("unreported_voip_push", "B.swift", line: 9, severity: .error),
            MigrationFixture.finding("cxprovider", "A.swift", line: 2),
            MigrationFixture.finding("unresolved_action", "A.swift", line: 5, severity: .error),
            MigrationFixture.finding("empty_reset", "A.swift", line: 3, severity: .note),
        ]
        let scan = ScanReport(findings: findings, rules: [], filesScanned: 2)
        let report = MigrationReport(scan: scan, rules: MigrationFixture.rules, limits: .init(fixFirst: 3))
        #expect(report.antiPatternCount == 4)
        let listed = report.fixFirst.map {
            "\(report.entries[$0].finding.path):\(report.entries[$0].finding.start.line)"
        }
        #expect(listed == ["A.swift:5", "B.swift:9", "A.swift:1"])
        #expect(report.findingsByRule.first { $0.ruleID == "empty_reset" }?.severity == .note)
        #expect(report.findingsByRule.first { $0.ruleID == "unresolved_action" }?.severity == .error)
    }

    /// Two findings on one line (the hostile file's handle) share one excerpt.
    @Test func findingsOnOneLineShareOneExcerpt() throws {
        let hostile = try #require(report.files.first { $0.path == MigrationFixture.hostile })
        #expect(hostile.lineGroups.count == 1)
        let group = try #require(hostile.lineGroups.first)
        #expect(group.line == 2 && group.entries.count == 2)
        #expect(report.sourceLines(of: group).map(\.number) == [2])
        let provider = try #require(report.files.first { $0.path == MigrationFixture.provider })
        #expect(provider.lineGroups.map(\.line) == [3, 9, 10, 12, 20])
    }

    @Test func effortComesWithADeveloperTimeBand() {
        #expect(report.effortTime == "about 1 developer-day")
    }
}
