import LCKCore

/// `--min-severity`, `--min-confidence` and `--only` (`minSeverity`, `minConfidence`, `only` in the config):
/// which findings `scan` reports and counts for its exit status. The scan applies it after baseline matching
/// and after `--write-baseline`, so the baseline always records every finding and its known/fixed counts
/// ignore the filter.
public struct FindingFilter: Sendable, Equatable {
    /// One `--only` entry.
    public enum Selection: Sendable, Hashable, CustomStringConvertible {
        /// Every finding that is not a mapping: the anti-pattern analyzers and the suppression checks
        /// (`unused_suppression`, `suppression_without_reason`). With `mappings` it covers every finding.
        case analyzers
        /// The CallKit/PushKit inventory: findings of mapping rules.
        case mappings
        /// The findings of one rule id.
        case rule(String)

        public init(_ text: String) {
            switch text {
            case "analyzers": self = .analyzers
            case "mappings": self = .mappings
            default: self = .rule(text)
            }
        }

        public var description: String {
            switch self {
            case .analyzers: "analyzers"
            case .mappings: "mappings"
            case .rule(let id): id
            }
        }
    }

    /// Findings below this severity are left out; `.note` keeps every finding.
    public var minSeverity: Severity
    /// Findings whose confidence is below this are left out; `.low` keeps every finding. A finding without
    /// a confidence (a CallKit/PushKit usage, a suppression check) states a fact, not a judgement: kept.
    public var minConfidence: Confidence
    /// Only findings some entry selects are kept; nil keeps every finding.
    public var only: [Selection]?

    public init(minSeverity: Severity = .note, minConfidence: Confidence = .low, only: [Selection]? = nil) {
        self.minSeverity = minSeverity
        self.minConfidence = minConfidence
        self.only = only
    }

    /// True when the filter keeps every finding.
    public var keepsEverything: Bool { minSeverity == .note && minConfidence == .low && only == nil }

    /// `analyzers,RULE` as `--only` spells it: comma-separated, blanks around entries ignored, empty entries
    /// dropped; nil when no entry remains.
    public static func parseOnly(_ text: String) -> [Selection]? {
        let entries = text.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        return entries.isEmpty ? nil : entries.map { Selection(String($0)) }
    }

    /// The rule ids `only` names that are not in `known`, in order.
    public func unknownRuleIDs(known: Set<String>) -> [String] {
        (only ?? []).compactMap { selection in
            if case .rule(let id) = selection, !known.contains(id) { return id }
            return nil
        }
    }

    /// The first `only` entry that names no known rule, with a suggestion ("did you mean"): such an entry
    /// would silently report nothing and let the run pass. Nil when every entry is known.
    public func unknownEntry(known: Set<String>) -> (entry: String, suggestion: String?)? {
        guard let unknown = unknownRuleIDs(known: known).first else { return nil }
        return (unknown, EditDistance.closest(to: unknown, in: ["analyzers", "mappings"] + known.sorted()))
    }

    /// Whether `finding`, of a rule of kind `kind` (nil when the rule is unknown: treated as an analyzer),
    /// is reported.
    public func keeps(_ finding: Finding, kind: RuleDescriptor.Kind?) -> Bool {
        guard finding.severity >= minSeverity else { return false }
        if let confidence = finding.confidence, confidence < minConfidence { return false }
        guard let only else { return true }
        let isMapping = kind == .mapping
        return only.contains { selection in
            switch selection {
            case .analyzers: !isMapping
            case .mappings: isMapping
            case .rule(let id): id == finding.ruleID
            }
        }
    }

    /// Whether `only` asks for CallKit/PushKit usages (`mappings`, or the id of a mapping rule in `rules`):
    /// such a run wants every use listed, not one row per symbol.
    public func selectsUsages(of rules: [RuleDescriptor]) -> Bool {
        guard let only else { return false }
        let mappingIDs = Set(rules.lazy.filter { $0.kind == .mapping }.map(\.id))
        return only.contains { selection in
            switch selection {
            case .analyzers: false
            case .mappings: true
            case .rule(let id): mappingIDs.contains(id)
            }
        }
    }

    /// Removes the findings the filter leaves out from `report` (suppressed ones too: they are not reported
    /// either) and returns how many unsuppressed findings went, for the summary line.
    public func apply(to report: inout ScanReport, rules: [RuleDescriptor]) -> Int {
        guard !keepsEverything else { return 0 }
        var kinds: [String: RuleDescriptor.Kind] = [:]
        for rule in rules { kinds[rule.id] = rule.kind }
        var removedActive = 0
        report.findings.removeAll { finding in
            if keeps(finding, kind: kinds[finding.ruleID]) { return false }
            if finding.suppression == nil { removedActive += 1 }
            return true
        }
        return removedActive
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
