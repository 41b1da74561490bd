import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

@testable import LCKAnalyzers

/// Runs the mapping detector over sources (one project: facts from all of them) and keeps
/// `(file, line, ruleID)` hits, so expectations read as `"3:cxprovider"`.
struct MappingRun {
    struct Hit: Hashable, Comparable, CustomStringConvertible {
        var file: Int
        var line: Int
        var rule: String
        var text: String
        static func < (lhs: Hit, rhs: Hit) -> Bool { (lhs.file, lhs.line, lhs.rule) < (rhs.file, rhs.line, rhs.rule) }
        var description: String { "\(line):\(rule)" }
    }

    static let builtin: RuleTable = {
        do { return try RuleLoader.loadBuiltin() } catch { fatalError("built-in rules: \(error)") }
    }()

    var hits: [Hit] = []
    var findings: [Finding] = []

    init(_ sources: [String], rules: RuleTable = MappingRun.builtin) {
        let detector = MappingDetector(rules: rules)
        let contexts = sources.map { AnalysisContext(file: Lexer.tokenize(Array($0.utf8)), rules: rules) }
        var project = ProjectFacts()
        for context in contexts {
            project.merge(ProjectFacts.FileContribution(facts: context.facts))
            if detector.index.namesChangingType(in: context.file) { project.migrationPending = true }
        }
        for (fileIndex, alone) in contexts.enumerated() {
            let context = AnalysisContext(
                file: alone.file, outline: alone.outline, facts: alone.facts, rules: rules, project: project)
            var found: [Finding] = []
            detector.detect(context, into: &found)
            let lines = LineTable(context.file.bytes)
            for finding in found {
                let text = String(decoding: context.file.bytes[finding.range.start..<finding.range.end], as: UTF8.self)
                hits.append(
                    Hit(
                        file: fileIndex, line: lines.position(of: finding.range.start).line, rule: finding.ruleID,
                        text: text))
            }
            findings += found
        }
        hits.sort()
    }

    init(_ source: String, rules: RuleTable = MappingRun.builtin) { self.init([source], rules: rules) }

    /// `["3:cxprovider", …]` for one file, sorted by line then rule.
    func lines(file: Int = 0) -> [String] { hits.filter { $0.file == file }.map(\.description) }

    var rules: Set<String> { Set(hits.map(\.rule)) }
}
