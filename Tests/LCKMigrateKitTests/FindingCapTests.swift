import Foundation
import LCKCore
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// A rule pack that matches everything (issue 15): findings are capped per file and per run, with a
/// note naming the file and how many were dropped, and matching stops at the cap: no work per rule and token past it.
@Suite struct FindingCapTests {
    /// `count` rules `{"member": "go", "unknownReceiver": "report"}` (receivers `Runner0`…) in `tree/rules`.
    static func matchEverythingPack(_ tree: TemporaryTree, count: Int) throws {
        let entries = (0..<count).map { index in
            #"{"id": "go_\#(index)", "symbol": "Go\#(index)", "replacement": "stay", "mappingKind": "rename", "#
                + #""area": "provider", "severity": "warning", "title": "Go \#(index)", "note": "n", "#
                + #""example": {"before": "runner.go()", "after": "runner.stay()"}, "#
                + #""match": {"member": "go", "receiverTypes": ["Runner\#(index)"], "unknownReceiver": "report"}}"#
        }
        _ = try tree.file("rules/mappings/all.json", "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n")
    }

    static func invocation(_ tree: TemporaryTree, limits: FindingLimits) -> ScanInvocation {
        var invocation = ScanInvocation(paths: ["App"], currentDirectory: tree.root)
        invocation.overrides.ruleDirectories = [tree.root + "/rules"]
        invocation.overrides.maxFileFindings = limits.perFile
        invocation.overrides.maxFindings = limits.perRun
        return invocation
    }

    @Test func perFileCapKeepsTheFirstFindingsAndNamesTheFile() throws {
        let tree = try TemporaryTree()
        try Self.matchEverythingPack(tree, count: 1_000)
        _ = try tree.file("App/A.swift", String(repeating: "x.go()\n", count: 300))
        _ = try tree.file("App/B.swift", "x.go()\n")
        let outcome = try Scan.run(Self.invocation(tree, limits: FindingLimits(perFile: 500)))
        let findings = outcome.report.findings.filter { $0.ruleID.hasPrefix("go_") }
        #expect(findings.filter { $0.path == "App/A.swift" }.count == 500)
        // One token reports at most `FindingLimits.perToken` rules; A's cap is reached on its 8th line.
        #expect(findings.filter { $0.path == "App/B.swift" }.count == FindingLimits.perToken)
        #expect(findings.filter { $0.path == "App/A.swift" }.allSatisfy { $0.start.line <= 8 })
        let notes = outcome.report.problems
        #expect(notes.map(\.path) == ["App/A.swift", "App/B.swift"])
        #expect(notes.allSatisfy { $0.kind == .truncated && $0.kind.isNote })
        #expect(
            notes.first?.message
                == "findings capped: rule matching stopped early, 500 kept (a file keeps at most 500, "
                + "--max-file-findings; a token at most 64 mapping findings)")
        #expect(outcome.exitStatus != .failure)
    }

    @Test func perRunCapNamesTheFileWhereItWasReached() throws {
        let tree = try TemporaryTree()
        try Self.matchEverythingPack(tree, count: 10)
        for name in ["A", "B", "C"] { _ = try tree.file("App/\(name).swift", String(repeating: "x.go()\n", count: 40)) }
        let outcome = try Scan.run(Self.invocation(tree, limits: FindingLimits(perFile: 1_000, perRun: 700)))
        #expect(outcome.report.findings.count == 700)
        #expect(outcome.report.findings.last?.path == "App/B.swift")
        #expect(outcome.report.problems.map(\.path) == ["App/B.swift"])
        #expect(outcome.report.problems.first?.message.hasPrefix("500 findings dropped from this file on") == true)
    }

    /// Issue 29: `multiple_providers` builds only the findings the file cap keeps; what the scan reports
    /// is what cutting all of them reports: the first by position, the note's dropped count, nothing
    /// counted for a disabled rule, and every finding when a directive could claim one.
    @Test func analyzerFindingsPastTheFileCapAreCountedNotBuilt() throws {
        let tree = try TemporaryTree()
        _ = try tree.file("rules/mappings/none.json", "{\"entries\": []}\n")
        _ = try tree.file(
            "App/A.swift", String(repeating: "let m = ConversationManager(configuration: c)\n", count: 30))
        let outcome = try Scan.run(Self.invocation(tree, limits: FindingLimits(perFile: 10)))
        let findings = outcome.report.findings.filter { $0.ruleID == "multiple_providers" }
        #expect(findings.map(\.start.line) == Array(1...10))
        #expect(
            outcome.report.problems.map(\.message).first?.hasPrefix("findings capped: 20 findings dropped, 10 kept")
                == true)
        _ = try tree.file("policy.json", #"{"disabledRules": ["multiple_providers"]}"#)
        var disabledInvocation = Self.invocation(tree, limits: FindingLimits(perFile: 10))
        disabledInvocation.overrides.configFile = tree.root + "/policy.json"
        let disabled = try Scan.run(disabledInvocation)
        #expect(disabled.report.findings.filter { $0.ruleID == "multiple_providers" }.isEmpty)
        #expect(disabled.report.problems.isEmpty)
        _ = try tree.file(
            "App/A.swift",
            String(repeating: "let m = ConversationManager(configuration: c)\n", count: 30)
                + "// lckmigrate:disable-next-line multiple_providers\nlet m = ConversationManager(configuration: c)\n")
        let directive = try Scan.run(Self.invocation(tree, limits: FindingLimits(perFile: 10)))
        #expect(directive.report.findings.filter { $0.ruleID == "multiple_providers" }.count == 10)
        #expect(
            directive.report.problems.map(\.message).first?.hasPrefix("findings capped: 21 findings dropped") == true)
    }
}
