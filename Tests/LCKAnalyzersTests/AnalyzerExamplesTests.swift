import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKRules
import LCKTestSupport
import Testing

/// One example of one rule, as a test argument.
struct RuleExample: Sendable, CustomTestStringConvertible {
    var ruleID: String
    var isTriggering: Bool
    var index: Int
    var marked: String

    var testDescription: String { "\(ruleID) \(isTriggering ? "triggering" : "non-triggering") #\(index)" }

    /// Every example of every registered analyzer, read from `Rules/analyzers/<id>.json`.
    static let all: [RuleExample] = {
        var result: [RuleExample] = []
        for analyzer in AnalyzerRegistry.all {
            guard let rule = AnalyzerTestSupport.rules.analyzer(id: analyzer.ruleID) else { continue }
            for (index, text) in rule.triggeringExamples.enumerated() {
                result.append(RuleExample(ruleID: rule.id, isTriggering: true, index: index, marked: text))
            }
            for (index, text) in rule.nonTriggeringExamples.enumerated() {
                result.append(RuleExample(ruleID: rule.id, isTriggering: false, index: index, marked: text))
            }
        }
        return result
    }()

    static let triggering = all.filter { $0.isTriggering }
}

/// SwiftLint's `verifyRule` for lckmigrate, through the `RuleTester` that `lckmigrate rules test` runs
/// (one mutation harness for both): every example of every analyzer rule yields its findings exactly at
/// its `↓` markers, also under every `ExampleMutation` (inert in a comment or string, shifted by a
/// multi-byte prefix line, qualified or aliased types, a delegate conformance in an extension).
@Suite struct AnalyzerExamplesTests {
    /// The disk table, so an edited example is tested before the embedded copy is regenerated.
    static let tester = RuleTester(table: AnalyzerTestSupport.rules)
    /// Analyzer rules and meta rules (`unused_suppression` examples run through the scan's suppress stage).
    static let ruleIDs = AnalyzerTestSupport.rules.analyzers.map(\.id).sorted()

    @Test(arguments: ruleIDs)
    func examplesPassUnderEveryMutation(_ ruleID: String) throws {
        let result = Self.tester.test(try #require(AnalyzerTestSupport.rules.analyzer(id: ruleID)))
        #expect(result.skipReason == nil, "\(ruleID) skipped: \(result.skipReason ?? "")")
        #expect(result.checks > 0)
        for failure in result.failures {
            let diff = failure.diffLines.joined(separator: "\n")
            Issue.record("\(ruleID) \(failure.name): \(failure.message ?? "")\n\(diff)")
        }
    }

    @Test func metaRulesAreTestedToo() {
        #expect(Self.ruleIDs.contains("unused_suppression"))
    }

    /// The findings of the example's own analyzer, alone, for `source`.
    func ruleFindings(_ example: RuleExample, _ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(rule: example.ruleID, in: source).filter { $0.ruleID == example.ruleID }
    }

    /// `// lckmigrate:disable-next-line <id>` above every finding line silences the analyzer's findings
    /// through the pipeline's own suppression pass, and no directive is left unused.
    @Test(arguments: RuleExample.triggering)
    func disableNextLineSilencesEveryFinding(_ example: RuleExample) {
        // Settings rules report in plists, where no Swift directive can reach; their examples run in `rules test`.
        if AnalyzerRegistry.all.contains(where: { $0.ruleID == example.ruleID && $0 is any SettingsAnalyzer }) {
            return
        }
        let plain = MarkedSource(example.marked).source
        let lines = LineTable(Array(plain.utf8))
        let findingLines = Set(ruleFindings(example, plain).map { lines.position(of: $0.range.start).line })
        // Insert the directive above each line with a finding, bottom-up so line numbers stay valid.
        var sourceLines = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in findingLines.sorted(by: >) {
            sourceLines.insert("// lckmigrate:disable-next-line \(example.ruleID) -- example", at: line - 1)
        }
        let source = sourceLines.joined(separator: "\n")
        let bytes = Array(source.utf8)
        var findings = ruleFindings(example, source)
        #expect(!findings.isEmpty, "the directives hid the findings from the analyzer itself")
        SuppressionPass.apply(
            to: &findings, file: Lexer.tokenize(bytes), lines: LineTable(bytes),
            options: SuppressionOptions(knownRuleIDs: Set(AnalyzerTestSupport.rules.allIDs)))
        // Unsuppressed findings and `unused_suppression` notes (a directive that claimed nothing) both fail.
        let active = findings.filter { $0.suppression == nil }
        #expect(
            active.isEmpty, "not suppressed or superfluous directive:\n\(AnalyzerTestSupport.render(source, active))")
    }
}

/// The registry, the analyzer source files and the rule files describe the same set of analyzers.
@Suite struct AnalyzerRegistryTests {
    @Test func registeredIDsAreUnique() {
        let ids = AnalyzerRegistry.all.map(\.ruleID)
        #expect(Set(ids).count == ids.count, "duplicate rule ids in AnalyzerRegistry.all: \(ids)")
    }

    /// Every `Rules/<Area>/<Name>Analyzer.swift` is registered, every registered analyzer lives in such a
    /// file, and no analyzer file sits outside `Rules/` (the folders are the catalogue a contributor reads).
    @Test func everyAnalyzerFileUnderRulesIsRegistered() throws {
        let sources = PackageRoot.path + "/Sources/LCKAnalyzers"
        let paths = try #require(FileManager.default.subpaths(atPath: sources))
        let analyzerFiles = paths.filter { $0.hasSuffix("Analyzer.swift") && $0 != "Engine/Analyzer.swift" }
        let outside = analyzerFiles.filter { path in
            let parts = path.split(separator: "/")
            return parts.count != 3 || parts[0] != "Rules"
        }
        #expect(outside.isEmpty, "analyzer files outside Rules/<Area>/: \(outside.sorted())")
        let names = analyzerFiles.map { String($0.split(separator: "/").last!.dropLast(".swift".count)) }
        let registered = AnalyzerRegistry.all.map { String(describing: type(of: $0)) }
        #expect(Set(names) == Set(registered), "files \(names.sorted()) vs registry \(registered.sorted())")
        #expect(names.count == Set(names).count, "one file per analyzer: \(names.sorted())")
    }

    @Test func everyAnalyzerHasARuleFile() {
        for analyzer in AnalyzerRegistry.all {
            let rule = AnalyzerTestSupport.rules.analyzer(id: analyzer.ruleID)
            #expect(rule != nil, "no Rules/analyzers/\(analyzer.ruleID).json")
            #expect(rule?.kind == .analyzer, "\(analyzer.ruleID) is not an analyzer rule")
        }
    }

    @Test func everyAnalyzerRuleFileHasAnAnalyzer() {
        let registered = Set(AnalyzerRegistry.all.map(\.ruleID))
        for rule in AnalyzerTestSupport.rules.analyzers where rule.kind == .analyzer {
            #expect(registered.contains(rule.id), "Rules/analyzers/\(rule.id).json has no analyzer in the registry")
        }
    }

    @Test func everyRegisteredAnalyzerHasExamplesOfBothKinds() {
        for analyzer in AnalyzerRegistry.all {
            let rule = AnalyzerTestSupport.rules.analyzer(id: analyzer.ruleID)
            #expect(!(rule?.triggeringExamples.isEmpty ?? true), "\(analyzer.ruleID) has no triggering example")
            #expect(!(rule?.nonTriggeringExamples.isEmpty ?? true), "\(analyzer.ruleID) has no non-triggering example")
        }
    }
}
