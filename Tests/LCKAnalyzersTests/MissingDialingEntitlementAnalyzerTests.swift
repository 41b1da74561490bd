import LCKAnalyzers
import Testing

@Suite struct MissingDialingEntitlementAnalyzerTests {
    let analyzer = MissingDialingEntitlementAnalyzer()
    let telephony = "import LiveCommunicationKit\nlet manager = TelephonyConversationManager()\n"

    @Test func telephonyWithoutTheDialingEntitlementIsReportedInTheEntitlements() throws {
        let target = SettingsTestSupport.target(
            swift: telephony, entitlements: ["aps-environment"])
        let found = SettingsTestSupport.findings(analyzer, target)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.ruleID == "missing_dialing_entitlement")
        #expect(finding.path == SettingsTestSupport.entitlementsPath)
        #expect(finding.message.contains("com.apple.developer.dialing-app"))
    }

    @Test func theEntitlementNoEntitlementsFileOrNoTelephonyReportNothing() {
        let held = SettingsTestSupport.target(
            swift: telephony, entitlements: ["com.apple.developer.dialing-app"])
        let unknown = SettingsTestSupport.target(swift: telephony)
        let noUse = SettingsTestSupport.target(swift: "let x = 1\n", entitlements: [])
        for target in [held, unknown, noUse] {
            #expect(SettingsTestSupport.findings(analyzer, target).isEmpty)
        }
    }
}
