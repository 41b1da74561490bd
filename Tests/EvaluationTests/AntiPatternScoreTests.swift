import Testing

@testable import lckmigrate_eval

@Suite struct AntiPatternScoreTests {
    func label(
        _ path: String, _ line: Int, _ rule: String, _ certainty: AntiPatternLabel.Certainty = .certain
    )
        -> AntiPatternLabel
    {
        AntiPatternLabel(
            repo: "o/app", commit: String(repeating: "a", count: 40), path: path, line: line, rule: rule,
            certainty: certainty, note: "")
    }

    @Test func aFindingMatchesALabelOfTheSameRuleAtMostThreeLinesAway() {
        let anchor = label("A.swift", 20, "unresolved_action")
        #expect(
            AntiPatternScorer.matches(anchor, AntiPatternFinding(path: "A.swift", line: 23, rule: "unresolved_action")))
        #expect(
            AntiPatternScorer.matches(anchor, AntiPatternFinding(path: "A.swift", line: 17, rule: "unresolved_action")))
        #expect(
            !AntiPatternScorer.matches(anchor, AntiPatternFinding(path: "A.swift", line: 24, rule: "unresolved_action"))
        )
        #expect(
            !AntiPatternScorer.matches(anchor, AntiPatternFinding(path: "B.swift", line: 20, rule: "unresolved_action"))
        )
        #expect(!AntiPatternScorer.matches(anchor, AntiPatternFinding(path: "A.swift", line: 20, rule: "empty_reset")))
    }

    @Test func missingActionHandlerMatchesAnywhereInTheSameFile() {
        let anchor = label("A.swift", 5, "missing_action_handler")
        #expect(
            AntiPatternScorer.matches(
                anchor, AntiPatternFinding(path: "A.swift", line: 90, rule: "missing_action_handler")))
        #expect(
            !AntiPatternScorer.matches(
                anchor, AntiPatternFinding(path: "B.swift", line: 5, rule: "missing_action_handler")))
    }

    @Test func recallCountsCertainLabelsAndPrecisionAcceptsLikelyOnes() {
        let app = LabeledApp(
            repo: "o/app",
            labels: [
                label("A.swift", 10, "empty_reset"), label("A.swift", 40, "empty_reset"),
                label("A.swift", 70, "empty_reset", .likely),
            ],
            reviewedFiles: ["A.swift"])
        let findings = [
            AntiPatternFinding(path: "A.swift", line: 11, rule: "empty_reset"),
            AntiPatternFinding(path: "A.swift", line: 70, rule: "empty_reset"),
            AntiPatternFinding(path: "A.swift", line: 100, rule: "empty_reset"),
        ]
        let result = AntiPatternScorer.score(app, findings: findings)
        #expect(
            result.total
                == ScoreCounts(
                    certainLabels: 2, recalledCertain: 1, judgedFindings: 3, correctFindings: 2, unjudgedFindings: 0))
        #expect(result.missed.map(\.line) == [40])
        #expect(result.falseAlarms.map(\.line) == [100])
    }

    @Test func findingsInUnreviewedFilesAndOfUnlabeledRulesAreNotJudged() {
        let app = LabeledApp(repo: "o/app", labels: [], reviewedFiles: ["A.swift"])
        let findings = [
            AntiPatternFinding(path: "Other.swift", line: 1, rule: "empty_reset"),
            AntiPatternFinding(path: "A.swift", line: 1, rule: "unnormalized_handle"),
        ]
        let result = AntiPatternScorer.score(app, findings: findings)
        #expect(result.total.unjudgedFindings == 1)
        #expect(result.total.judgedFindings == 0)
        #expect(result.falseAlarms.isEmpty)
    }

    @Test func aMalformedLabelRowNamesItsFileAndLine() {
        let text =
            "repo\tcommit\tpath\tline\trule\tcertainty\tnote\no/app\tabc\tA.swift\tten\tempty_reset\tcertain\tx\n"
        #expect {
            try LabelFolder.parseLabels(text, file: "o+app.tsv")
        } throws: { error in
            "\(error)".hasPrefix("o+app.tsv:2: expected repo commit path line rule certainty note")
        }
    }

    @Test func tablesPrintPerRuleFiguresOnlyForRulesWithFiveCertainLabels() {
        let labels =
            (1...5).map { label("A.swift", $0 * 10, "empty_reset") } + [label("A.swift", 200, "unresolved_action")]
        let app = LabeledApp(repo: "o/app", labels: labels, reviewedFiles: nil)
        let result = AntiPatternScorer.score(
            app, findings: [AntiPatternFinding(path: "A.swift", line: 10, rule: "empty_reset")])
        let table = ScoreTable.render([("o/app", result)], details: false)
        #expect(table.contains("\nempty_reset "))
        #expect(!table.contains("\nunresolved_action "))
        #expect(table.contains("fewer than 5 certain labels: unresolved_action (1 certain, 0 findings)"))
    }
}
