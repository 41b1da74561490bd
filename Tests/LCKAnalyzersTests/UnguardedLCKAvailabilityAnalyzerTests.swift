import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Testing

@testable import LCKAnalyzers

/// Each cover form once covering and once not, the version and target boundaries, and the
/// cost of the walk counted at two sizes.
@Suite struct UnguardedLCKAvailabilityAnalyzerTests {
    static let ios15 = OSVersion(15, 0)

    /// Findings of the rule in `marked` (the `↓` stripped) at `target`, checked against the markers.
    func expectFindings(
        _ marked: String, target: OSVersion? = ios15, rules: RuleTable = AnalyzerTestSupport.rules,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let snippet = MarkedSource(marked)
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(snippet.source.utf8)), rules: rules, deploymentTarget: target)
        var findings: [Finding] = []
        UnguardedLCKAvailabilityAnalyzer().analyze(context, into: &findings)
        #expect(
            findings.map(\.range.start) == snippet.markers,
            "\n\(AnalyzerTestSupport.render(snippet.source, findings))", sourceLocation: sourceLocation)
    }

    @Test func ifAvailableCoversItsBodyButNotItsElseNorALowerVersion() {
        expectFindings(
            """
            import LiveCommunicationKit
            func f(_ uuid: UUID) {
                if #available(iOS 17.4, *) {
                    _ = JoinConversationAction(conversationUUID: uuid)
                    Task { _ = EndConversationAction(conversationUUID: uuid) }
                } else if #available(iOS 17.0, *) {
                    _ = ↓JoinConversationAction(conversationUUID: uuid)
                } else {
                    _ = ↓Handle(type: .generic, value: "x", displayName: nil)
                }
                _ = ↓ConversationAction.self
            }
            """)
    }

    @Test func whileAndGuardConditionsAndLaterClauses() {
        expectFindings(
            """
            import LiveCommunicationKit
            func f(_ items: [Any]) {
                while #available(iOS 17.4, *), let handle = items.first as? Handle { print(handle) }
                repeat { _ = ↓Handle.self } while #available(iOS 17.4, *)
            }
            func g(_ any: Any) {
                _ = ↓Conversation.self
                guard #available(iOS 17.4, *), let conversation = any as? Conversation else {
                    _ = ↓Conversation.self
                    return
                }
                _ = conversation.uuid
                _ = Conversation.Update(localMember: nil, members: nil)
                if true { _ = Handle.self }
            }
            func h() {
                _ = ↓Conversation.self
            }
            """)
    }

    @Test func aGuardCoversOnlyTheRestOfItsOwnBlock() {
        expectFindings(
            """
            import LiveCommunicationKit
            func f(_ flag: Bool) {
                if flag {
                    guard #available(iOS 17.4, *) else { return }
                    _ = Handle.self
                }
                _ = ↓Handle.self
            }
            """)
    }

    @Test func unavailableInvertsOnlyItsElseBranches() {
        expectFindings(
            """
            import LiveCommunicationKit
            func f(_ flag: Bool) {
                if #unavailable(iOS 17.4) {
                    _ = ↓Handle.self
                } else if flag {
                    _ = Handle.self
                } else {
                    _ = Conversation.self
                }
                if #unavailable(iOS 17.4), flag {
                } else {
                    _ = ↓Handle.self
                }
                guard #unavailable(iOS 17.4) else {
                    _ = Handle.self
                    return
                }
                _ = ↓Handle.self
            }
            """)
    }

    @Test func availableAttributesAtAnyEnclosingLevelAndOnTheSignature() {
        expectFindings(
            """
            import LiveCommunicationKit
            @available(iOS 17.4, *)
            final class Center: ConversationManagerDelegate {
                let manager: ConversationManager
                struct Inner { var handle: Handle }
                func make() -> Conversation.Update { Conversation.Update(localMember: nil, members: nil) }
            }
            extension Center {
                @available(iOS, introduced: 17.4)
                class func handle(_ kind: Handle.Kind) -> Handle { fatalError() }
                @available(macOS 14, iOS 17.4, *) var last: Conversation? { nil }
                var other: ↓Conversation? { nil }
                @available(iOS, deprecated: 18.0)
                func old(_ handle: ↓Handle) {}
                @available(*, unavailable)
                func gone(_ handle: Handle) {}
                @available(iOS, unavailable)
                func alsoGone(_ handle: Handle) {}
            }
            func free(_ handle: ↓Handle) {}
            """)
    }

    @Test func iOS26AndPushKitMetadataNeedTheirOwnVersion() {
        expectFindings(
            """
            import LiveCommunicationKit
            import PushKit
            @available(iOS 17.4, *)
            final class Dialer: PKPushRegistryDelegate {
                func dial(_ handle: Handle) async throws {
                    let action = ↓StartCellularConversationAction(handle)
                    try await ↓TelephonyConversationManager.sharedInstance.startCellularConversation(action)
                    if #available(iOS 26.0, *) {
                        try await TelephonyConversationManager.sharedInstance.startCellularConversation(action)
                    }
                }
                @available(iOS 26.0, *)
                func pushRegistry(
                    _ r: PKPushRegistry, didReceiveIncomingVoIPPushWith p: PKPushPayload, metadata: ↓PKVoIPPushMetadata
                ) async {}
                @available(iOS 26.4, *)
                func pushRegistry(
                    _ r: PKPushRegistry, didReceiveIncomingVoIPPushWith p: PKPushPayload, metadata: PKVoIPPushMetadata,
                    withCompletionHandler c: @escaping () -> Void
                ) {}
            }
            """)
    }

    @Test func anUnknownTargetOrOneAtTheVersionReportsNothing() {
        let plain = """
            import LiveCommunicationKit
            let manager = ConversationManager(configuration: configuration)
            let translating = SetTranslatingAction.self
            """
        expectFindings(plain, target: nil)
        expectFindings(plain, target: OSVersion(26, 0))
        expectFindings(
            """
            import LiveCommunicationKit
            let manager = ConversationManager(configuration: configuration)
            let translating = ↓SetTranslatingAction.self
            """, target: OSVersion(17, 4))
        expectFindings(
            """
            import LiveCommunicationKit
            let manager = ↓ConversationManager(configuration: configuration)
            let translating = ↓SetTranslatingAction.self
            """, target: OSVersion(17, 3, 1))
    }

    @Test func onlyFilesImportingTheModuleAndNotTheAppsOwnNames() {
        expectFindings(
            """
            struct Handle { var value: String }
            let handle = Handle(value: "x")
            """)
        expectFindings(
            """
            import LiveCommunicationKit
            struct Conversation { var title: String }
            let conversation = Conversation(title: "x")
            let chat = App.Conversation.self
            let handle = LiveCommunicationKit.↓Handle.self
            """)
    }

    @Test func aDottedChainIsReportedOnceAtItsNeediestName() {
        expectFindings(
            """
            import LiveCommunicationKit
            let update = ↓Conversation.Update(localMember: nil, members: nil)
            let configuration = ↓ConversationManager.Configuration.self
            func f(_ manager: Any) async throws {
                try await ↓TelephonyConversationManager.sharedInstance.startCellularConversation(action)
                manager.↓reportConversationEvent(.conversationConnected(Date()), for: conversation)
            }
            """)
    }

    @Test func helperChecksCoverOnlyWhenTheRuleAuthorOptsIn() throws {
        let source = """
            import LiveCommunicationKit
            func isLCKAvailable() -> Bool {
                if #available(iOS 17.4, *) { return true }
                return false
            }
            var supportsLCK: Bool {
                guard #available(iOS 17.4, *) else { return false }
                return true
            }
            func f() {
                if isLCKAvailable() { _ = MARKHandle.self }
                guard supportsLCK else { return }
                _ = MARKConversation.self
            }
            """
        expectFindings(source.replacingOccurrences(of: "MARK", with: "↓"))
        expectFindings(source.replacingOccurrences(of: "MARK", with: ""), rules: try Self.rules(helperChecks: true))
    }

    @Test func thePublicEntryPointTakesASourceAndATarget() {
        let source = "import LiveCommunicationKit\nlet handle: Handle? = nil\n"
        let findings = UnguardedLCKAvailabilityAnalyzer.findings(
            inSource: source, deploymentTarget: Self.ios15, rules: AnalyzerTestSupport.rules)
        #expect(findings.map(\.ruleID) == ["unguarded_lck_availability"])
        #expect(findings.first?.message.contains("`Handle` needs iOS 17.4 (LiveCommunicationKit)") == true)
        #expect(findings.first?.message.contains("built for iOS 15.0") == true)
        #expect(findings.first?.evidence.first?.contains("api-map") == true)
        #expect(
            UnguardedLCKAvailabilityAnalyzer.findings(
                inSource: source, deploymentTarget: OSVersion(17, 4), rules: AnalyzerTestSupport.rules
            ).isEmpty)
    }

    /// Deep nesting needs no recursion and the walk stays linear: its work (tokens looked at, lookaheads
    /// included) counted at two sizes, and a 20 000-deep file is walked at all.
    @Test func deepNestingIsLinearAndNeedsNoRecursion() {
        func nested(_ depth: Int) -> String {
            "import LiveCommunicationKit\n"
                + String(
                    repeating: "@available(iOS 17.4, *) func f() { if #available(iOS 17.4, *), x { (", count: depth)
                + "Handle.self" + String(repeating: ") } }\n", count: depth)
        }
        func work(_ depth: Int) -> Int {
            let file = Lexer.tokenize(Array(nested(depth).utf8))
            var coverage = AvailabilityCoverage(file: file)
            for index in file.tokens.indices { _ = coverage.step(index) }
            return coverage.work
        }
        let small = work(1_000)
        let large = work(2_000)
        #expect(large <= small * 2 + 10, "work \(small) → \(large)")
        let hostile = UnguardedLCKAvailabilityAnalyzer.findings(
            inSource: nested(20_000), deploymentTarget: Self.ios15, rules: AnalyzerTestSupport.rules)
        #expect(hostile.isEmpty)
        let uncovered = UnguardedLCKAvailabilityAnalyzer.findings(
            inSource: "import LiveCommunicationKit\n" + String(repeating: "if x { _ = Handle.self\n", count: 2_000),
            deploymentTarget: Self.ios15, rules: AnalyzerTestSupport.rules)
        #expect(uncovered.count == 2_000)
    }

    /// The disk table with the rule's `helperChecks` parameter set.
    static func rules(helperChecks: Bool) throws -> RuleTable {
        let table = AnalyzerTestSupport.rules
        var analyzers = table.analyzers
        let index = try #require(analyzers.firstIndex { $0.id == "unguarded_lck_availability" })
        let parameters = try JSONParser().parse("{\"helperChecks\": \(helperChecks)}").root
        analyzers[index].parameters = AnalyzerParameters(parameters)
        return RuleTable(mappings: table.mappings, analyzers: analyzers, availability: table.availability)
    }
}
