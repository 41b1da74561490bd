import Testing

@testable import lckmigrate_eval

@Suite struct ConfidenceReportTests {
    func app(_ labels: [(String, Int, String)]) -> LabeledApp {
        LabeledApp(
            repo: "o/app",
            labels: labels.map {
                AntiPatternLabel(
                    repo: "o/app", commit: String(repeating: "a", count: 40), path: $0.0, line: $0.1, rule: $0.2,
                    certainty: .certain, note: "")
            }, reviewedFiles: nil)
    }

    /// Two certain labels; three findings: one right at high, one right at medium, one wrong at low.
    var set: EvaluationSet {
        let labeled = app([("A.swift", 10, "empty_reset"), ("B.swift", 20, "empty_reset")])
        let findings = [
            AntiPatternFinding(path: "A.swift", line: 10, rule: "empty_reset", confidence: "high"),
            AntiPatternFinding(path: "B.swift", line: 21, rule: "empty_reset", confidence: "medium"),
            AntiPatternFinding(path: "C.swift", line: 5, rule: "empty_reset", confidence: "low"),
        ]
        return EvaluationSet(name: "tune", apps: [(labeled, findings)])
    }

    @Test func eachCutCountsOnlyTheFindingsItAdmits() {
        let all = set.byRule(.all)["empty_reset"]
        let medium = set.byRule(.mediumOrHigher)["empty_reset"]
        let high = set.byRule(.high)["empty_reset"]
        #expect(all?.judgedFindings == 3 && all?.correctFindings == 2 && all?.recalledCertain == 2)
        #expect(medium?.judgedFindings == 2 && medium?.correctFindings == 2 && medium?.recalledCertain == 2)
        #expect(high?.judgedFindings == 1 && high?.recalledCertain == 1 && high?.certainLabels == 2)
    }

    @Test func weakRulesNeedFiveFindingsAndPrecisionBelowEightyPercent() {
        let weak = ScoreCounts(certainLabels: 5, recalledCertain: 5, judgedFindings: 5, correctFindings: 3)
        let few = ScoreCounts(certainLabels: 4, recalledCertain: 1, judgedFindings: 4, correctFindings: 0)
        let atThreshold = ScoreCounts(certainLabels: 5, recalledCertain: 4, judgedFindings: 5, correctFindings: 4)
        #expect(
            ConfidenceReport.weakRules(["a": weak, "b": few, "c": atThreshold]) == ["a"])
    }

    @Test func theReportPoolsSetsPerCut() {
        let text = ConfidenceReport.render([set, set])
        #expect(text.contains("tune high"))
        let pooledHigh = text.split(separator: "\n").first { $0.hasPrefix("pooled high") }
        #expect(pooledHigh?.contains(" 4     2 0.50 ") == true)
        #expect(text.contains("rule, pooled, high\nempty_reset "))
        // Pooled, all findings: 6 judged, 4 correct (0.67), so the rule is named.
        #expect(text.contains("below precision 0.80: empty_reset\n"))
    }
}
