import Foundation

/// Which findings a figure counts: all of them, those at `medium` or `high`, or those at `high` only.
enum ConfidenceCut: String, CaseIterable {
    case all
    case mediumOrHigher = "medium+"
    case high

    func admits(_ finding: AntiPatternFinding) -> Bool {
        switch self {
        case .all: true
        case .mediumOrHigher: finding.confidence == "medium" || finding.confidence == "high"
        case .high: finding.confidence == "high"
        }
    }
}

/// One labeled set with its scans: `--set NAME=LABELS:FINDINGS`.
struct EvaluationSet {
    var name: String
    var apps: [(LabeledApp, [AntiPatternFinding])]

    /// Per rule, the set's counts with only the findings `cut` admits.
    func byRule(_ cut: ConfidenceCut) -> [String: ScoreCounts] {
        var byRule: [String: ScoreCounts] = [:]
        for (app, findings) in apps {
            let result = AntiPatternScorer.score(app, findings: findings.filter(cut.admits))
            for (rule, counts) in result.byRule { byRule[rule] = (byRule[rule] ?? ScoreCounts()) + counts }
        }
        return byRule
    }
}

/// Per set and pooled precision and recall at each confidence cut, per rule, and the weak rules.
enum ConfidenceReport {
    static let weakRuleMinimumFindings = 5
    static let weakRulePrecision = 0.80

    /// Rules with at least 5 judged findings and precision below 0.80, sorted.
    static func weakRules(_ byRule: [String: ScoreCounts]) -> [String] {
        byRule.filter { _, counts in
            counts.judgedFindings >= weakRuleMinimumFindings
                && Double(counts.correctFindings) < weakRulePrecision * Double(counts.judgedFindings)
        }.keys.sorted()
    }

    static func readSets(_ arguments: [String]) throws -> [EvaluationSet] {
        var sets: [EvaluationSet] = []
        var index = 0
        while index < arguments.count {
            guard arguments[index] == "--set", index + 1 < arguments.count else {
                throw EvalError.usage("antipatterns --set NAME=LABELS:FINDINGS [--set …]")
            }
            let spec = arguments[index + 1]
            guard let equals = spec.firstIndex(of: "="), let colon = spec[equals...].firstIndex(of: ":") else {
                throw EvalError.usage("bad --set '\(spec)', want NAME=LABELS:FINDINGS")
            }
            let findingsFolder = String(spec[spec.index(after: colon)...])
            var apps: [(LabeledApp, [AntiPatternFinding])] = []
            for app in try LabelFolder.read(String(spec[spec.index(after: equals)..<colon])) {
                let file = findingsFolder + "/" + app.repo.replacingOccurrences(of: "/", with: "+") + ".json"
                apps.append((app, try readAntiPatternFindings(file)))
            }
            sets.append(EvaluationSet(name: String(spec[..<equals]), apps: apps))
            index += 2
        }
        return sets
    }

    static func render(_ sets: [EvaluationSet]) -> String {
        var out =
            "set / cut                                          certain found recall  findings correct precision  unjudged\n"
        var pooled: [ConfidenceCut: [String: ScoreCounts]] = [:]
        for set in sets {
            for cut in ConfidenceCut.allCases {
                let byRule = set.byRule(cut)
                out += ScoreTable.row("\(set.name) \(cut.rawValue)", byRule.values.reduce(ScoreCounts(), +), width: 50)
                for (rule, counts) in byRule {
                    pooled[cut, default: [:]][rule] = (pooled[cut]?[rule] ?? ScoreCounts()) + counts
                }
            }
        }
        for cut in ConfidenceCut.allCases {
            out += ScoreTable.row(
                "pooled \(cut.rawValue)", (pooled[cut] ?? [:]).values.reduce(ScoreCounts(), +), width: 50)
        }
        for cut in ConfidenceCut.allCases {
            out += "\nrule, pooled, \(cut.rawValue)\n"
            for (rule, counts) in (pooled[cut] ?? [:]).sorted(by: { $0.key < $1.key }) {
                out += ScoreTable.row(rule, counts, width: 50)
            }
        }
        let all = pooled[.all] ?? [:]
        let weak = weakRules(all)
        out +=
            "rules with >= 5 findings below precision 0.80: " + (weak.isEmpty ? "none" : weak.joined(separator: ", "))
            + "\n"
        return out
    }
}
