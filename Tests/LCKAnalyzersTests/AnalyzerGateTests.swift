import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The per-file gate only skips work: with it, every file yields exactly the findings that running the
/// detector and every analyzer unconditionally yields.
@Suite struct AnalyzerGateTests {

    /// Findings without the gate: the detector and all analyzers over one context.
    func ungated(_ analyzer: AnalyzerSuite, _ file: TokenizedFile) -> [Finding] {
        let context = AnalysisContext(file: file, rules: analyzer.rules, project: analyzer.project)
        var findings: [Finding] = []
        analyzer.detector.detect(context, into: &findings)
        for each in analyzer.analyzers { each.analyze(context, into: &findings) }
        return findings
    }

    /// The built-in suite after the scan's pre-pass over `files`.
    static func prepared(_ files: [DiscoveredFile]) -> AnalyzerSuite {
        AnalyzerSuite(rules: BuiltinRuleTable.table).preparedForProject(fileCount: files.count, jobs: 1) {
            try? SourceReader.read(files[$0]).get()
        }
    }

    @Test func gateKeepsEveryFindingOfTheSamples() throws {
        let discovered = FileDiscovery.discover(paths: ["Samples"], currentDirectory: PackageRoot.path).files
        try #require(discovered.count > 30)
        let analyzer = Self.prepared(discovered)
        var total = 0
        for entry in discovered {
            let bytes = try SourceReader.read(entry).get()
            let file = Lexer.tokenize(bytes)
            let gated = analyzer.findings(in: file)
            #expect(gated == ungated(analyzer, file), "\(entry.displayPath)")
            total += gated.count
        }
        #expect(total > 500, "the samples should exercise the gate with many findings")
    }

    @Test func gateKeepsEveryFindingOfTheRuleExamples() {
        var project = ProjectFacts()
        project.migrationPending = true
        let analyzer = AnalyzerSuite(rules: BuiltinRuleTable.table, project: project)
        var triggered = 0
        for rule in BuiltinRuleTable.table.analyzers {
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                let file = Lexer.tokenize(MarkerText.strip(example).bytes)
                let gated = analyzer.findings(in: file)
                #expect(gated == ungated(analyzer, file), "\(rule.id): \(example)")
                if gated.contains(where: { $0.ruleID == rule.id }) { triggered += 1 }
            }
        }
        #expect(triggered > 20)
    }

    /// A member of a CallKit-typed property declared in another file, used where no CallKit name is
    /// written: the property's name is the evidence that keeps detection running.
    @Test func gateKeepsMemberUsesTypedByAnotherFile() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "import CallKit\nfinal class M { let p: CXProvider }\n")
        try tree.file("B.swift", "extension M {\n    func f() { p.invalidate() }\n}\n")
        try tree.file("C.swift", "final class Timer2 {\n    func stop(other: Timer2) { other.invalidate() }\n}\n")
        let discovered = FileDiscovery.discover(paths: ["."], currentDirectory: tree.root).files
        try #require(discovered.count == 3)
        let analyzer = Self.prepared(discovered)
        var findingsByFile: [String: [Finding]] = [:]
        for entry in discovered {
            let file = Lexer.tokenize(try SourceReader.read(entry).get())
            let gated = analyzer.findings(in: file)
            #expect(gated == ungated(analyzer, file), "\(entry.displayPath)")
            findingsByFile[(entry.displayPath as NSString).lastPathComponent] = gated
        }
        #expect(findingsByFile["B.swift"]?.map(\.ruleID) == ["cxprovider_invalidate"])
        // `invalidate` on the app's own type names nothing that could make it a provider: not even parsed.
        #expect(findingsByFile["C.swift"]?.isEmpty == true)
        let other = Lexer.tokenize(
            Array("final class Timer2 {\n    func stop(other: Timer2) { other.invalidate() }\n}\n".utf8))
        #expect(analyzer.gate.verdict(for: other).runsNothing)
        let evidence = try #require(analyzer.detector.index.receiverEvidenceNames(project: analyzer.project))
        #expect(evidence.contains("p") && evidence.contains("CXProvider") && !evidence.contains("invalidate"))
    }
}
