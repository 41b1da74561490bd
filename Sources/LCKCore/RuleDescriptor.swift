/// What reporters and docs need to know about a rule, whichever way it is implemented.
///
/// Mapping entries and anti-pattern analyzers both end up as descriptors, so SARIF's
/// `tool.driver.rules`, `rules list` and the HTML report read one shape.
public struct RuleDescriptor: Hashable, Sendable {
    /// How the rule is implemented, which decides where its documentation and examples live.
    public enum Kind: String, Sendable, Codable {
        /// A CallKit/PushKit symbol and its LiveCommunicationKit replacement.
        case mapping
        /// A migration anti-pattern found by a Swift-coded analyzer.
        case analyzer
        /// Findings about the run itself (unused suppressions).
        case meta
    }

    public var id: String
    public var kind: Kind
    public var title: String
    public var severity: Severity
    /// One or two sentences: what the rule finds.
    public var summary: String
    /// Why it matters (Markdown).
    public var rationale: String
    /// How to do it in LiveCommunicationKit.
    public var replacement: String
    public var mappingKind: MappingKind?
    public var tags: [String]
    public var helpURI: String?
    public var sources: [String]
    /// The rule file this came from, relative to its rules directory.
    public var sourceFile: String

    public init(
        id: String,
        kind: Kind,
        title: String,
        severity: Severity,
        summary: String,
        rationale: String = "",
        replacement: String = "",
        mappingKind: MappingKind? = nil,
        tags: [String] = [],
        helpURI: String? = nil,
        sources: [String] = [],
        sourceFile: String = ""
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.replacement = replacement
        self.mappingKind = mappingKind
        self.tags = tags
        self.helpURI = helpURI
        self.sources = sources
        self.sourceFile = sourceFile
    }
}
