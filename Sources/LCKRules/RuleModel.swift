import LCKCore

/// The migration-report section a mapping belongs to.
public enum MigrationArea: String, Sendable, Hashable, CaseIterable {
    case provider
    case incoming
    case outgoing
    case actions
    case audio
    case handles
    case group
    case directory
    case observer
}

/// Where a rule (or a problem with it) was written, for `file:line:column` messages.
public struct RuleLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user should see it (`Rules/mappings/provider.json`, `./custom/mappings/app.json`).
    public var file: String
    /// Position inside the file; `.unknown` when the problem is about the file as a whole.
    public var position: SourcePosition

    public init(file: String, position: SourcePosition = .unknown) {
        self.file = file
        self.position = position
    }

    public var description: String {
        position == .unknown ? file : "\(file):\(position.line):\(position.column)"
    }
}

/// What LiveCommunicationKit offers for a mapped symbol, for the report's availability column.
public struct MappingAvailability: Sendable, Hashable {
    /// First OS version with the replacement (`iOS 17.4`), or nil when there is none.
    public var lck: String?
    /// The symbol or its replacement only exists from iOS 26 on.
    public var ios26: Bool

    public init(lck: String?, ios26: Bool) {
        self.lck = lck
        self.ios26 = ios26
    }
}

/// What a mapping example's `after` is (`example.afterIs`), so only real LiveCommunicationKit code is
/// offered as code to write, and the test suite knows which snippets to type-check.
public enum AfterForm: String, Sendable, Hashable, CaseIterable {
    /// LiveCommunicationKit (and PushKit) Swift that type-checks against the stub modules in Tests/Stubs.
    case lck
    /// Swift that stays on CallKit (Call Directory, CXCallObserver, error domains); no stub to check it.
    case callkit
    /// Comments saying what to do: nothing to write.
    case prose
}

/// A before/after pair shown in reports and docs.
public struct MappingExample: Sendable, Hashable {
    public var before: String
    public var after: String
    /// Nil when the rule file does not say (custom packs written before the key existed): not offered as code.
    public var afterIs: AfterForm?

    public init(before: String, after: String, afterIs: AfterForm? = nil) {
        self.before = before
        self.after = after
        self.afterIs = afterIs
    }
}

/// One row of the mapping table: a CallKit/PushKit symbol (or an app wrapper), how detection
/// finds it, and what replaces it.
public struct MappingRule: Sendable, Hashable {
    public var id: String
    public var symbol: String
    public var replacement: String
    public var mappingKind: MappingKind
    public var area: MigrationArea
    public var severity: Severity
    public var title: String
    public var note: String
    public var availability: MappingAvailability?
    /// Relative migration effort, 1 (trivial rename) to 8 (redesign).
    public var effort: Int
    public var docs: String?
    public var tags: [String]
    public var example: MappingExample?
    /// One or more patterns; a usage matching any of them is a finding for this rule.
    public var matches: [MatchSpec]
    public var location: RuleLocation
    /// The entry as written, hashed for the table fingerprint.
    public var source: JSONValue

    public init(
        id: String, symbol: String, replacement: String, mappingKind: MappingKind, area: MigrationArea,
        severity: Severity, title: String, note: String, availability: MappingAvailability? = nil,
        effort: Int = 1, docs: String? = nil, tags: [String] = [], example: MappingExample? = nil,
        matches: [MatchSpec], location: RuleLocation, source: JSONValue
    ) {
        self.id = id
        self.symbol = symbol
        self.replacement = replacement
        self.mappingKind = mappingKind
        self.area = area
        self.severity = severity
        self.title = title
        self.note = note
        self.availability = availability
        self.effort = effort
        self.docs = docs
        self.tags = tags
        self.example = example
        self.matches = matches
        self.location = location
        self.source = source
    }
}

/// The data half of a Swift-coded anti-pattern analyzer: texts, severity, examples, tunables.
public struct AnalyzerRule: Sendable, Hashable {
    public var id: String
    /// `.analyzer`, or `.meta` for findings about the run itself.
    public var kind: RuleDescriptor.Kind
    public var title: String
    public var severity: Severity
    public var confidence: Confidence?
    public var summary: String
    public var rationale: String
    /// The LiveCommunicationKit way of doing it.
    public var lck: String
    public var sources: [String]
    public var tags: [String]
    public var parameters: AnalyzerParameters
    /// Swift snippets with `↓` before each expected finding.
    public var triggeringExamples: [String]
    public var nonTriggeringExamples: [String]
    public var location: RuleLocation
    public var source: JSONValue

    public init(
        id: String, kind: RuleDescriptor.Kind, title: String, severity: Severity, confidence: Confidence?,
        summary: String, rationale: String, lck: String, sources: [String], tags: [String],
        parameters: AnalyzerParameters, triggeringExamples: [String], nonTriggeringExamples: [String],
        location: RuleLocation, source: JSONValue
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.severity = severity
        self.confidence = confidence
        self.summary = summary
        self.rationale = rationale
        self.lck = lck
        self.sources = sources
        self.tags = tags
        self.parameters = parameters
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.location = location
        self.source = source
    }
}

/// Tunable analyzer data (word lists, tables) kept in the rule file so it can change without code.
public struct AnalyzerParameters: Sendable, Hashable {
    /// The `parameters` object, or an empty object when the file has none.
    public var value: JSONValue

    public init(_ value: JSONValue = JSONValue(.object([]), range: ByteRange(start: 0, end: 0))) {
        self.value = value
    }

    public subscript(key: String) -> JSONValue? { value[key] }

    /// A list of strings, or nil when the key is missing or holds something else.
    public func strings(_ key: String) -> [String]? {
        guard let elements = value[key]?.arrayValue else { return nil }
        let strings = elements.compactMap(\.stringValue)
        return strings.count == elements.count ? strings : nil
    }

    /// An object whose values are string lists (`capabilityActions`), or nil.
    public func stringTable(_ key: String) -> [String: [String]]? {
        guard let members = value[key]?.members else { return nil }
        var table: [String: [String]] = [:]
        for member in members {
            guard let elements = member.value.arrayValue else { return nil }
            table[member.key] = elements.compactMap(\.stringValue)
        }
        return table
    }
}
