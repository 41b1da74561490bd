import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules

/// Runs every rule's own examples (and their automatic mutations) through the `AnalyzerSuite` a scan
/// runs, so an example passes exactly when a scan of the same text reports it: the engine behind
/// `lckmigrate rules test`, shared with the test suite.
///
/// * analyzer rules: each triggering example must yield findings of the rule exactly at its `↓`
///   markers (line:column); each non-triggering example must yield none;
/// * mapping rules: `example.before` must yield at least one finding of the rule, `example.after` none
///   (not checked for `no_equivalent` and `unchanged` mappings, whose "after" keeps the symbol);
/// * every example is re-run under `ExampleMutation`s (see there for which apply where).
///
/// An analyzer rule of a custom pack has no Swift code behind it: such a rule is skipped, not failed.
public struct RuleTester: Sendable {
    public let table: RuleTable
    /// The analyzers to run with the table's mapping detection (`AnalyzerRegistry.all` in `rules test`).
    package let analyzers: [any Analyzer]
    /// What runs on one example. An example stands for a file of a project whose migration is under
    /// way, so `unchanged` mappings (PushKit) report as they would in such a scan.
    let exampleSuite: AnalyzerSuite
    let suppressions: SuppressionOptions

    package init(table: RuleTable, analyzers: [any Analyzer] = AnalyzerRegistry.all) {
        self.table = table
        self.analyzers = analyzers
        var project = ProjectFacts()
        project.migrationPending = true
        exampleSuite = AnalyzerSuite(rules: table, analyzers: analyzers, project: project)
        suppressions = SuppressionOptions(knownRuleIDs: table.allIDs.union(SuppressionRules.all.map(\.id)))
    }

    /// Findings of `source` under the tester's table, located (line, column) with `path`, exactly as a
    /// scan finds them: the prefilter decides first whether the text is analysed at all. The scan's
    /// suppress stage runs too, so `unused_suppression` examples run and a suppressed finding does
    /// not count as triggered.
    public func findings(in source: [UInt8], path: String = "<example>") -> [Finding] {
        if let withSettings = settingsExampleFindings(source, path: path) { return withSettings }
        guard exampleSuite.isRelevant(source) else { return [] }
        let file = Lexer.tokenize(source)
        let lines = LineTable(source)
        var stopped = false
        var findings = exampleSuite.findings(
            in: file, limit: .max, stoppedEarly: &stopped, deploymentTarget: Self.exampleDeploymentTarget)
        SuppressionPass.apply(to: &findings, file: file, lines: lines, options: suppressions)
        return Self.located(findings.filter { $0.suppression == nil }, path: path, lines: lines)
    }

    /// `findings` with a position each (path, line, column) from `lines`.
    static func located(_ findings: [Finding], path: String, lines: LineTable) -> [Finding] {
        findings.map { finding in
            var located = finding
            located.locate(path: path, lines: lines)
            return located
        }
    }

    /// Why findings of `ruleID` cannot come out of the tester's suite at all; nil when they can.
    func unavailableReason(_ ruleID: String) -> String? {
        if table.mapping(id: ruleID) != nil { return nil }
        if ruleID == SuppressionRules.unusedID { return nil }
        if analyzers.contains(where: { $0.ruleID == ruleID }) { return nil }
        return "no analyzer with this id in AnalyzerRegistry.all (an analyzer rule needs Swift code)"
    }

    /// Results for `ruleIDs` (all rules when nil), sorted by id.
    public func testRules(_ ruleIDs: Set<String>? = nil) -> [RuleTestResult] {
        let mappings = table.mappings.filter { ruleIDs?.contains($0.id) ?? true }.map { test($0) }
        let analyzers = table.analyzers.filter { ruleIDs?.contains($0.id) ?? true }.map { test($0) }
        return (mappings + analyzers).sorted { $0.ruleID < $1.ruleID }
    }

    /// Runs an analyzer rule's triggering and non-triggering examples and their automatic mutations.
    public func test(_ rule: AnalyzerRule) -> RuleTestResult {
        var result = RuleTestResult(ruleID: rule.id, kind: rule.kind, location: rule.location)
        if let reason = unavailableReason(rule.id) {
            result.skipReason = reason
            return result
        }
        let typeNames = frameworkTypeNames
        for (index, example) in rule.triggeringExamples.enumerated() {
            let name = "triggering example \(index + 1)"
            let marked = MarkerText.strip(example)
            let plain = String(decoding: marked.bytes, as: UTF8.self)
            let lines = LineTable(marked.bytes)
            let expected = marked.markerOffsets.map {
                RuleTestPosition(position: lines.position(of: $0), ruleID: rule.id)
            }
            let actual = positions(of: rule.id, in: plain)
            result.record(name, expected: expected, actual: actual)
            runMutations(
                on: plain, name: name, ruleID: rule.id, triggering: true, typeNames: typeNames, baseline: expected,
                into: &result)
        }
        for (index, example) in rule.nonTriggeringExamples.enumerated() {
            let name = "non-triggering example \(index + 1)"
            result.record(name, expected: [], actual: positions(of: rule.id, in: example))
            runMutations(
                on: example, name: name, ruleID: rule.id, triggering: false, typeNames: typeNames, baseline: [],
                into: &result)
        }
        return result
    }

    /// Runs a mapping rule's example and its automatic mutations.
    public func test(_ rule: MappingRule) -> RuleTestResult {
        var result = RuleTestResult(ruleID: rule.id, kind: .mapping, location: rule.location)
        if let reason = unavailableReason(rule.id) {
            result.skipReason = reason
            return result
        }
        guard let example = rule.example else {
            result.failures.append(
                RuleTestFailure(name: "example", message: "the mapping has no example.before/after to test"))
            return result
        }
        let before = positions(of: rule.id, in: example.before)
        result.recordAtLeastOne("example.before", ruleID: rule.id, actual: before)
        // Without a replacement (`no_equivalent`) or with none needed (`unchanged`) the "after" code
        // legitimately keeps the symbol, so only real replacements must make the finding go away.
        if rule.mappingKind != .noEquivalent && rule.mappingKind != .unchanged {
            result.record("example.after", expected: [], actual: positions(of: rule.id, in: example.after))
        }
        let typeNames = Set(rule.matches.compactMap(\.typeName))
        runMutations(
            on: example.before, name: "example.before", ruleID: rule.id, triggering: true, typeNames: typeNames,
            baseline: before, into: &result)
        return result
    }

    /// Mutations of one example. `baseline` is what the unmutated example must produce (or produced,
    /// for mappings), used by `multiBytePrefix`.
    private func runMutations(
        on source: String, name: String, ruleID: String, triggering: Bool, typeNames: Set<String>,
        baseline: [RuleTestPosition], into result: inout RuleTestResult
    ) {
        for mutation in ExampleMutation.allCases {
            if mutation.mustStillTrigger && !triggering { continue }
            guard let mutated = mutation.apply(to: source, typeNames: typeNames) else { continue }
            let label = "\(name) \(mutation)"
            let actual = positions(of: ruleID, in: mutated)
            switch mutation {
            case .blockComment, .stringLiteral:
                result.record(label, expected: [], actual: actual)
            case .multiBytePrefix:
                let shifted = baseline.map { RuleTestPosition(line: $0.line + 1, column: $0.column, ruleID: $0.ruleID) }
                result.record(label, expected: shifted, actual: actual)
            case .qualifiedType, .typealiasType, .delegateInExtension:
                result.recordAtLeastOne(label, ruleID: ruleID, actual: actual)
            }
        }
    }

    private func positions(of ruleID: String, in source: String) -> [RuleTestPosition] {
        findings(in: Array(source.utf8))
            .filter { $0.ruleID == ruleID }
            .map { RuleTestPosition(position: $0.start, ruleID: $0.ruleID) }
            .sorted()
    }

    /// CallKit/PushKit type names the table matches on; analyzer examples qualify and alias these.
    private var frameworkTypeNames: Set<String> {
        Set(table.mappings.flatMap(\.matches).compactMap(\.typeName).filter { SourceRewriter.module(of: $0) != nil })
    }
}

extension MatchSpec {
    /// The type a `type` or `initializer` pattern names (only undotted names; nested types are skipped).
    var typeName: String? {
        switch self {
        case .type(let name): name.contains(".") ? nil : name
        case .initializer(let initializer): initializer.typeName.contains(".") ? nil : initializer.typeName
        case .member, .delegateMethod, .enumCase: nil
        }
    }
}

/// A finding position as the tests compare it: `line:column rule_id`.
public struct RuleTestPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var ruleID: String

    public init(line: Int, column: Int, ruleID: String) {
        self.line = line
        self.column = column
        self.ruleID = ruleID
    }

    init(position: SourcePosition, ruleID: String) {
        self.init(line: position.line, column: position.column, ruleID: ruleID)
    }

    public static func < (lhs: RuleTestPosition, rhs: RuleTestPosition) -> Bool {
        (lhs.line, lhs.column, lhs.ruleID) < (rhs.line, rhs.column, rhs.ruleID)
    }

    public var description: String { "\(line):\(column) \(ruleID)" }
}

/// One failed check: which example (and mutation), what was expected, what happened.
public struct RuleTestFailure: Hashable, Sendable {
    public var name: String
    public var message: String?
    public var expected: [String]
    public var actual: [String]

    public init(name: String, message: String? = nil, expected: [String] = [], actual: [String] = []) {
        self.name = name
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    /// `- expected` / `+ actual` lines for the entries that differ, like a unified diff.
    public var diffLines: [String] {
        var remaining = actual
        var lines: [String] = []
        for item in expected {
            if let found = remaining.firstIndex(of: item) {
                remaining.remove(at: found)
            } else {
                lines.append("- \(item)")
            }
        }
        return lines + remaining.map { "+ \($0)" }
    }
}

/// The outcome for one rule: skipped (with why), passed (`checks` comparisons), or failed.
public struct RuleTestResult: Hashable, Sendable {
    public var ruleID: String
    public var kind: RuleDescriptor.Kind
    public var location: RuleLocation
    public var checks = 0
    public var failures: [RuleTestFailure] = []
    public var skipReason: String?

    public init(ruleID: String, kind: RuleDescriptor.Kind, location: RuleLocation) {
        self.ruleID = ruleID
        self.kind = kind
        self.location = location
    }

    public var passed: Bool { skipReason == nil && failures.isEmpty }

    mutating func record(_ name: String, expected: [RuleTestPosition], actual: [RuleTestPosition]) {
        checks += 1
        guard expected.sorted() != actual.sorted() else { return }
        failures.append(
            RuleTestFailure(
                name: name, expected: expected.sorted().map(\.description), actual: actual.sorted().map(\.description)))
    }

    mutating func recordAtLeastOne(_ name: String, ruleID: String, actual: [RuleTestPosition]) {
        checks += 1
        guard actual.isEmpty else { return }
        failures.append(
            RuleTestFailure(
                name: name, message: "expected at least one finding of \(ruleID), got none", expected: ["any \(ruleID)"]
            ))
    }
}
