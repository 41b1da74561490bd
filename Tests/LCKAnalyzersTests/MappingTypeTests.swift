import LCKCore
import Testing

@testable import LCKAnalyzers

@Suite struct MappingTypeTests {
    @Test func typeReferencesInEveryPosition() {
        let run = MappingRun(
            """
            import CallKit
            final class Box: NSObject, CXProviderDelegate {
                var provider: CallKit.CXProvider?
                var handles: [CXHandle] = []
                func make() -> CXCallUpdate? { nil }
            }
            """)
        #expect(run.lines() == ["2:cxproviderdelegate", "3:cxprovider", "4:cxhandle", "5:cxcallupdate"])
    }

    @Test func initializerWinsOverTypeOnTheSameToken() {
        let run = MappingRun(
            """
            let a = CXProvider(configuration: config)
            let b = CXProvider.init(configuration: config)
            let c = CXCallController()
            let d = CXCallController(queue: .main)
            let e = CXHandle(type: .generic, value: "x")
            let f = CXProvider(somethingElse: 1)
            """)
        #expect(
            run.lines() == [
                "1:cxprovider_init", "2:cxprovider_init", "3:cxcallcontroller_init", "4:cxcallcontroller_init_queue",
                "5:cxhandle_handletype_generic", "5:cxhandle_init",
                // No initializer has these labels: it is still a CXProvider reference.
                "6:cxprovider",
            ])
        #expect(run.hits.count == 7, "one finding per (rule, token): \(run.hits)")
    }

    @Test func nestedTypeNeedsItsQualifier() {
        let run = MappingRun(
            """
            let kind: CXHandle.HandleType = .generic
            let other: HandleType = .generic
            let status: CXCallDirectoryManager.EnabledStatus
            """)
        // The annotation spells the whole nested name, so the value is the framework's `.generic`.
        #expect(
            run.lines() == [
                "1:cxhandle", "1:cxhandle_handletype", "1:cxhandle_handletype_generic",
                "3:cxcalldirectorymanager", "3:cxcalldirectorymanager_enabled_status",
            ])
    }

    @Test func commentsAndStringsAreNotCodeButInterpolationIs() {
        let run = MappingRun(
            """
            // let provider = CXProvider(configuration: c)
            /* CXCallController() */
            let text = "CXProvider and CXCallUpdate() \\(CXCallUpdate())"
            let multi = \"\"\"
                CXHandle
                \"\"\"
            """)
        #expect(run.lines() == ["3:cxcallupdate_init"])
        #expect(run.hits.first?.text == "CXCallUpdate")
    }

    @Test func typealiasesCarryTheMapping() {
        let run = MappingRun(
            """
            typealias Provider = CXProvider
            let p = Provider(configuration: config)
            """)
        #expect(run.lines() == ["1:cxprovider", "2:cxprovider_init"])
    }

    @Test func findingCarriesRuleMetadata() throws {
        let run = MappingRun("let p: CXProvider")
        let finding = try #require(run.findings.first)
        #expect(finding.ruleID == "cxprovider")
        #expect(finding.symbol == "CXProvider")
        #expect(finding.replacement == "ConversationManager")
        #expect(finding.mappingKind == .merge)
        #expect(finding.severity == .note)  // the rule's level: a usage with a counterpart is a note
        // The rule's advice: its note, then its one-line LiveCommunicationKit after-form.
        #expect(
            finding.message
                == "CXProvider → ConversationManager: LiveCommunicationKit folds the provider and the call controller "
                + "into one ConversationManager. Keep a single instance for the app's lifetime and route both system "
                + "and in-app actions through it. Example: `let manager: ConversationManager`")
        #expect(finding.range == ByteRange(start: 7, end: 17))
    }

    @Test func callKitFreeCodeHasNoFindings() {
        let run = MappingRun(
            """
            struct Handle { var type: Kind; var value: String }
            enum Kind { case generic, phoneNumber }
            func go(expectation: XCTestExpectation, action: Action) {
                expectation.fulfill()
                action.fail()
                let h = Handle(type: .generic, value: "1")
                if h.type == .generic { print(h.value, action.uuid) }
                reportCall(with: 1, updated: 2)
            }
            """)
        #expect(run.hits.isEmpty, "\(run.hits)")
    }
}
