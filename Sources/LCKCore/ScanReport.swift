/// The tool's own identity, recorded in every report so results can be traced.
public enum ToolInfo {
    public static let name = "lckmigrate"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/lckmigrate/lckmigrate"
}

/// A file the scan could not read, reported instead of stopping the scan.
public struct FileProblem: Hashable, Sendable {
    /// Whether the problem makes the run incomplete (exit 2) or is a deliberate skip (a note only).
    public enum Kind: String, Hashable, Sendable {
        /// The file could not be read or is not a regular file: the scan is incomplete, exit status 2.
        case unreadable
        /// Left out on purpose (larger than `--max-file-size`, a link leading outside the scanned
        /// folder); reported as a note and never changes the exit status.
        case skipped
        /// Scanned, but findings past a cap (`FindingLimits`) were dropped; a note, never changes the exit status.
        case truncated

        /// A note for the user rather than an error: the run is complete as far as it was asked to go.
        public var isNote: Bool { self != .unreadable }
    }

    public var path: String
    public var message: String
    public var kind: Kind

    public init(path: String, message: String, kind: Kind = .unreadable) {
        self.path = path
        self.message = message
        self.kind = kind
    }
}

/// Everything one scan produced, in report order: the input of every reporter.
public struct ScanReport: Sendable {
    public var findings: [Finding]
    /// Every active rule, sorted by id (SARIF lists them all once).
    public var rules: [RuleDescriptor]
    public var filesScanned: Int
    /// Files with at least one mapping finding.
    public var filesWithCallKit: Int
    public var linesScanned: Int
    public var problems: [FileProblem]
    /// Hash of the active rule table, so a report names the rules that produced it.
    public var rulesFingerprint: String
    public var toolVersion: String
    /// How the run compared with `--baseline`; nil when no baseline was given.
    public var baseline: BaselineOutcome?
    /// Targets, deployment targets and Objective-C files not analyzed; empty for a tree of plain Swift files.
    public var project = ProjectOverview()

    public init(
        findings: [Finding],
        rules: [RuleDescriptor],
        filesScanned: Int,
        filesWithCallKit: Int = 0,
        linesScanned: Int = 0,
        problems: [FileProblem] = [],
        rulesFingerprint: String = "",
        toolVersion: String = ToolInfo.version
    ) {
        self.findings = findings
        self.rules = rules
        self.filesScanned = filesScanned
        self.filesWithCallKit = filesWithCallKit
        self.linesScanned = linesScanned
        self.problems = problems
        self.rulesFingerprint = rulesFingerprint
        self.toolVersion = toolVersion
    }
}

/// The result of matching a run against a baseline file.
public struct BaselineOutcome: Hashable, Sendable {
    /// The baseline file, as given.
    public var path: String
    /// Findings marked as known (suppressed with kind `.external`).
    public var matched: Int
    /// Baseline entries (counting duplicates) that no finding matched any more: fixed findings.
    public var fixed: Int
    /// Entries left over in files whose findings a cap (`FindingLimits`) cut short: neither known nor
    /// fixed, since their findings may have been dropped by the cap.
    public var unevaluated: Int

    public init(path: String, matched: Int, fixed: Int, unevaluated: Int = 0) {
        self.path = path
        self.matched = matched
        self.fixed = fixed
        self.unevaluated = unevaluated
    }
}
