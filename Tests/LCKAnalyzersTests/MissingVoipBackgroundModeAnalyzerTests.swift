import LCKAnalyzers
import LCKCore
import LCKMigrateKit
import LCKTestSupport
import Testing

@Suite struct MissingVoipBackgroundModeAnalyzerTests {
    let analyzer = MissingVoipBackgroundModeAnalyzer()
    let push = "import PushKit\nfunc go(r: PKPushRegistry) { r.desiredPushTypes = [.voIP] }\n"

    @Test func voipPushesWithoutBackgroundModesAreReportedAtThePlistDictionary() throws {
        let found = SettingsTestSupport.findings(analyzer, SettingsTestSupport.target(swift: push))
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.ruleID == "missing_voip_background_mode")
        #expect(finding.path == SettingsTestSupport.plistPath)
        #expect(finding.range.start == 0)
        #expect(finding.message.contains("has no UIBackgroundModes"))
    }

    @Test func backgroundModesWithoutVoipAreReportedAtThatKey() throws {
        let target = SettingsTestSupport.target(swift: push, plistKeys: ["UIBackgroundModes": ["audio"]])
        let finding = try #require(SettingsTestSupport.findings(analyzer, target).first)
        #expect(finding.range.start == 10)
        #expect(finding.message.contains("lacks `voip`"))
    }

    @Test func voipModeNoPushesNoPlistOrAnExtensionReportNothing() {
        let declared = SettingsTestSupport.target(swift: push, plistKeys: ["UIBackgroundModes": ["voip"]])
        let noPush = SettingsTestSupport.target(swift: "let x = 1\n")
        let noPlist = SettingsTestSupport.target(swift: push, plistKeys: nil)
        let widget = SettingsTestSupport.target(swift: push, application: false)
        for target in [declared, noPush, noPlist, widget] {
            #expect(SettingsTestSupport.findings(analyzer, target).isEmpty)
        }
    }

    /// Moved from `LCKMigrateKitTests.ProjectSettingsTests`: the scan reports in the plist.
    @Test func aScanReportsInThePlistAndATreeWithoutSettingsIsUnchanged() throws {
        let tree = try TemporaryTree()
        try tree.file("App/Push.swift", push)
        let before = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        #expect(!before.findings.contains { $0.path.hasSuffix(".plist") })
        try tree.file(
            "App/Info.plist",
            "<plist>\n<dict>\n<key>NSMicrophoneUsageDescription</key><string>m</string>\n</dict></plist>\n")
        let report = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        let finding = try #require(report.findings.first { $0.ruleID == "missing_voip_background_mode" })
        #expect(finding.path == "App/Info.plist")
        #expect(finding.start.line == 2)
        #expect(finding.fingerprint != nil)
    }
}
