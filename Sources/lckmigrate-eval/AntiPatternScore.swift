import Foundation

/// An anti-pattern finding of one app's `scan --format json` (findings with no `mappingKind`).
struct AntiPatternFinding: Equatable {
    var path: String
    var line: Int
    var rule: String
    /// `low`, `medium` or `high`, as the scan's JSON gives it; nil when absent.
    var confidence: String? = nil
}

/// Counts behind precision and recall, for one app, one rule or the whole set.
struct ScoreCounts: Equatable {
    var certainLabels = 0
    var recalledCertain = 0
    var judgedFindings = 0
    var correctFindings = 0
    var unjudgedFindings = 0

    static func + (lhs: ScoreCounts, rhs: ScoreCounts) -> ScoreCounts {
        ScoreCounts(
            certainLabels: lhs.certainLabels + rhs.certainLabels,
            recalledCertain: lhs.recalledCertain + rhs.recalledCertain,
            judgedFindings: lhs.judgedFindings + rhs.judgedFindings,
            correctFindings: lhs.correctFindings + rhs.correctFindings,
            unjudgedFindings: lhs.unjudgedFindings + rhs.unjudgedFindings)
    }
}

/// Scores one app's findings against its labels, per the matching rule of the anti-pattern definitions: same
/// path and rule, anchor lines at most 3 apart (`missing_action_handler`: anywhere in the same file). Recall is
/// over `certain` labels; a finding is correct when it matches a `certain` or `likely` label. Findings of rules
/// that the definitions do not label (e.g. `unnormalized_handle`) are not scored.
enum AntiPatternScorer {
    /// The twelve rules of `anti-pattern-definitions.md`.
    static let labeledRules: Set<String> = [
        "transient_handle", "unresolved_action", "premature_fulfill", "unreported_voip_push",
        "regenerated_incoming_uuid", "audio_outside_activation", "unretained_delegate", "multiple_providers",
        "swallowed_report_error", "missing_action_handler", "empty_reset", "push_completion_not_called",
    ]
    static let lineTolerance = 3

    static func matches(_ label: AntiPatternLabel, _ finding: AntiPatternFinding) -> Bool {
        guard label.path == finding.path, label.rule == finding.rule else { return false }
        return label.rule == "missing_action_handler" || abs(label.line - finding.line) <= lineTolerance
    }

    struct AppResult {
        var byRule: [String: ScoreCounts]
        var missed: [AntiPatternLabel]
        var falseAlarms: [AntiPatternFinding]
        var total: ScoreCounts { byRule.values.reduce(ScoreCounts(), +) }
    }

    static func score(_ app: LabeledApp, findings: [AntiPatternFinding]) -> AppResult {
        var byRule: [String: ScoreCounts] = [:]
        var missed: [AntiPatternLabel] = []
        var falseAlarms: [AntiPatternFinding] = []
        let scored = findings.filter { labeledRules.contains($0.rule) }
        for label in app.labels where label.certainty == .certain {
            byRule[label.rule, default: ScoreCounts()].certainLabels += 1
            if scored.contains(where: { matches(label, $0) }) {
                byRule[label.rule, default: ScoreCounts()].recalledCertain += 1
            } else {
                missed.append(label)
            }
        }
        for finding in scored {
            guard app.isReviewed(finding.path) else {
                byRule[finding.rule, default: ScoreCounts()].unjudgedFindings += 1
                continue
            }
            byRule[finding.rule, default: ScoreCounts()].judgedFindings += 1
            if app.labels.contains(where: { matches($0, finding) }) {
                byRule[finding.rule, default: ScoreCounts()].correctFindings += 1
            } else {
                falseAlarms.append(finding)
            }
        }
        return AppResult(byRule: byRule, missed: missed, falseAlarms: falseAlarms)
    }
}

func readAntiPatternFindings(_ path: String) throws -> [AntiPatternFinding] {
    guard let data = FileManager.default.contents(atPath: path),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let findings = root["findings"] as? [[String: Any]]
    else { throw EvalError.input("\(path): not a `lckmigrate scan --format json` report") }
    return findings.compactMap { finding in
        guard !(finding["mappingKind"] is String), let path = finding["path"] as? String,
            let line = finding["line"] as? Int, let rule = finding["ruleId"] as? String
        else { return nil }
        return AntiPatternFinding(
            path: LabelFolder.normalized(path), line: line, rule: rule, confidence: finding["confidence"] as? String)
    }
}

/// Rules need this many certain labels before their own precision and recall are printed.
let minimumLabelsPerRule = 5

func runAntiPatternScore(_ arguments: [String]) throws {
    if arguments.contains("--set") {
        print(ConfidenceReport.render(try ConfidenceReport.readSets(arguments)), terminator: "")
        return
    }
    let options = try parseOptions(arguments, flags: ["details"])
    guard let labelFolder = options["labels"], let findingsFolder = options["findings"] else {
        throw EvalError.usage("antipatterns needs --labels DIR and --findings DIR")
    }
    let apps = try LabelFolder.read(labelFolder)
    var results: [(String, AntiPatternScorer.AppResult)] = []
    for app in apps {
        let file = findingsFolder + "/" + app.repo.replacingOccurrences(of: "/", with: "+") + ".json"
        results.append((app.repo, AntiPatternScorer.score(app, findings: try readAntiPatternFindings(file))))
    }
    print(ScoreTable.render(results, details: options["details"] != nil), terminator: "")
}

/// Plain-text tables of a scoring run: per app, per rule, overall.
enum ScoreTable {
    static func render(_ results: [(String, AntiPatternScorer.AppResult)], details: Bool) -> String {
        var out =
            "app                                                certain found recall  findings correct precision  unjudged\n"
        var byRule: [String: ScoreCounts] = [:]
        for (repo, result) in results {
            out += row(repo, result.total, width: 50)
            for (rule, counts) in result.byRule {
                byRule[rule, default: ScoreCounts()] = byRule[rule, default: ScoreCounts()] + counts
            }
        }
        let total = byRule.values.reduce(ScoreCounts(), +)
        out += row("all \(results.count) apps", total, width: 50)
        out +=
            "\nrule                                               certain found recall  findings correct precision  unjudged\n"
        var few: [String] = []
        for (rule, counts) in byRule.sorted(by: { $0.key < $1.key }) {
            if counts.certainLabels >= minimumLabelsPerRule {
                out += row(rule, counts, width: 50)
            } else {
                few.append("\(rule) (\(counts.certainLabels) certain, \(counts.judgedFindings) findings)")
            }
        }
        if !few.isEmpty {
            out += "fewer than \(minimumLabelsPerRule) certain labels: " + few.joined(separator: ", ") + "\n"
        }
        if details {
            for (repo, result) in results {
                for label in result.missed { out += "missed       \(repo) \(label.path):\(label.line) \(label.rule)\n" }
                for finding in result.falseAlarms {
                    out += "false alarm  \(repo) \(finding.path):\(finding.line) \(finding.rule)\n"
                }
            }
        }
        return out
    }

    static func row(_ name: String, _ counts: ScoreCounts, width: Int) -> String {
        let padded = name.count >= width ? name + " " : name.padding(toLength: width, withPad: " ", startingAt: 0) + " "
        return padded
            + String(
                format: "%7d %5d %6@  %8d %7d %9@  %8d\n", counts.certainLabels, counts.recalledCertain,
                ratio(counts.recalledCertain, counts.certainLabels) as NSString, counts.judgedFindings,
                counts.correctFindings, ratio(counts.correctFindings, counts.judgedFindings) as NSString,
                counts.unjudgedFindings)
    }

    static func ratio(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "n/a" : String(format: "%.2f", Double(part) / Double(whole))
    }
}
