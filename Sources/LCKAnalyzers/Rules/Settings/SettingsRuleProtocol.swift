import LCKCore
import LCKProjectModel
import LCKRules

/// A rule over an app target's settings (Info.plist, entitlements, build settings) and what its Swift
/// code uses. It reports in the settings file, so its per-file `analyze` reports nothing and no file's
/// tokens trigger it; the scan calls `settingsFindings` once per target when the tree has settings files.
package protocol SettingsAnalyzer: Analyzer {
    /// Findings for `target`, each with its settings file's path and a byte range in that file.
    func settingsFindings(for target: AppTargetFacts, rules: RuleTable) -> [Finding]
}

extension SettingsAnalyzer {
    /// Nothing in a Swift file: the findings live in settings files.
    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {}

    /// No Swift file can get a finding from this rule.
    package func triggerNames(rules: RuleTable) -> Set<String>? { [] }

    /// A finding at `spot`, severity and confidence from the rule table, evidence naming the code's use.
    func finding(
        at spot: SettingsSpot, rules: RuleTable, message: String, evidence: [String] = []
    ) -> Finding {
        let rule = rules.analyzer(id: ruleID)
        return Finding(
            ruleID: ruleID, severity: rule?.severity ?? .warning, message: message, range: spot.range,
            confidence: rule?.confidence, evidence: evidence, path: spot.path)
    }
}
