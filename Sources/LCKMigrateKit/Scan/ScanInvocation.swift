import LCKCore
import LCKReporters

/// Everything a caller asks of one scan: what `lckmigrate scan`, `report` and `scaffold` build from
/// their command lines, and what a library user builds to scan exactly as they do.
public struct ScanInvocation: Sendable {
    /// What the run produces besides its `ScanOutcome`.
    public enum Mode: Sendable {
        /// Scan and return the outcome; nothing is written (`report`, `scaffold`, library use).
        case collect
        /// Scan, then write the configuration's `formats`: files are opened before the first file is
        /// read, and reports without a file go to `ScanObserver.standardOutput` (`scan`).
        case writeReports
        /// Stop after discovery and filtering: `ScanOutcome.files` is what would be scanned (`--list-files`).
        case listFiles
    }

    /// Files and folders as the user typed them.
    public var paths: [String]
    /// Where relative paths start and what reported paths are relative to.
    public var currentDirectory: String
    /// Settings that win over the config file.
    public var overrides = ConfigurationOverrides()
    public var mode = Mode.collect
    /// `--files-from`: a file (`-` for stdin) listing more paths to scan, one per line.
    public var filesFrom: String?
    /// `--write-baseline`: write every current finding to this file as the new baseline.
    public var writeBaseline: String?
    /// Files the caller writes after the run (`report --output`, the `--list-files` file): like the
    /// run's own outputs, the run refuses them when they are one of its inputs.
    public var guardedOutputs: [String] = []
    /// Files the caller reads besides the run's own inputs (`report --compare`): no output may replace one.
    public var guardedInputs: [GuardedInput] = []
    /// `--strict-baseline`: fixed baseline entries fail the run, so the baseline can only shrink.
    public var strictBaseline = false
    /// GitHub Actions' job summary file (`$GITHUB_STEP_SUMMARY`): with a `github` report, the findings
    /// below `--fail-on` (which get no annotation) are appended there as the `markdown` report.
    public var gitHubStepSummary: String?
    /// Whether the configuration's `minSeverity` and `only` apply (`scan`, library use). `report` and
    /// `scaffold` turn it off: the migration plan and the generated code need every usage.
    public var filtersFindings = true
    /// `--verbose`: `text` and `xcode` list every CallKit/PushKit use instead of one row per symbol
    /// (`ReporterOptions.listsEveryUse`; an `only` that names mappings asks for the same).
    public var listsEveryUse = false
    /// Colours for reports on standard output (`--color`); reports written to files are always plain.
    public var standardOutputStyle = TerminalStyle.plain
    /// Whether the outcome shows paths as the PATH arguments were typed (`TypedPaths`: absolute stays
    /// absolute). `report` turns it off: its `--compare` matches an earlier JSON report by path.
    public var showsTypedPaths = true
    /// Which folders discovery skips and the largest file it reads.
    public var discovery = DiscoveryOptions()

    public init(paths: [String], currentDirectory: String = ScanDefaults.currentDirectory) {
        self.paths = paths
        self.currentDirectory = currentDirectory
    }
}

/// A file the caller reads, with how an error names it ("the --compare report").
public struct GuardedInput: Sendable, Equatable {
    public var path: String
    public var role: String

    public init(path: String, role: String) {
        self.path = path
        self.role = role
    }
}

/// What a running scan tells its caller before the outcome exists: messages that must reach the user
/// even when a later step fails, progress, and report bytes meant for standard output.
public struct ScanObserver: Sendable {
    /// A warning or note, in the order they arise; all come before the first file is scanned.
    public var message: @Sendable (ScanMessage) -> Void
    /// Called from worker threads after each scanned file; nil skips the bookkeeping.
    public var progress: (@Sendable (ScanProgress) -> Void)?
    /// Once, after the last file was scanned and before anything is written (when `progress` is set).
    public var progressFinished: @Sendable () -> Void

    public init(
        message: @escaping @Sendable (ScanMessage) -> Void = { _ in },
        progress: (@Sendable (ScanProgress) -> Void)? = nil,
        progressFinished: @escaping @Sendable () -> Void = {}
    ) {
        self.message = message
        self.progress = progress
        self.progressFinished = progressFinished
    }
}

/// A message for the user that is not a finding.
public struct ScanMessage: Sendable, Equatable {
    public enum Kind: Sendable {
        /// Unknown config keys and rule ids: the run goes on, but a setting has no effect.
        case warning
        /// Paths of `--files-from` left out on purpose (deleted, not Swift).
        case note
    }

    public var kind: Kind
    /// The message without the tool's `warning:`/`note:` prefix or a line end.
    public var text: String
}
