import LCKAnalyzers
import LCKCore
import LCKMigrateKit
import LCKRules
import Testing

@Suite struct RuleTesterTests {
    private let providerEntry = Packs.mapping(
        id: "provider_type", symbol: "CXProvider", match: #"{"type": "CXProvider"}"#,
        example: #"{"before": "let provider: CXProvider", "after": "let manager: ConversationManager"}"#)

    private func table(_ entries: String...) throws -> RuleTable {
        try Packs.table([RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(entries: entries))])
    }

    @Test func mutationsProduceTheDocumentedSources() {
        let source = "class Calls: NSObject, CXProviderDelegate {\n    let provider: CXProvider\n}"
        let names: Set<String> = ["CXProvider"]
        #expect(ExampleMutation.blockComment.apply(to: source, typeNames: names) == "/*\n\(source)\n*/\n")
        #expect(
            ExampleMutation.stringLiteral.apply(to: source, typeNames: names)
                == "let wrapped = #\"\"\"\n\(source)\n\"\"\"#\n")
        #expect(
            ExampleMutation.multiBytePrefix.apply(to: source, typeNames: names) == "/* 👋🏽 👨‍👩‍👧 café naïve */\n\(source)")
        // Only the annotation is qualified: `CXProviderDelegate` is another name.
        #expect(
            ExampleMutation.qualifiedType.apply(to: source, typeNames: names)
                == "class Calls: NSObject, CXProviderDelegate {\n    let provider: CallKit.CXProvider\n}")
        #expect(
            ExampleMutation.typealiasType.apply(to: source, typeNames: names)
                == "typealias AliasedCXProvider = CXProvider\nclass Calls: NSObject, CXProviderDelegate {\n    let provider: AliasedCXProvider\n}"
        )
        #expect(
            ExampleMutation.delegateInExtension.apply(to: source, typeNames: names)
                == "class Calls: NSObject {}\n\nextension Calls: CXProviderDelegate {\n    let provider: CXProvider\n}")
    }

    @Test func mutationsThatDoNotApplyReturnNil() {
        #expect(ExampleMutation.blockComment.apply(to: "let a = 1 /* x */", typeNames: []) == nil)
        #expect(ExampleMutation.stringLiteral.apply(to: "let s = #\"\"\"\nx\n\"\"\"#", typeNames: []) == nil)
        // Names in comments and strings are not types; app types have no module to qualify with.
        #expect(
            ExampleMutation.qualifiedType.apply(to: "// CXProvider\nlet s = \"CXProvider\"", typeNames: ["CXProvider"])
                == nil)
        #expect(ExampleMutation.qualifiedType.apply(to: "let s: CallService", typeNames: ["CallService"]) == nil)
        #expect(
            ExampleMutation.typealiasType.apply(to: "let p = CXProvider(configuration: c)", typeNames: ["CXProvider"])
                == nil)
        #expect(ExampleMutation.delegateInExtension.apply(to: "class A: NSObject {}", typeNames: []) == nil)
    }

    @Test func aCorrectEngineRunsEveryMutationAndPasses() throws {
        let tester = RuleTester(table: try table(providerEntry), analyzers: [FakeEngines.tokens])
        let result = try #require(tester.testRules().first)
        #expect(result.ruleID == "provider_type")
        #expect(result.failures == [])
        // before, after, block comment, string literal, multi-byte prefix, qualified, typealias
        // (no delegate type in this example, so no extension split).
        #expect(result.checks == 7)
        #expect(result.passed)
    }

    @Test func anEngineThatReadsCommentsAndStringsFailsTheWrapMutations() throws {
        let tester = RuleTester(table: try table(providerEntry), analyzers: [FakeEngines.naive])
        let result = try #require(tester.testRules().first)
        #expect(
            result.failures.map(\.name) == [
                "example.before wrapped in a block comment", "example.before wrapped in a string literal",
            ])
        // `/*\n` puts the name on line 2 at column 15; the string wrapper on line 2 as well.
        #expect(result.failures.first?.diffLines == ["+ 2:15 provider_type"])
    }

    @Test func analyzerMarkersAreComparedByLineAndColumn() throws {
        // An "analyzer" rule tested with an engine that reports every `fulfill` member, twice wrong on purpose.
        let analyzer = """
            {"id": "early_fulfill", "kind": "analyzer", "title": "t", "severity": "warning", "summary": "s",
             "rationale": "r", "lck": "l", "sources": [],
             "examples": {"triggering": ["action.↓fulfill()\\nlater()", "a.↓fulfill(); b.↓fulfill()"], "nonTriggering": ["action.fail()"]}}
            """
        let files = [
            RuleSourceFile(path: "analyzers/early_fulfill.json", contents: analyzer),
            RuleSourceFile(
                path: "mappings/m.json",
                contents: Packs.mappingFile(entries: [
                    Packs.mapping(
                        id: "fulfill_member", symbol: "X.fulfill",
                        match: #"{"member": "fulfill", "receiverTypes": ["X"]}"#)
                ])),
        ]
        let table = try Packs.table(files)
        let engine = TestAnalyzer("early_fulfill") { context in
            FakeEngines.tokens.body(context).map { finding in
                var renamed = finding
                renamed.ruleID = "early_fulfill"
                return renamed
            }
        }
        let rule = try #require(table.analyzer(id: "early_fulfill"))
        let result = RuleTester(table: table, analyzers: [engine]).test(rule)
        #expect(result.failures == [])
        // 2 triggering + 1 non-triggering examples, each with comment, string and prefix mutations.
        #expect(result.checks == 12)

        let shifted = TestAnalyzer("early_fulfill") { context in
            engine.body(context).map { finding in
                var moved = finding
                moved.range = ByteRange(start: finding.range.start + 1, end: finding.range.end + 1)
                return moved
            }
        }
        let failing = RuleTester(table: table, analyzers: [shifted]).test(rule)
        #expect(failing.failures.first?.name == "triggering example 1")
        #expect(failing.failures.first?.diffLines == ["- 1:8 early_fulfill", "+ 1:9 early_fulfill"])
    }

    @Test func analyzerRulesWithoutAnAnalyzerAreSkipped() throws {
        let analyzer = """
            {"id": "early_fulfill", "kind": "analyzer", "title": "t", "severity": "warning", "summary": "s",
             "rationale": "r", "lck": "l", "sources": [],
             "examples": {"triggering": ["action.↓fulfill()"], "nonTriggering": ["action.fail()"]}}
            """
        let table = try Packs.table([RuleSourceFile(path: "analyzers/early_fulfill.json", contents: analyzer)])
        let result = try #require(RuleTester(table: table).testRules().first)
        let reason = "no analyzer with this id in AnalyzerRegistry.all (an analyzer rule needs Swift code)"
        #expect(result.skipReason == reason)
        #expect(!result.passed && result.failures.isEmpty)
    }

    @Test func aCustomPackMatchesTheAppsWrapperAPI() throws {
        let wrapper = Packs.mapping(
            id: "callservice_report_incoming", symbol: "CallService.reportIncoming(uuid:handle:)",
            match: #"{"member": "reportIncoming", "receiverTypes": ["CallService"], "unknownReceiver": "report"}"#,
            example:
                #"{"before": "CallService.reportIncoming(uuid: id, handle: from)", "after": "try await manager.reportNewIncomingConversation(uuid: id, update: update)"}"#
        )
        let table = try Packs.table(
            [RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(entries: [wrapper]))],
            includeBuiltin: true)
        let result = RuleTester(table: table).testRules(["callservice_report_incoming"])
        #expect(result.map(\.ruleID) == ["callservice_report_incoming"])
        #expect(result.first?.failures == [])
        let sample = "// expect: callservice_report_incoming\nCallService.reportIncoming(uuid: id, handle: h)\n"
        let checked = RuleTester(table: table)
            .testSample(Array(sample.utf8), path: "Sample.swift", scope: ["callservice_report_incoming"])
        #expect(checked.passed)
    }
}

extension Packs {
    static func mappingFile(entries: [String]) -> String {
        "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }
}

/// The real suite (`AnalyzerSuite` with the registry) on packs written for these tests.
@Suite struct RuleTesterStandardEngineTests {
    @Test func wrapperMemberPackPassesWithTheRealDetector() throws {
        let wrapper = Packs.mapping(
            id: "callservice_end_call", symbol: "CallService.endCall(_:)",
            match: #"{"member": "endCall", "labels": ["_"], "receiverTypes": ["CallService"]}"#,
            example:
                #"{"before": "let service: CallService = .shared\nservice.endCall(id)", "after": "let service: CallService = .shared\ntry await service.leave(id)"}"#
        )
        let table = try Packs.table(
            [RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(entries: [wrapper]))],
            includeBuiltin: true)
        let tester = RuleTester(table: table)
        let result = try #require(tester.testRules(["callservice_end_call"]).first)
        #expect(result.failures == [])
        #expect(result.passed)
        // `service.endCall` on line 2: the member name follows `service.` (8 bytes).
        let positions = tester.findings(in: Array("let service: CallService = .shared\nservice.endCall(id)\n".utf8))
            .filter { $0.ruleID == "callservice_end_call" }.map { "\($0.start.line):\($0.start.column)" }
        #expect(positions == ["2:9"])
    }

    @Test func qualifiedAndAliasedTypesStillMatchInTheBuiltinTypeRule() throws {
        let tester = RuleTester(table: try RuleLoader.loadBuiltin())
        let result = try #require(tester.testRules(["cxprovider"]).first)
        // before, after, block comment, string literal, multi-byte prefix, qualified, typealias.
        #expect(result.checks == 7)
        #expect(result.failures == [])
    }
}

@Suite struct BuiltinMappingExamplesTests {
    /// Every built-in mapping's `example.before` is detected (and its mutations), `example.after` is not.
    @Test func everyBuiltinMappingPassesItsOwnExamples() throws {
        let table = try RuleLoader.loadBuiltin()
        let results = RuleTester(table: table).testRules(Set(table.mappings.map(\.id)))
        #expect(results.count == table.mappings.count)
        for result in results where !result.passed {
            let details = result.failures.map { "\($0.name): \($0.message ?? "") \($0.diffLines)" }.joined(
                separator: "; ")
            Issue.record("\(result.ruleID) (\(result.location)): \(details)")
        }
    }
}
