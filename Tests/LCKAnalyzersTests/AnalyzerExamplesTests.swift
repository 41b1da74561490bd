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

/// SwiftLint's `verifyRule` for lckmigrate: every example of every analyzer, plus mutations that must
/// not change the answer (inert in a comment or string, shifted by a multi-byte prefix line, silenced
/// by `// lckmigrate:disable-next-line <id>` through the pipeline's own suppression pass).
@Suite struct AnalyzerExamplesTests {
    static let multiBytePrefix = "// ✓ 日本語 😀\n"

    func ruleFindings(_ example: RuleExample, _ source: String) -> [Finding] {
        AnalyzerTestSupport.findings(rule: example.ruleID, in: source).filter { $0.ruleID == example.ruleID }
    }

    @Test(arguments: RuleExample.all)
    func exampleFindingsSitAtMarkers(_ example: RuleExample) {
        let marked = MarkedSource(example.marked)
        let findings = ruleFindings(example, marked.source)
        let starts = findings.map(\.range.start)
        let picture = AnalyzerTestSupport.render(marked.source, findings)
        if !example.isTriggering {
            #expect(findings.isEmpty, "non-triggering example produced findings:\n\(picture)")
        } else if marked.markers.isEmpty {
            #expect(!findings.isEmpty, "triggering example produced nothing:\n\(picture)")
        } else {
            #expect(starts == marked.markers.sorted(), "expected findings at \(marked.markers), got \(starts):\n\(picture)")
        }
    }

    @Test(arguments: RuleExample.triggering)
    func exampleInBlockCommentIsInert(_ example: RuleExample) {
        let source = "/*\n" + MarkedSource(example.marked).source + "\n*/\n"
        let findings = ruleFindings(example, source)
        #expect(findings.isEmpty, "example inside /* */ triggered:\n\(AnalyzerTestSupport.render(source, findings))")
    }

    @Test(arguments: RuleExample.triggering)
    func exampleInStringLiteralIsInert(_ example: RuleExample) {
        let source = "let s = #\"\"\"\n" + MarkedSource(example.marked).source + "\n\"\"\"#\n"
        let findings = ruleFindings(example, source)
        #expect(findings.isEmpty, "example inside a raw string triggered:\n\(AnalyzerTestSupport.render(source, findings))")
    }

    @Test(arguments: RuleExample.triggering)
    func multiBytePrefixLineShiftsFindingsByItsBytes(_ example: RuleExample) {
        let plain = MarkedSource(example.marked).source
        let shifted = Self.multiBytePrefix + plain
        let shift = Self.multiBytePrefix.utf8.count
        let before = ruleFindings(example, plain)
        let after = ruleFindings(example, shifted)
        #expect(after.map(\.range.start) == before.map { $0.range.start + shift },
                "prefix moved findings unexpectedly:\n\(AnalyzerTestSupport.render(shifted, after))")
        let plainLines = LineTable(Array(plain.utf8))
        let shiftedLines = LineTable(Array(shifted.utf8))
        for (old, new) in zip(before, after) {
            let oldPosition = plainLines.position(of: old.range.start)
            let newPosition = shiftedLines.position(of: new.range.start)
            #expect(newPosition.line == oldPosition.line + 1)
            #expect(newPosition.column == oldPosition.column)
        }
    }

    @Test(arguments: RuleExample.triggering)
    func disableNextLineSilencesEveryFinding(_ example: RuleExample) {
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
        #expect(active.isEmpty, "not suppressed or superfluous directive:\n\(AnalyzerTestSupport.render(source, active))")
    }
}

/// The registry, the analyzer source files and the rule files describe the same set of analyzers.
@Suite struct AnalyzerRegistryTests {
    @Test func registeredIDsAreUnique() {
        let ids = AnalyzerRegistry.all.map(\.ruleID)
        #expect(Set(ids).count == ids.count, "duplicate rule ids in AnalyzerRegistry.all: \(ids)")
    }

    @Test func everyAnalyzerFileIsRegistered() throws {
        let folder = PackageRoot.path + "/Sources/LCKAnalyzers"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix("Analyzer.swift") && $0 != "Analyzer.swift" }
            .map { String($0.dropLast(".swift".count)) }
        let registered = AnalyzerRegistry.all.map { String(describing: type(of: $0)) }
        #expect(Set(files) == Set(registered), "files \(files.sorted()) vs registry \(registered.sorted())")
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
