import Foundation

struct LineKey: Hashable, Comparable {
    var path: String
    var line: Int
    static func < (lhs: LineKey, rhs: LineKey) -> Bool { (lhs.path, lhs.line) < (rhs.path, rhs.line) }
}

struct OracleUsage {
    var key: LineKey
    var symbol: String
    var context: String
}

struct OurFinding {
    var key: LineKey
    var ruleID: String
}

func readLines(_ path: String) throws -> [Substring] {
    guard let data = FileManager.default.contents(atPath: path) else { throw EvalError.input("cannot read \(path)") }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
}

func readOracle(_ path: String) throws -> [OracleUsage] {
    try readLines(path).compactMap { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard columns.count >= 5, let number = Int(columns[1]) else { return nil }
        let context = columns[4].split(separator: " ").first.map(String.init) ?? ""
        return OracleUsage(
            key: LineKey(path: String(columns[0]), line: number), symbol: String(columns[3]), context: context)
    }
}

func readKeys(_ path: String?) throws -> [LineKey: [String]] {
    guard let path else { return [:] }
    var keys: [LineKey: [String]] = [:]
    for line in try readLines(path) where !line.hasPrefix("#") {
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 2, let number = Int(columns[1]) else { continue }
        keys[LineKey(path: columns[0], line: number), default: []].append(columns.count > 2 ? columns[2] : "")
    }
    return keys
}

func readFindings(_ path: String) throws -> [OurFinding] {
    guard let data = FileManager.default.contents(atPath: path),
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let findings = root["findings"] as? [[String: Any]]
    else { throw EvalError.input("\(path): not a `lckmigrate scan --format json` report") }
    return findings.compactMap { finding in
        // Mapping findings only: anti-pattern findings carry no mappingKind.
        guard finding["mappingKind"] is String, let path = finding["path"] as? String,
            let line = finding["line"] as? Int,
            let rule = finding["ruleId"] as? String
        else { return nil }
        return OurFinding(key: LineKey(path: path, line: line), ruleID: rule)
    }
}

func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "n/a" : String(format: "%.2f %%", 100.0 * Double(part) / Double(whole))
}

/// Usage recall: oracle lines with at least one mapping finding, and the mapping findings outside them.
func runUsageRecall(_ arguments: [String]) throws {
    let options = try parseOptions(arguments)
    guard let oraclePath = options["oracle"], let findingsPath = options["findings"] else {
        throw EvalError.usage("--oracle and --findings are required")
    }
    let oracle = try readOracle(oraclePath)
    let ours = try readFindings(findingsPath)
    let excluded = try readKeys(options["oracle-exclude"])
    let falsePositives = try readKeys(options["false-positives"])
    let ourLines = Set(ours.map(\.key))

    // Recall: oracle lines with at least one mapping finding of ours, per context and overall.
    var oracleLines: [LineKey: Set<String>] = [:]
    for usage in oracle { oracleLines[usage.key, default: []].insert(usage.context) }
    let counted = oracleLines.filter { excluded[$0.key] == nil }
    print("Recall (oracle lines with >= 1 mapping finding)")
    print("context            lines    hit   recall")
    for context in Set(oracle.map(\.context)).sorted() {
        let lines = counted.filter { $0.value.contains(context) }
        let hit = lines.keys.filter(ourLines.contains).count
        print(
            context.padding(toLength: 16, withPad: " ", startingAt: 0), String(format: "%7d %6d", lines.count, hit),
            percent(hit, lines.count))
    }
    let allHit = oracleLines.keys.filter(ourLines.contains).count
    let countedHit = counted.keys.filter(ourLines.contains).count
    print(
        "all oracle lines  \(String(format: "%7d %6d", oracleLines.count, allHit))  \(percent(allHit, oracleLines.count))"
    )
    if !excluded.isEmpty {
        print(
            "minus \(oracleLines.count - counted.count) reviewed non-CallKit lines: \(String(format: "%d %d", counted.count, countedHit))  \(percent(countedHit, counted.count))"
        )
    }
    let misses = counted.keys.filter { !ourLines.contains($0) }.sorted()
    for miss in misses {
        print("  missed \(miss.path):\(miss.line) \(oracleLines[miss]!.sorted().joined(separator: ","))")
    }

    // Precision: findings on lines the oracle does not list, by rule, plus reviewed false positives.
    let outside = ours.filter { oracleLines[$0.key] == nil }
    var byRule: [String: Int] = [:]
    for finding in outside { byRule[finding.ruleID, default: 0] += 1 }
    print(
        "\nMapping findings: \(ours.count) on \(ourLines.count) lines; \(outside.count) on lines the oracle does not list"
    )
    print("rule (findings outside oracle lines)")
    for (rule, count) in byRule.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
        print(String(format: "%5d  ", count) + rule)
    }
    let wrong = ours.filter { falsePositives[$0.key]?.contains($0.ruleID) == true }.count
    print("\nreviewed false positives: \(wrong); precision \(percent(ours.count - wrong, ours.count))")
}
