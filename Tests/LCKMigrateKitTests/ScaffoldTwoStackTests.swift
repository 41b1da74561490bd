import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKTestSupport
import Testing

/// The two-stack scaffold: below iOS 17.4 (or with the target unknown) a `CallBackend` protocol with a
/// CallKit and a LiveCommunicationKit implementation, picked with `#available(iOS 17.4, *)`.
@Suite struct ScaffoldTwoStackTests {
    static func facts(deploymentTarget: OSVersion?) -> ScaffoldFacts {
        var facts = ScaffoldGenerator.facts(files: [], findings: [])
        facts.collect(path: "App/ProviderDelegate.swift", file: Lexer.tokenize(Array(scaffoldSampleApp.utf8)))
        facts.deploymentTarget = deploymentTarget
        return facts
    }

    static func files(_ target: OSVersion?) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: ScaffoldGenerator.generate(facts(deploymentTarget: target)).map {
                ($0.name, $0.contents)
            })
    }

    @Test func formFollowsTheDeploymentTarget() {
        let twoStackNames = ["CallBackend.swift", "CallKitCallBackend.swift"]
        for (target, twoStacks) in [
            (OSVersion(15), true), (OSVersion(17, 3, 9), true), (nil, true), (OSVersion(17, 4), false),
            (OSVersion(26), false),
        ] {
            let files = Self.files(target)
            #expect(twoStackNames.allSatisfy { files[$0] != nil } == twoStacks, "at \(String(describing: target))")
            #expect(files.count == (twoStacks ? 7 : 5))
            let marked = files["CallingSystem.swift"]?.contains("@available(iOS 17.4, *)\nfinal class CallingSystem")
            #expect(marked == twoStacks)
        }
    }

    @Test func everyLiveCommunicationKitTypeIsMarkedAndTheFactoryChooses() throws {
        let files = Self.files(OSVersion(15))
        let backend = try #require(files["CallBackend.swift"])
        #expect(backend.contains("protocol CallBackend: AnyObject {"))
        #expect(backend.contains("if #available(iOS 17.4, *) {\n        return CallingSystem()\n    }"))
        #expect(backend.contains("return CallKitCallBackend()"))
        #expect(backend.contains("the deployment target is iOS 15.0"))
        #expect(!backend.contains("LiveCommunicationKit\n"), "the protocol file imports neither framework")
        let system = try #require(files["CallingSystem.swift"])
        #expect(system.contains("@available(iOS 17.4, *)\nextension CallingSystem: CallBackend {"))
        #expect(files["CallingSystemDelegate.swift"]?.contains("@available(iOS 17.4, *)\nfinal class") == true)
        #expect(files["HandleMapper.swift"]?.contains("@available(iOS 17.4, *)\nstruct HandleMapper") == true)
        let delegate = try #require(files["CallingSystemDelegate.swift"])
        #expect(
            delegate.contains(
                "if onAction(.answer(action.conversationUUID)) { action.fulfill(dateConnected: Date()) } else { action.fail() }"
            ))
        // Actions with no CallBackendAction keep their port-me case.
        #expect(delegate.contains("case let action as MergeConversationAction:\n            // Was"))
        let push = try #require(files["VoIPPushHandler.swift"])
        #expect(push.contains("private let calls: any CallBackend"))
        #expect(push.contains("try await calls.reportIncomingCall("))
        #expect(!push.contains("LiveCommunicationKit"), "the push handler reports through the backend only")
    }

    @Test func callKitBackendCarriesTheConfigurationAndHandlers() throws {
        let callKit = try #require(Self.files(OSVersion(15))["CallKitCallBackend.swift"])
        #expect(callKit.contains("configuration.maximumCallGroups = 1  // as at App/ProviderDelegate.swift:10"))
        #expect(callKit.contains("configuration.ringtoneSound = \"Ring.caf\""))
        #expect(callKit.contains("// TODO: configuration.iconTemplateImageData = UIImage(named: \"Mask\")?.pngData()"))
        #expect(callKit.contains("configuration.supportedHandleTypes = [.phoneNumber, .emailAddress]"))
        #expect(callKit.contains("// Was provider(_:perform:) at App/ProviderDelegate.swift:21; move its body"))
        #expect(callKit.contains("// The app has no CXEndCallAction handler today."))
        #expect(callKit.contains("// TODO: move the app's CXSetGroupCallAction handler here as it is"))
        #expect(callKit.contains("provider.setDelegate(self, queue: nil)"))
        #expect(callKit.contains("provider.invalidate()"))
    }

    @Test func todoAndSummaryNameTheTargetOrSayUnknown() throws {
        let known = try #require(Self.files(OSVersion(15))["TODO.md"])
        #expect(known.contains("## Two stacks until iOS 17.4"))
        #expect(known.contains("because the deployment target is iOS 15.0."))
        let unknown = try #require(Self.files(nil)["TODO.md"])
        #expect(unknown.contains("the deployment target is unknown"))
        #expect(Self.files(OSVersion(17, 4))["TODO.md"]?.contains("Two stacks") == false)
        #expect(Self.facts(deploymentTarget: nil).stackSummary.hasSuffix("correct on any target"))
        #expect(
            Self.facts(deploymentTarget: OSVersion(18)).stackSummary
                == "deployment target iOS 18.0: LiveCommunicationKit only")
    }
}
