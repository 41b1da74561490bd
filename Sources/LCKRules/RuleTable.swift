import LCKCore

/// A rule id defined again by a later rules directory; kept so `rules list` can say what replaced what.
public struct RuleOverride: Sendable, Hashable {
    public var id: String
    /// Where the replaced definition was.
    public var replaced: RuleLocation
    /// Where the active definition is.
    public var replacement: RuleLocation

    public init(id: String, replaced: RuleLocation, replacement: RuleLocation) {
        self.id = id
        self.replaced = replaced
        self.replacement = replacement
    }
}

/// The active rule table: mappings and analyzer metadata after overrides, sorted by id.
public struct RuleTable: Sendable {
    public let mappings: [MappingRule]
    public let analyzers: [AnalyzerRule]
    public let overrides: [RuleOverride]
    /// The iOS version each LiveCommunicationKit (and iOS 26) symbol needs, from `availability.json`.
    public let availability: AvailabilityTable
    /// The calls and types that hand work to another runtime, from `bridges.json`.
    public let bridges: BridgeTable
    /// Match patterns keyed by name, for the detection engine.
    public let matchIndex: MatchIndex
    private let mappingPositions: [String: Int]
    private let analyzerPositions: [String: Int]
    /// The fingerprint when it is known without hashing the rules (the built-in table's, computed when
    /// it was embedded): hashing every rule was a quarter of the start-up of a one-file scan.
    private let knownFingerprint: String?

    public init(
        mappings: [MappingRule], analyzers: [AnalyzerRule], overrides: [RuleOverride] = [],
        availability: AvailabilityTable = AvailabilityTable(), bridges: BridgeTable = BridgeTable()
    ) {
        self.init(
            mappings: mappings, analyzers: analyzers, overrides: overrides, availability: availability,
            bridges: bridges, knownFingerprint: nil)
    }

    /// `knownFingerprint` must equal `computedFingerprint` for these rules: the loader passes the one
    /// stored with the embedded table.
    package init(
        mappings: [MappingRule], analyzers: [AnalyzerRule], overrides: [RuleOverride],
        availability: AvailabilityTable = AvailabilityTable(), bridges: BridgeTable = BridgeTable(),
        knownFingerprint: String?
    ) {
        self.knownFingerprint = knownFingerprint
        self.availability = availability
        self.bridges = bridges
        self.mappings = mappings.sorted { $0.id < $1.id }
        self.analyzers = analyzers.sorted { $0.id < $1.id }
        self.overrides = overrides
        matchIndex = MatchIndex(mappings: self.mappings)
        mappingPositions = Dictionary(
            self.mappings.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        analyzerPositions = Dictionary(
            self.analyzers.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The mapping rule with `id`, looked up by index rather than a scan of the table.
    public func mapping(id: String) -> MappingRule? { mappingPositions[id].map { mappings[$0] } }

    /// The analyzer rule with `id`.
    public func analyzer(id: String) -> AnalyzerRule? { analyzerPositions[id].map { analyzers[$0] } }

    /// Every id in the table, for validating config files and suppression comments.
    public var allIDs: Set<String> { Set(mappings.map(\.id)).union(analyzers.map(\.id)) }

    /// SHA-256 (hex) of the active rules in canonical JSON form, sorted by id.
    ///
    /// Formatting, key order and file layout do not change it; any change of content does.
    public var fingerprint: String { knownFingerprint ?? computedFingerprint }

    /// `fingerprint` hashed from the rules themselves.
    public var computedFingerprint: String {
        var hasher = SHA256()
        for rule in mappings {
            hasher.update("mapping\u{0}\(rule.id)\u{0}")
            hasher.update(JSONWriter.canonicalText(rule.source))
            hasher.update("\n")
        }
        for rule in analyzers {
            hasher.update("analyzer\u{0}\(rule.id)\u{0}")
            hasher.update(JSONWriter.canonicalText(rule.source))
            hasher.update("\n")
        }
        for entry in availability.entries {
            hasher.update("availability\u{0}\(entry.symbol)\u{0}")
            hasher.update(JSONWriter.canonicalText(entry.json))
            hasher.update("\n")
        }
        for entry in bridges.entries {
            hasher.update("bridge\u{0}\(entry.runtime)\u{0}")
            hasher.update(JSONWriter.canonicalText(entry.json))
            hasher.update("\n")
        }
        return SHA256.hexString(hasher.finalize())
    }

    /// Descriptors for reporters (SARIF `rules`, `rules list`), sorted by id.
    public var descriptors: [RuleDescriptor] {
        (mappings.map(\.descriptor) + analyzers.map(\.descriptor)).sorted { $0.id < $1.id }
    }
}

extension MappingRule {
    /// The reporter-facing description of this mapping.
    public var descriptor: RuleDescriptor {
        RuleDescriptor(
            id: id, kind: .mapping, title: title, severity: severity, summary: "\(symbol) → \(replacement)",
            rationale: advice, replacement: replacement, mappingKind: mappingKind,
            tags: uniqueTags([area.rawValue] + tags),
            helpURI: docs, sources: [], sourceFile: location.file
        )
    }
}

extension AnalyzerRule {
    /// The reporter-facing description of this analyzer.
    public var descriptor: RuleDescriptor {
        RuleDescriptor(
            id: id, kind: kind, title: title, severity: severity, summary: summary, rationale: rationale,
            replacement: lck, mappingKind: nil, tags: uniqueTags(tags), helpURI: nil, sources: sources,
            sourceFile: location.file
        )
    }
}

/// Tags in first-seen order without repeats: SARIF requires `properties.tags` to be unique, and a
/// mapping's area may also be listed among its own tags.
private func uniqueTags(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.filter { seen.insert($0).inserted }
}
