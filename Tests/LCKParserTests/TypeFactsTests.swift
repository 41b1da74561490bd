import LCKLexer
import Testing

@testable import LCKParser

@Suite struct TypeFactsTests {
    let parsed = Parsed(
        """
        import CallKit
        typealias Provider = CXProvider
        let sharedController = CXCallController()

        final class CallManager: NSObject {
            let provider: Provider
            var pending: [CXHandle] = []
            var controller = CallKit.CXCallController.init(queue: .main)
            var update: CXCallUpdate!

            init(configuration: CXProviderConfiguration) {
                provider = CXProvider(configuration: configuration)
            }

            func end(uuid: UUID) {
                let provider = makeOther()
                let action = CXEndCallAction(call: uuid)
                let copy = action
                let own = self.provider
                if let update {
                    print(provider, copy, update)
                }
                controller.request(CXTransaction(action: action)) { error in }
            }
        }

        extension CallManager: CXProviderDelegate {
            func providerDidReset(_ provider: CXProvider) {
                pending.removeAll()
            }
        }

        extension CallManager: PKPushRegistryDelegate, @unchecked Sendable {}
        """)

    var facts: TypeFacts { TypeFacts(outline: parsed.outline, file: parsed.file) }

    @Test func conformancesMergeDeclarationAndExtensions() {
        #expect(
            facts.conformances(of: "CallManager") == [
                "NSObject", "CXProviderDelegate", "PKPushRegistryDelegate", "Sendable",
            ])
        #expect(facts.conforms("CallManager", to: "CXProviderDelegate"))
        #expect(facts.types(conformingTo: "PKPushRegistryDelegate") == ["CallManager"])
        #expect(facts.types(conformingTo: "CXCallObserverDelegate").isEmpty)
    }

    @Test func declaredAndInferredTypesWithAliases() {
        #expect(facts.memberType(of: "CallManager", member: "provider") == "CXProvider")
        #expect(facts.memberType(of: "CallManager", member: "pending") == "CXHandle")
        #expect(facts.memberType(of: "CallManager", member: "controller") == "CXCallController")
        #expect(facts.memberType(of: "CallManager", member: "update") == "CXCallUpdate")
        let members = facts.members.filter { !$0.isFunction }.map {
            "\($0.typeName).\($0.memberName): \($0.memberType ?? "?")"
        }
        #expect(
            members == [
                "CallManager.provider: CXProvider", "CallManager.pending: CXHandle",
                "CallManager.controller: CXCallController", "CallManager.update: CXCallUpdate",
            ])
        #expect(facts.members.filter(\.isFunction).map(\.memberName) == ["end", "providerDidReset"])
    }

    @Test func scopedLookupPrefersLocalsThenPropertiesThenGlobals() {
        // Inside `end`, the local `provider` (unknown type) shadows the property.
        let printCall = parsed.token("print")
        #expect(facts.typeOf(name: "provider", at: printCall) == nil)
        #expect(facts.lookup(name: "provider", at: printCall).map { parsed.outline.variables[$0].kind } == .local)
        // Inside the initializer, the property is found.
        #expect(facts.typeOf(name: "provider", at: parsed.token("configuration", occurrence: 2)) == "CXProvider")
        // Copies and shorthand bindings follow their source.
        #expect(facts.typeOf(name: "copy", at: printCall) == "CXEndCallAction")
        #expect(facts.typeOf(name: "update", at: printCall) == "CXCallUpdate")
        // `self.provider` is the property even though a local `provider` shadows it.
        #expect(facts.typeOf(name: "own", at: printCall) == "CXProvider")
        // Parameters in an extension of the same type; properties from the main declaration.
        let removeAll = parsed.token("removeAll")
        #expect(facts.typeOf(name: "provider", at: removeAll) == "CXProvider")
        #expect(facts.lookup(name: "provider", at: removeAll).map { parsed.outline.variables[$0].kind } == .parameter)
        #expect(facts.typeOf(name: "pending", at: removeAll) == "CXHandle")
        #expect(facts.typeOf(name: "sharedController", at: removeAll) == "CXCallController")
        #expect(facts.typeOf(name: "error", at: parsed.token("error") + 2) == nil)
        #expect(facts.typeOf(name: "missing", at: removeAll) == nil)
    }

    @Test func closureParametersAndLiteralsInfer() {
        let snippet = Parsed(
            """
            let label = "x"
            let count = 3
            let ids = Set<UUID>()
            let handles = [CXHandle]()
            provider.setDelegate(self) { (update: CXCallUpdate) in
                use(update)
            }
            for case let start as CXStartCallAction in transaction.actions {
                begin(start)
            }
            """)
        let facts = TypeFacts(outline: snippet.outline, file: snippet.file)
        #expect(facts.typeOf(name: "label", at: snippet.token("use")) == "String")
        #expect(facts.typeOf(name: "count", at: snippet.token("use")) == "Int")
        #expect(facts.typeOf(name: "ids", at: snippet.token("use")) == "Set")
        #expect(facts.typeOf(name: "handles", at: snippet.token("use")) == "CXHandle")
        #expect(facts.typeOf(name: "update", at: snippet.token("use")) == "CXCallUpdate")
        #expect(facts.typeOf(name: "update", at: snippet.token("provider")) == nil)
        #expect(facts.typeOf(name: "start", at: snippet.token("begin")) == "CXStartCallAction")
        let cast = snippet.outline.casts.first
        #expect(cast?.isPattern == true && snippet.text(cast?.boundName) == "start")
    }
}

@Suite struct ProjectTypeIndexTests {
    @Test func membersDeclaredInAnotherFileResolveInAnExtension() {
        let manager = Parsed(
            """
            final class CallManager: NSObject {
                let provider = CXProvider(configuration: .init(localizedName: "Calls"))
                let controller: CXCallController
            }
            """)
        let extensionFile = Parsed(
            """
            extension CallManager: CXProviderDelegate {
                func providerDidReset(_ unused: CXProvider) {
                    provider.invalidate()
                }
            }
            """)
        let managerFacts = TypeFacts(outline: manager.outline, file: manager.file)
        let extensionFacts = TypeFacts(outline: extensionFile.outline, file: extensionFile.file)
        let project = ProjectTypeIndex([managerFacts, extensionFacts])
        let use = extensionFile.token("invalidate")
        #expect(extensionFacts.typeOf(name: "provider", at: use) == nil)
        #expect(extensionFacts.typeOf(name: "provider", at: use, project: project) == "CXProvider")
        #expect(project.memberType(of: "CallManager", member: "controller") == "CXCallController")
        #expect(project.conformances(of: "CallManager") == ["NSObject", "CXProviderDelegate"])
        // Names declared locally are never replaced by project members.
        #expect(extensionFacts.typeOf(name: "unused", at: use, project: project) == "CXProvider")
        #expect(extensionFacts.typeOf(name: "missing", at: use, project: project) == nil)
    }
}
