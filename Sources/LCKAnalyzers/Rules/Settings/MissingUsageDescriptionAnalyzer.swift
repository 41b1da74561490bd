import LCKCore
import LCKRules

/// A calling app without `NSMicrophoneUsageDescription`, or a video-calling one without
/// `NSCameraUsageDescription`: the system terminates the app when it first asks for the device.
package struct MissingUsageDescriptionAnalyzer: SettingsAnalyzer {
    package let ruleID = "missing_usage_description"

    package init() {}

    package func settingsFindings(for target: AppTargetFacts, rules: RuleTable) -> [Finding] {
        guard target.isApplication, let plist = target.infoPlist else { return [] }
        var findings: [Finding] = []
        let callUse = target.usage.evidence(.calls) ?? target.usage.evidence(.voipPush)
        if let callUse, plist.keys["NSMicrophoneUsageDescription"] == nil {
            findings.append(
                finding(
                    at: plist.dictionary, rules: rules,
                    message:
                        "\(target.name) places or receives calls but declares no NSMicrophoneUsageDescription; "
                        + "add one (or INFOPLIST_KEY_NSMicrophoneUsageDescription)",
                    evidence: ["calls at \(callUse)"]))
        }
        if let videoUse = target.usage.evidence(.video), plist.keys["NSCameraUsageDescription"] == nil {
            findings.append(
                finding(
                    at: plist.dictionary, rules: rules,
                    message:
                        "\(target.name) offers video calls but declares no NSCameraUsageDescription; "
                        + "add one (or INFOPLIST_KEY_NSCameraUsageDescription)",
                    evidence: ["video at \(videoUse)"]))
        }
        return findings
    }
}
