import LCKAnalyzers
import Testing

@Suite struct MissingUsageDescriptionAnalyzerTests {
    let analyzer = MissingUsageDescriptionAnalyzer()
    let calls = "import CallKit\nlet provider = CXProvider(configuration: config)\n"
    let video = "import CallKit\nlet provider = CXProvider(configuration: config)\nupdate.hasVideo = true\n"

    @Test func callsWithoutAMicrophoneDescriptionAreReported() throws {
        let found = SettingsTestSupport.findings(analyzer, SettingsTestSupport.target(swift: calls))
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.ruleID == "missing_usage_description")
        #expect(finding.path == SettingsTestSupport.plistPath)
        #expect(finding.message.contains("NSMicrophoneUsageDescription"))
    }

    @Test func videoCallsAlsoNeedACameraDescription() {
        let target = SettingsTestSupport.target(
            swift: video, plistKeys: ["NSMicrophoneUsageDescription": []])
        let found = SettingsTestSupport.findings(analyzer, target)
        #expect(found.map(\.message).contains { $0.contains("NSCameraUsageDescription") })
        #expect(found.count == 1)
    }

    @Test func declaredDescriptionsNoPlistOrAnExtensionReportNothing() {
        let declared = SettingsTestSupport.target(
            swift: video, plistKeys: ["NSMicrophoneUsageDescription": [], "NSCameraUsageDescription": []])
        let noPlist = SettingsTestSupport.target(swift: calls, plistKeys: nil)
        let widget = SettingsTestSupport.target(swift: calls, application: false)
        let noCalls = SettingsTestSupport.target(swift: "let x = 1\n")
        for target in [declared, noPlist, widget, noCalls] {
            #expect(SettingsTestSupport.findings(analyzer, target).isEmpty)
        }
    }
}
