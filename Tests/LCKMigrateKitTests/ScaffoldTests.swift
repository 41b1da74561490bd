import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKTestSupport
import Testing

/// A small CallKit app in the shapes real apps use: a configuration with literals and one
/// expression, delegate handlers, a handle and a PushKit registry.
let scaffoldSampleApp = """
    import CallKit
    import PushKit

    final class ProviderDelegate: NSObject, CXProviderDelegate {
        private let provider: CXProvider

        override init() {
            let configuration = CXProviderConfiguration()
            configuration.supportsVideo = true
            configuration.maximumCallGroups = 1
            configuration.ringtoneSound = "Ring.caf"
            configuration.iconTemplateImageData = UIImage(named: "Mask")?.pngData()
            configuration.supportedHandleTypes = [.phoneNumber,
                                                  .emailAddress]
            provider = CXProvider(configuration: configuration)
            super.init()
        }

        func providerDidReset(_ provider: CXProvider) { calls.removeAll() }

        func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }

        func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) { action.fail() }

        func provider(_ provider: CXProvider, perform action: CXSetTranslatingCallAction) { action.fail() }

        func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}

        func handle(for number: String) -> CXHandle { CXHandle(type: .phoneNumber, value: number) }
    }

    final class PushHandler: NSObject, PKPushRegistryDelegate {
        let registry = PKPushRegistry(queue: nil)
    }

    """

@Suite struct ScaffoldTests {
    /// At iOS 17.4 by default: the LiveCommunicationKit-only form (ScaffoldTwoStackTests covers the other).
    func facts(
        _ source: String = scaffoldSampleApp, findings: [Finding] = [], deploymentTarget: OSVersion? = OSVersion(17, 4)
    ) -> ScaffoldFacts {
        var facts = ScaffoldGenerator.facts(files: [], findings: findings)
        facts.collect(path: "App/ProviderDelegate.swift", file: Lexer.tokenize(Array(source.utf8)))
        facts.deploymentTarget = deploymentTarget
        return facts
    }

    func file(_ name: String, _ facts: ScaffoldFacts) throws -> String {
        try #require(ScaffoldGenerator.generate(facts).first { $0.name == name }).contents
    }

    @Test func readsConfigurationValues() throws {
        let facts = facts()
        #expect(facts.setting("supportsVideo")?.literal == "true")
        #expect(facts.setting("maximumCallGroups")?.literal == "1")
        #expect(facts.setting("ringtoneSound")?.literal == "\"Ring.caf\"")
        let icon = try #require(facts.setting("iconTemplateImageData"))
        #expect(icon.literal == nil)
        #expect(icon.expression == "UIImage(named: \"Mask\")?.pngData()")
        #expect(facts.setting("supportedHandleTypes")?.members == ["phoneNumber", "emailAddress"])
        #expect(facts.setting("supportedHandleTypes")?.location == "App/ProviderDelegate.swift:13")
    }

    @Test func readsHandlersCallbacksHandlesAndPushKit() {
        let facts = facts()
        #expect(
            facts.handlers.map(\.actionType) == [
                "CXAnswerCallAction", "CXSetGroupCallAction", "CXSetTranslatingCallAction",
            ])
        #expect(facts.handlers.first?.function == "provider(_:perform:)")
        #expect(facts.handlers.first?.location == "App/ProviderDelegate.swift:21")
        #expect(facts.callbacks["providerDidReset(_:)"] == "App/ProviderDelegate.swift:19")
        #expect(Set(facts.handleKinds.keys) == ["phoneNumber", "emailAddress"])
        // The first PushKit type name (`import PushKit` names the module, not a type).
        #expect(facts.pushKitLocation == "App/ProviderDelegate.swift:32")
    }

    @Test func configurationCarriesLiteralsAndMakesDefaultsExplicit() throws {
        let text = try file("CallingSystem.swift", facts())
        #expect(text.contains("ringtoneName: \"Ring.caf\", // was ringtoneSound at App/ProviderDelegate.swift:11"))
        #expect(text.contains("maximumConversationGroups: 1, // was maximumCallGroups"))
        #expect(text.contains("maximumConversationsPerConversationGroup: 5, // CallKit default 5, made explicit"))
        #expect(text.contains("includesConversationInRecents: true, // CallKit default true"))
        #expect(text.contains("iconTemplateImageData: nil, // TODO: was `UIImage(named: \"Mask\")?.pngData()`"))
        #expect(text.contains("supportedHandleTypes: [.phoneNumber, .emailAddress]"))
        #expect(text.contains("private let delegate: CallingSystemDelegate"))
        let empty = try file("CallingSystem.swift", facts("let x = 1\n"))
        #expect(empty.contains("maximumConversationGroups: 2, // CallKit default 2, made explicit"))
        #expect(empty.contains("supportedHandleTypes: [.generic]"))
    }

    @Test func delegateHasACasePerHandledActionAndFailsTheRest() throws {
        let text = try file("CallingSystemDelegate.swift", facts())
        #expect(
            text.contains(
                "case let action as JoinConversationAction:\n            // Was provider(_:perform:) for CXAnswerCallAction at App/ProviderDelegate.swift:21."
            ))
        #expect(text.contains("case let action as MergeConversationAction:"))
        #expect(text.contains("case let action as UnmergeConversationAction:"))
        // Not handled by the app, but every call needs it.
        #expect(
            text.contains(
                "case let action as EndConversationAction:\n            // The app has no CXEndCallAction handler today; every call needs this one."
            ))
        #expect(!text.contains("case let action as MuteConversationAction:"))
        #expect(text.contains("on iOS 26 check `action as? SetTranslatingAction` here."))
        #expect(text.contains("default:"))
        for method in [
            "didActivate audioSession", "didDeactivate audioSession", "conversationManagerDidReset",
            "timedOutPerforming",
            "conversationManagerDidBegin", "conversationChanged",
        ] {
            #expect(text.contains(method), "missing \(method)")
        }
        #expect(text.contains("Was providerDidReset(_:) at App/ProviderDelegate.swift:19."))
    }

    @Test func pushHandlerAwaitsTheReportAndTODOListsManualWork() throws {
        let finding = Finding(
            ruleID: "cxcallobserver", severity: .note, message: "m", range: ByteRange(start: 0, end: 1),
            symbol: "CXCallObserver",
            replacement: "none (keep CallKit)", mappingKind: .noEquivalent, path: "App/Observer.swift",
            start: SourcePosition(line: 7, column: 3), end: SourcePosition(line: 7, column: 9))
        let facts = facts(findings: [finding])
        let push = try file("VoIPPushHandler.swift", facts)
        #expect(push.contains("didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {"))
        #expect(
            push.contains(
                "try await callingSystem.manager.reportNewIncomingConversation(uuid: call.uuid, update: update)"))
        let todo = try file("TODO.md", facts)
        #expect(todo.contains("- App/Observer.swift:7: `CXCallObserver` — none (keep CallKit)"))
        #expect(
            todo.contains(
                "- `iconTemplateImageData` = `UIImage(named: \"Mask\")?.pngData()` (App/ProviderDelegate.swift:12)"))
    }

    @Test func syntaxCheckReportsBrokenSwift() {
        let broken = [
            ScaffoldFile(name: "Broken.swift", contents: "final class A {\n    func f() {\n}\nlet s = \"open\n")
        ]
        let problems = ScaffoldWriter.syntaxProblems(broken)
        #expect(problems.contains { $0.hasPrefix("Broken.swift: unbalanced '{'") })
        #expect(problems.contains { $0.contains("Broken.swift") && !$0.contains("unbalanced") })
        #expect(ScaffoldWriter.syntaxProblems([ScaffoldFile(name: "TODO.md", contents: "{")]).isEmpty)
    }

    @Test func generatedSwiftLexesAndParsesCleanly() {
        for source in [scaffoldSampleApp, "", "let x = \"}\" // \u{0}"] {
            for target in [OSVersion(17, 4), OSVersion(15), nil] {
                let files = ScaffoldGenerator.generate(facts(source, deploymentTarget: target))
                #expect(ScaffoldWriter.syntaxProblems(files).isEmpty)
            }
        }
    }

    @Test func writerNeverOverwritesWithoutForce() throws {
        let tree = try TemporaryTree()
        let directory = tree.root + "/out/LCK"
        let files = ScaffoldGenerator.generate(facts())
        try ScaffoldWriter.write(files, to: directory, force: false)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == [
                    "CallingSystem.swift", "CallingSystemDelegate.swift", "HandleMapper.swift", "TODO.md",
                    "VoIPPushHandler.swift",
                ])
        try "mine\n".write(toFile: directory + "/HandleMapper.swift", atomically: true, encoding: .utf8)
        do {
            try ScaffoldWriter.write(files, to: directory, force: false)
            Issue.record("an existing file was overwritten")
        } catch {
            #expect(error.problem.path == directory + "/CallingSystem.swift")
            #expect(error.problem.message.contains("--force"))
        }
        #expect(try String(contentsOfFile: directory + "/HandleMapper.swift", encoding: .utf8) == "mine\n")
        try ScaffoldWriter.write(files, to: directory, force: true)
        #expect(
            try String(contentsOfFile: directory + "/HandleMapper.swift", encoding: .utf8).contains(
                "struct HandleMapper"))
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 5)
    }
}
