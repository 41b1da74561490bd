/// One step of the path that makes a path-sensitive finding true ("guard at line 120 returns").
///
/// Reporters turn these into SARIF `codeFlows` and into the text of `--format text` notes.
public struct WitnessStep: Hashable, Sendable {
    public var range: ByteRange
    public var message: String
    /// Filled by the pipeline from `range` once the file's line table is known.
    public var position: SourcePosition
    /// `position.column` counted in UTF-16 code units, for SARIF (`columnKind: utf16CodeUnits`).
    /// Filled by `Finding.locate(_:path:lines:bytes:)`; nil means "same as the UTF-8 column".
    public var utf16Column: Int?
    /// The file of a step in another file than the finding's (a helper the finding relies on), with
    /// `position` and `utf16Column` already filled; nil for a step in the finding's own file.
    public var path: String?
    /// Why a finding resting on this step cannot be certain (`not high: …`): a callee chosen by name among
    /// several definitions, say. `AnalysisContext.finding` lowers such a finding to medium.
    public var notHigh: String?

    public init(range: ByteRange, message: String, position: SourcePosition = .unknown) {
        self.range = range
        self.message = message
        self.position = position
    }

    /// A step in another file, located where it was found.
    public init(path: String, position: SourcePosition, utf16Column: Int?, message: String) {
        self.range = ByteRange(start: 0, end: 0)
        self.message = message
        self.position = position
        self.utf16Column = utf16Column
        self.path = path
    }
}

/// Why a finding is not counted against the run.
public struct Suppression: Hashable, Sendable {
    /// Where the suppression came from; SARIF reports it as `suppressions[].kind`.
    public enum Kind: String, Sendable, Codable {
        /// A `// lckmigrate:disable…` comment in the source.
        case inSource
        /// A baseline entry.
        case external
    }

    public var kind: Kind
    public var justification: String

    public init(kind: Kind, justification: String) {
        self.kind = kind
        self.justification = justification
    }
}

/// A single result: a CallKit usage with its LiveCommunicationKit replacement, or an anti-pattern.
///
/// Analyzers fill `range` (byte offsets); the pipeline then fills `path`, `start` and `end`
/// so that reporters never need the file's bytes.
public struct Finding: Hashable, Sendable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var range: ByteRange

    /// The CallKit/PushKit symbol a mapping finding is about (`CXProvider`, `reportNewIncomingCall`).
    public var symbol: String?
    /// The LiveCommunicationKit replacement, from the rule table.
    public var replacement: String?
    public var mappingKind: MappingKind?
    public var confidence: Confidence?
    /// The role of the finding's file when it is not `app` (`FileRole`); filled by the scan pipeline.
    public var role: FileRole?
    /// The path that misses, for path-sensitive analyzers.
    public var witness: [WitnessStep]
    /// Why a heuristic fired (the words that made a handle look transient, say).
    public var evidence: [String]

    public var path: String
    public var start: SourcePosition
    public var end: SourcePosition
    /// Stable identity for baselines and SARIF `partialFingerprints`; independent of line numbers and
    /// unique among the scan's findings (identical findings in one file are told apart by their rank).
    public var fingerprint: String?
    /// The fingerprint this finding shares with identical findings before they are ranked (the key of
    /// baselines of format 1); nil when it equals `fingerprint`, as for the first of them.
    public var sharedFingerprint: String?
    public var suppression: Suppression?
    /// `start.column` / `end.column` counted in UTF-16 code units, for SARIF
    /// (`columnKind: utf16CodeUnits`). Filled by `locate(path:lines:bytes:)`; nil means
    /// "same as the UTF-8 column", which is exact when the line is ASCII up to that point.
    public var utf16StartColumn: Int?
    public var utf16EndColumn: Int?

    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        range: ByteRange,
        symbol: String? = nil,
        replacement: String? = nil,
        mappingKind: MappingKind? = nil,
        confidence: Confidence? = nil,
        witness: [WitnessStep] = [],
        evidence: [String] = [],
        path: String = "",
        start: SourcePosition = .unknown,
        end: SourcePosition = .unknown,
        fingerprint: String? = nil,
        suppression: Suppression? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.range = range
        self.symbol = symbol
        self.replacement = replacement
        self.mappingKind = mappingKind
        self.confidence = confidence
        self.witness = witness
        self.evidence = evidence
        self.path = path
        self.start = start
        self.end = end
        self.fingerprint = fingerprint
        self.suppression = suppression
    }

    /// Lowers the confidence to at most `level` and records why (`not high: …`) in the evidence; does
    /// nothing without a reason.
    public mutating func lowerConfidence(to level: Confidence, because reason: String?) {
        guard let reason else { return }
        confidence = min(confidence ?? level, level)
        evidence.append(reason)
    }

    /// Fills `start`, `end` and witness positions from the file's line table.
    public mutating func locate(path: String, lines: LineTable) {
        self.path = path
        start = lines.position(of: range.start)
        end = lines.position(of: range.end)
        for index in witness.indices where witness[index].path == nil {
            witness[index].position = lines.position(of: witness[index].range.start)
        }
    }

    /// Like `locate(path:lines:)`, and also fills the UTF-16 columns; for one finding (a file's findings
    /// go through `Finding.locate(_:path:lines:bytes:)`, which walks each line once).
    public mutating func locate(path: String, lines: LineTable, bytes: [UInt8]) {
        locate(path: path, lines: lines)
        utf16StartColumn = lines.utf16Column(of: range.start, in: bytes)
        utf16EndColumn = lines.utf16Column(of: range.end, in: bytes)
        for index in witness.indices where witness[index].path == nil {
            witness[index].utf16Column = lines.utf16Column(of: witness[index].range.start, in: bytes)
        }
    }

    /// Like `locate(path:lines:)` for every finding of one file, and also fills the UTF-16 columns SARIF
    /// reports need, since reporters never see the file's bytes.
    ///
    /// The offsets are sorted and walked once with a `UTF16ColumnCursor`, so many findings on one long
    /// line cost the line's length, not its length per finding. Returns the bytes the cursor walked.
    @discardableResult
    public static func locate(_ findings: inout [Finding], path: String, lines: LineTable, bytes: [UInt8]) -> Int {
        // (offset, finding, slot): slot -1 is the start, -2 the end, 0... a witness step.
        var requests: [(offset: Int, finding: Int, slot: Int)] = []
        requests.reserveCapacity(findings.count * 2)
        for index in findings.indices {
            findings[index].locate(path: path, lines: lines)
            requests.append((findings[index].range.start, index, -1))
            requests.append((findings[index].range.end, index, -2))
            for step in findings[index].witness.indices where findings[index].witness[step].path == nil {
                requests.append((findings[index].witness[step].range.start, index, step))
            }
        }
        requests.sort { $0.offset < $1.offset }
        var cursor = UTF16ColumnCursor(lines: lines, bytes: bytes)
        for request in requests {
            let column = cursor.column(of: request.offset)
            switch request.slot {
            case -1: findings[request.finding].utf16StartColumn = column
            case -2: findings[request.finding].utf16EndColumn = column
            default: findings[request.finding].witness[request.slot].utf16Column = column
            }
        }
        return cursor.bytesWalked
    }

    /// The order every output uses: path, line, column, rule id (then message, for total order).
    ///
    /// Inlinable so callers in other modules compare findings where they lie: as an opaque call, every
    /// comparison first copied both findings (a dozen reference counts each), which showed in the
    /// serial report steps of monorepo scans.
    @inlinable
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if !lhs.path.hasSameBytes(as: rhs.path) { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
        if lhs.start.line != rhs.start.line { return lhs.start.line < rhs.start.line }
        if lhs.start.column != rhs.start.column { return lhs.start.column < rhs.start.column }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        if lhs.end.line != rhs.end.line { return lhs.end.line < rhs.end.line }
        if lhs.end.column != rhs.end.column { return lhs.end.column < rhs.end.column }
        return lhs.message < rhs.message
    }
}
