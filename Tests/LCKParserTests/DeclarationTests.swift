import LCKLexer
import Testing

@testable import LCKParser

@Suite struct DeclarationTests {
    let providerFile = Parsed(
        """
        import Foundation
        import class CallKit.CXProvider
        @preconcurrency import PushKit

        @available(iOS 14.0, *)
        @objc final class ProviderDelegate: NSObject, CallKit.CXProviderDelegate, @unchecked Sendable {
            private let provider: CXProvider
            private weak var manager: CallManager?
            lazy var controller = CXCallController()
            static let shared = ProviderDelegate(configuration: .default)
            var (left, right) = (1, 2)
            var isActive: Bool { provider.delegate != nil }
            var state: Int = 0 {
                didSet { print(state) }
            }

            init(configuration: CXProviderConfiguration) {
                provider = CXProvider(configuration: configuration)
                super.init()
            }

            deinit { provider.invalidate() }

            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }

            func reportIncoming(uuid: UUID, handle: String, hasVideo: Bool = false, completion: ((Error?) -> Void)? = nil) async throws -> [CXHandle] {
                []
            }

            func finish(_ result: Result<Void, Error>, calls: Dictionary<UUID, CXCall>) {
                []
            }

            static func == (lhs: ProviderDelegate, rhs: ProviderDelegate) -> Bool { lhs === rhs }

            subscript(index: Int) -> CXCall? { nil }

            enum Mode: String { case audio, video }
        }
        """)

    @Test func importsKeepKindAndAttributes() {
        let imports = providerFile.outline.imports
        #expect(imports.count == 3)
        #expect(providerFile.text(imports[0].path) == "Foundation")
        #expect(providerFile.text(imports[1].kindToken) == "class")
        #expect(providerFile.text(imports[1].path) == "CallKit.CXProvider")
        #expect(providerFile.text(imports[1].moduleToken) == "CallKit")
        #expect(imports[2].attributes.map { providerFile.text($0.nameToken) } == ["preconcurrency"])
        #expect(providerFile.text(imports[2].moduleToken) == "PushKit")
    }

    @Test func typeDeclarationHasNormalisedInheritanceAndAttributes() throws {
        let type = try #require(providerFile.type(named: "ProviderDelegate"))
        #expect(type.kind == .class)
        #expect(
            type.inherited.map { providerFile.text($0.nameToken) } == ["NSObject", "CXProviderDelegate", "Sendable"])
        #expect(providerFile.text(type.inherited[1].range) == "CallKit.CXProviderDelegate")
        #expect(type.attributes.map { providerFile.text($0.nameToken) } == ["available", "objc"])
        #expect(providerFile.text(type.attributes[0].arguments) == "(iOS 14.0, *)")
        #expect(type.modifiers.contains(.final))
        let body = try #require(type.body)
        #expect(providerFile.file.tokens[body.lowerBound].kind == .leftBrace)
        #expect(providerFile.file.tokens[body.upperBound - 1].kind == .rightBrace)
        #expect(body.upperBound == providerFile.file.tokens.count)
        let nested = try #require(providerFile.type(named: "Mode"))
        #expect(nested.kind == .enum)
        #expect(
            nested.parent
                == providerFile.outline.types.firstIndex { providerFile.text($0.nameToken) == "ProviderDelegate" })
    }

    @Test func selectorsOfFunctionsInitializersAndOperators() {
        let outline = providerFile.outline
        let selectors = outline.functions.indices.map { outline.selector(ofFunction: $0, in: providerFile.file) }
        #expect(
            selectors == [
                "init(configuration:)", "deinit", "provider(_:perform:)",
                "reportIncoming(uuid:handle:hasVideo:completion:)", "finish(_:calls:)", "==(_:_:)", "subscript(_:)",
            ])
        #expect(outline.functions.allSatisfy { $0.enclosingType == 0 })
        #expect(outline.functions[5].isOperator)
        #expect(outline.functions[5].modifiers.contains(.static))
        #expect(
            outline.functions[4].parameters.map { providerFile.text($0.type?.range) } == [
                "Result<Void, Error>", "Dictionary<UUID, CXCall>",
            ])
    }

    @Test func parametersCarryLabelsTypesAndDefaults() throws {
        let delegate = try #require(providerFile.function(named: "provider"))
        #expect(delegate.parameters.map { providerFile.text($0.firstName) } == ["_", "perform"])
        #expect(delegate.parameters.map { providerFile.text($0.internalName) } == ["provider", "action"])
        #expect(
            delegate.parameters.map { providerFile.text($0.type?.nameToken) } == ["CXProvider", "CXAnswerCallAction"])
        #expect(providerFile.text(delegate.body) == "{ action.fulfill() }")

        let report = try #require(providerFile.function(named: "reportIncoming"))
        #expect(report.isAsync && report.isThrowing)
        #expect(report.returnType?.shape == .array)
        #expect(providerFile.text(report.returnType?.nameToken) == "CXHandle")
        #expect(providerFile.text(report.parameters[2].defaultValue) == "false")
        let completion = report.parameters[3]
        #expect(completion.type?.shape == .tuple)
        #expect(completion.type?.isOptional == true)
        #expect(providerFile.text(completion.defaultValue) == "nil")
    }

    @Test func propertiesWithModifiersInitializersAndAccessors() throws {
        let provider = try #require(providerFile.variable(named: "provider"))
        #expect(provider.kind == .property && provider.isConstant)
        #expect(provider.modifiers.contains(.private))
        let manager = try #require(providerFile.variable(named: "manager"))
        #expect(manager.modifiers.contains(.weak))
        #expect(manager.type?.isOptional == true)
        #expect(providerFile.text(manager.type?.nameToken) == "CallManager")
        let controller = try #require(providerFile.variable(named: "controller"))
        #expect(controller.modifiers.contains(.lazy))
        #expect(providerFile.text(controller.initializer) == "CXCallController()")
        let shared = try #require(providerFile.variable(named: "shared"))
        #expect(shared.modifiers.contains(.static))
        let computed = try #require(providerFile.variable(named: "isActive"))
        #expect(computed.accessorBlocks.count == 1)
        #expect(providerFile.kinds(of: computed.accessorBlocks[0]) == [.expression])
        let observed = try #require(providerFile.variable(named: "state"))
        #expect(providerFile.text(observed.initializer) == "0")
        #expect(observed.accessorBlocks.count == 1)
        #expect(providerFile.text(providerFile.outline.blocks[observed.accessorBlocks[0]].header) == "didSet")
        // The tuple pattern is skipped without derailing the following members.
        #expect(providerFile.variable(named: "left") == nil)
    }

    @Test func typealiasesAndProtocolsAndExtensions() throws {
        let parsed = Parsed(
            """
            typealias Provider = CallKit.CXProvider
            protocol CallObserving: AnyObject {
                var provider: Provider { get }
                func callDidEnd(_ uuid: UUID)
            }
            extension CallManager: CXCallObserverDelegate where Self: AnyObject {
                func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {}
            }
            public actor CallStore {}
            protocol LegacyObserving: class, CXCallObserverDelegate {}
            """)
        let alias = parsed.outline.typealiases[0]
        #expect(parsed.text(alias.nameToken) == "Provider")
        #expect(parsed.text(alias.target?.nameToken) == "CXProvider")
        let kinds = parsed.outline.types.map(\.kind)
        #expect(kinds == [.protocol, .extension, .actor, .protocol])
        #expect(parsed.outline.types[3].inherited.map { parsed.text($0.nameToken) } == ["CXCallObserverDelegate"])
        #expect(
            parsed.outline.functions.map {
                parsed.outline.selector(ofFunction: parsed.outline.functions.firstIndex(of: $0)!, in: parsed.file)
            }
                == ["callDidEnd(_:)", "callObserver(_:callChanged:)"])
        #expect(parsed.outline.functions[0].body == nil)
        #expect(parsed.outline.functions[1].enclosingType == 1)
        #expect(parsed.text(parsed.outline.types[1].inherited.first?.nameToken) == "CXCallObserverDelegate")
        let requirement = try #require(parsed.variable(named: "provider"))
        #expect(requirement.accessorBlocks.isEmpty)
    }
}
