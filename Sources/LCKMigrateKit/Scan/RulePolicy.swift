import LCKCore

/// Which rules report and at what severity, from `disabledRules`, `enabledRules`, `severity`
/// (config) and `--severity` (command line, applied over the config's).
public struct RulePolicy: Sendable, Equatable {
    /// Only these report, when non-nil. The suppression stage's own rules are exempt (disable them instead).
    public var enabledRules: Set<String>?
    public var disabledRules: Set<String>
    public var severityOverrides: [String: Severity]

    public init(
        enabledRules: Set<String>? = nil, disabledRules: Set<String> = [], severityOverrides: [String: Severity] = [:]
    ) {
        self.enabledRules = enabledRules
        self.disabledRules = disabledRules
        self.severityOverrides = severityOverrides
    }

    /// Whether findings of `ruleID` are reported at all; checked before a finding is kept, so disabled rules cost nothing later.
    public func isActive(_ ruleID: String) -> Bool {
        if disabledRules.contains(ruleID) { return false }
        guard let enabledRules else { return true }
        return enabledRules.contains(ruleID) || SuppressionRules.all.contains { $0.id == ruleID }
    }

    /// Drops findings of inactive rules and applies severity overrides (stage "policy").
    public func apply(to findings: inout [Finding]) {
        findings.removeAll { !isActive($0.ruleID) }
        guard !severityOverrides.isEmpty else { return }
        for index in findings.indices {
            if let severity = severityOverrides[findings[index].ruleID] { findings[index].severity = severity }
        }
    }

    /// The rule descriptors a report lists: inactive rules removed, overridden severities applied.
    public func apply(to rules: [RuleDescriptor]) -> [RuleDescriptor] {
        rules.filter { isActive($0.id) }.map { rule in
            var rule = rule
            if let severity = severityOverrides[rule.id] { rule.severity = severity }
            return rule
        }
    }
}
