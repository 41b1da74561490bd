import LCKCore
import LCKRules

/// `TelephonyConversationManager` and `StartCellularConversationAction` (iOS 26) work only for an app
/// holding `com.apple.developer.dialing-app`; without it the app sees no cellular services.
package struct MissingDialingEntitlementAnalyzer: SettingsAnalyzer {
    package let ruleID = "missing_dialing_entitlement"
    static let entitlement = "com.apple.developer.dialing-app"

    package init() {}

    package func settingsFindings(for target: AppTargetFacts, rules: RuleTable) -> [Finding] {
        guard let entitlements = target.entitlements, let use = target.usage.evidence(.telephony),
            entitlements.keys[Self.entitlement] == nil
        else { return [] }
        return [
            finding(
                at: entitlements.dictionary, rules: rules,
                message:
                    "\(target.name) uses telephony conversations but its entitlements lack \(Self.entitlement)",
                evidence: ["telephony API at \(use)"])
        ]
    }
}
