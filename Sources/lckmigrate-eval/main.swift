// lckmigrate-eval: measures lckmigrate against hand-made or oracle ground truth. Measurement only; it reads
// files, prints tables and keeps no data.
//
//   lckmigrate-eval --oracle usages.tsv --findings scan.json [--oracle-exclude TSV] [--false-positives TSV]
//       Usage recall: `scan --format json` mapping findings against the swift-syntax oracle's `usages` TSV.
//       --oracle-exclude: TSV `path<TAB>line<TAB>reason` of oracle lines reviewed as not CallKit;
//       --false-positives: TSV `path<TAB>line<TAB>ruleId<TAB>reason` of our findings reviewed as wrong.
//
//   lckmigrate-eval antipatterns --labels DIR --findings DIR [--details]
//       Anti-pattern precision and recall against blind labels: DIR of labels holds OWNER+NAME.tsv and .files
//       per app; DIR of findings holds OWNER+NAME.json, one `scan --format json` per app, scanned from the app's
//       root as a user would. Per app, then per rule (rules with at least 5 certain labels).
//
//   lckmigrate-eval antipatterns --set NAME=LABELS:FINDINGS [--set NAME=LABELS:FINDINGS ...]
//       Several sets: per set and pooled figures for all findings, confidence >= medium and = high; per rule at
//       each cut; the rules with >= 5 findings below precision 0.80.
import Foundation

enum EvalError: Error, CustomStringConvertible {
    case usage(String)
    case input(String)
    var description: String {
        switch self {
        case .usage(let text):
            """
            usage: \(text)
            lckmigrate-eval --oracle TSV --findings JSON [--oracle-exclude TSV] [--false-positives TSV]
            lckmigrate-eval antipatterns --labels DIR --findings DIR [--details]
            lckmigrate-eval antipatterns --set NAME=LABELS:FINDINGS [--set NAME=LABELS:FINDINGS ...]
            """
        case .input(let text): text
        }
    }
}

/// `--name value` pairs; a flag listed in `flags` takes no value.
func parseOptions(_ arguments: [String], flags: Set<String> = []) throws -> [String: String] {
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard name.hasPrefix("--") else { throw EvalError.usage("bad argument '\(name)'") }
        let key = String(name.dropFirst(2))
        if flags.contains(key) {
            options[key] = ""
            index += 1
            continue
        }
        guard index + 1 < arguments.count else { throw EvalError.usage("\(name) needs a value") }
        options[key] = arguments[index + 1]
        index += 2
    }
    return options
}

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "antipatterns" {
        try runAntiPatternScore(Array(arguments.dropFirst()))
    } else {
        try runUsageRecall(arguments)
    }
} catch {
    FileHandle.standardError.write(Data("lckmigrate-eval: \(error)\n".utf8))
    exit(2)
}
