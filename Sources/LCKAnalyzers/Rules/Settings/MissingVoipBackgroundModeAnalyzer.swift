import LCKCore
import LCKRules

/// PushKit VoIP pushes are requested, but the app's Info.plist has no `voip` in `UIBackgroundModes`:
/// CallKit fails with `CXError.Code.missingVoIPBackgroundMode` and the pushes never wake the app.
package struct MissingVoipBackgroundModeAnalyzer: SettingsAnalyzer {
    package let ruleID = "missing_voip_background_mode"

    package init() {}

    package func settingsFindings(for target: AppTargetFacts, rules: RuleTable) -> [Finding] {
        guard target.isApplication, let plist = target.infoPlist, let use = target.usage.evidence(.voipPush) else {
            return []
        }
        let modes = plist.arrayValues["UIBackgroundModes"] ?? []
        guard !modes.contains("voip") else { return [] }
        let spot = plist.keys["UIBackgroundModes"] ?? plist.dictionary
        let message =
            plist.keys["UIBackgroundModes"] == nil
            ? "\(target.name) requests VoIP pushes but its Info.plist has no UIBackgroundModes; add `voip`"
            : "\(target.name) requests VoIP pushes but UIBackgroundModes lacks `voip`; add it"
        return [finding(at: spot, rules: rules, message: message, evidence: ["VoIP push type used at \(use)"])]
    }
}
