import Foundation
import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKRules
import LCKTestSupport
import Testing

@Suite struct MigrationPlanTests {
    @Test func builtinPlanIsTheChecklistWithTheConditionalTwoStackStep() {
        let plan = MigrationPlan.builtin
        #expect(
            plan.steps.map(\.id) == [
                "own_manager", "stable_handles", "pushkit_incoming", "outgoing_start", "action_state_machine",
                "audio_activation", "members_updates", "recents", "redial", "two_stack", "feature_flag",
            ])
        #expect(plan.steps.allSatisfy { !$0.title.isEmpty && !$0.description.isEmpty })
        let twoStack = plan.steps.filter { $0.condition != nil }
        #expect(twoStack.map(\.id) == ["two_stack"])
        #expect(twoStack.first?.condition == .deploymentTargetBelow(OSVersion(17, 4)))
        #expect(twoStack.first?.effort == 40)
        #expect(twoStack.first?.description.contains("#available(iOS 17.4, *)") == true)
    }

    @Test func everyReferenceNamesARealAreaRuleOrAnalyzer() {
        let plan = MigrationPlan.builtin
        let table = MigrationFixture.rules
        let areaIDs = Set(MigrationArea.allCases.map(\.rawValue))
        #expect(Set(plan.areas.map(\.id)) == areaIDs)
        for step in plan.steps {
            for area in step.areas { #expect(areaIDs.contains(area), "step \(step.id): unknown area \(area)") }
            for rule in step.rules {
                #expect(table.mapping(id: rule) != nil, "step \(step.id): unknown mapping \(rule)")
            }
            for analyzer in step.analyzers {
                #expect(table.analyzer(id: analyzer) != nil, "step \(step.id): unknown analyzer \(analyzer)")
            }
        }
        // Every anti-pattern analyzer blocks some step (the meta rule about suppressions does not).
        let used = Set(plan.steps.flatMap(\.analyzers))
        for analyzer in table.analyzers where analyzer.kind == .analyzer {
            #expect(used.contains(analyzer.id), "analyzer \(analyzer.id) is in no plan step")
        }
    }

    @Test func effortBandsPickTheFirstBoundAbove() {
        let plan = MigrationPlan.builtin
        #expect(plan.effortBand(for: 0) == "small: a few days")
        #expect(plan.effortBand(for: 100) == "small: a few days")
        #expect(plan.effortBand(for: 101) == "medium: one to three weeks")
        #expect(plan.effortBand(for: 1_500) == "large: one to two months")
        #expect(plan.effortBand(for: 100_000) == "very large: plan it as a project")
    }

    /// `effortTimes` in Rules/plan.json: increasing bounds, open-ended last band, about 37 points a day.
    @Test func effortTimesTurnPointsIntoDeveloperTime() {
        let plan = MigrationPlan.builtin
        #expect(plan.effortTime(for: 0) == "about 1 developer-day")
        #expect(plan.effortTime(for: 600) == "about 2–4 developer-weeks")
        #expect(plan.effortTime(for: 1_767) == "about 2–3 developer-months")
        #expect(plan.effortTime(for: 100_000) == "more than 6 developer-months")
        let bounds = plan.effortTimes.compactMap(\.upTo)
        #expect(bounds == bounds.sorted() && Set(bounds).count == bounds.count)
        #expect(plan.effortTimes.last?.upTo == nil && bounds.count == plan.effortTimes.count - 1)
        let planWithout = try? MigrationPlan(json: Array(#"{"areas": [], "effortBands": [], "steps": []}"#.utf8))
        #expect(planWithout?.effortTime(for: 10) == "")
        #expect(throws: MigrationPlanError.self) {
            try MigrationPlan(
                json: Array(#"{"areas": [], "effortBands": [], "effortTimes": [{"upTo": 1}], "steps": []}"#.utf8))
        }
    }

    @Test func malformedPlansAreRejectedWithAReason() {
        #expect(throws: MigrationPlanError.self) { try MigrationPlan(json: Array("{".utf8)) }
        #expect(throws: MigrationPlanError.self) { try MigrationPlan(json: Array(#"{"areas": [], "steps": []}"#.utf8)) }
        let duplicate =
            #"{"areas": [], "effortBands": [], "steps": [{"id": "a", "title": "t", "description": "d", "areas": [], "rules": [], "analyzers": []}, {"id": "a", "title": "t", "description": "d", "areas": [], "rules": [], "analyzers": []}]}"#
        do {
            _ = try MigrationPlan(json: Array(duplicate.utf8))
            Issue.record("a duplicate step id was accepted")
        } catch {
            #expect(error.message.contains("appears twice"))
        }
        let step = #"{"id": "a", "title": "t", "description": "d", "areas": [], "rules": [], "analyzers": [], "#
        for (extra, words) in [
            (#""when": {"deploymentTargetBelow": "soon"}}"#, "must be {\"deploymentTargetBelow\""),
            (#""when": {"other": "17.4"}}"#, "must be {\"deploymentTargetBelow\""),
            (#""effort": -1}"#, "effort of 'a' must be a whole number"),
        ] {
            let json = #"{"areas": [], "effortBands": [], "steps": ["# + step + extra + "]}"
            do {
                _ = try MigrationPlan(json: Array(json.utf8))
                Issue.record("accepted \(extra)")
            } catch {
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
    }

}

/// The embedded copy must be what `lckmigrate-generate` makes of Rules/plan.json now.
@Suite struct MigrationPlanEmbedding {
    @Test func matchesRulesPlanJSON() throws {
        let text = try String(contentsOfFile: PackageRoot.path + "/" + MigrationPlanSource.planPath, encoding: .utf8)
        let staleness = GeneratedSource.staleness(
            of: MigrationPlanSource.generatedPath, expected: MigrationPlanSource.render(text))
        #expect(staleness == nil, "\(staleness ?? "")")
        #expect(try MigrationPlan(json: Array(text.utf8)) == MigrationPlan.builtin)
    }
}
