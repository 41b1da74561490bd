/// How serious a finding is; ordered so that `error > warning > note`.
///
/// The raw values are the spellings used in `Rules/`, the config file, `--fail-on` and JSON output.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// How sure an analyzer is that a finding is real; name-based heuristics are rarely `high`.
public enum Confidence: String, Sendable, Codable, CaseIterable, Comparable {
    case high
    case medium
    case low

    private var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rank < rhs.rank }
}

/// How a CallKit symbol becomes its LiveCommunicationKit counterpart.
public enum MappingKind: String, Sendable, Codable, CaseIterable {
    /// Same semantics, new name.
    case rename
    /// Same concept, different signature or type.
    case reshape
    /// Behaviour differs; needs a human decision.
    case semanticChange = "semantic_change"
    /// Several CallKit objects become one (CXProvider + CXCallController → ConversationManager).
    case merge
    /// A completion-handler API that only exists as `async` in LiveCommunicationKit.
    case callbackToAsync = "callback_to_async"
    /// A delegate callback that moves to a different `ConversationManagerDelegate` method.
    case delegateMethod = "delegate_method"
    /// Identical name and meaning.
    case unchanged
    /// No LiveCommunicationKit equivalent: keep CallKit for it.
    case noEquivalent = "no_equivalent"

    /// Whether code written this way must be edited to build or behave the same under LiveCommunicationKit:
    /// every kind with a counterpart except `unchanged`. A usage's severity no longer says so (usages are
    /// notes unless their rule says otherwise), so the migration plan asks this instead.
    public var needsEdit: Bool {
        switch self {
        case .rename, .reshape, .semanticChange, .merge, .callbackToAsync, .delegateMethod: true
        case .unchanged, .noEquivalent: false
        }
    }
}
