import LCKAnalyzers
import LCKCore
import LCKRules

/// Everything one scan needs, built by the CLI (or a test) and handed to `ScanPipeline.run`.
public struct ScanRequest: Sendable {
    /// Files and folders as the user typed them.
    public var paths: [String]
    /// Where relative paths start and what reported paths are relative to. Never changed by the scan.
    public var currentDirectory: String
    public var discovery: DiscoveryOptions
    /// Worker count; values below 1 mean 1. Output does not depend on it.
    public var jobs: Int
    /// Mapping detection and analyzers for the rule table; the pipeline runs its pre-pass, then it per file.
    package var analyzer: AnalyzerSuite
    /// Descriptors of the active rules, copied into the report for reporters.
    public var rules: [RuleDescriptor]
    public var rulesFingerprint: String
    /// Called from worker threads after each file; keep it cheap.
    public var progress: (@Sendable (ScanProgress) -> Void)?
    /// Set to collect CPU time per stage (benchmarks); nil costs nothing.
    public var stageTimes: StageTimes?
    /// In-source `// lckmigrate:` directives: known rule ids, `--require-reason`.
    public var suppressions = SuppressionOptions()
    /// Enabled/disabled rules and severity overrides.
    public var policy = RulePolicy()
    /// The most findings kept per file and per run; past them findings are counted and noted, not kept.
    public var findingLimits = FindingLimits()
    /// Known findings to mark as baselined, and the path to name in the report.
    public var baseline: (baseline: Baseline, path: String)?
    /// The file roles anti-pattern rules check (`FileRole`); files of the other roles get their
    /// CallKit/PushKit usages only.
    public var checkedRoles = FileRole.checkedByDefault

    package init(
        paths: [String],
        currentDirectory: String = ScanDefaults.currentDirectory,
        discovery: DiscoveryOptions = DiscoveryOptions(),
        jobs: Int = ScanDefaults.jobs,
        analyzer: AnalyzerSuite = AnalyzerSuite(rules: BuiltinRuleTable.table),
        rules: [RuleDescriptor] = [],
        rulesFingerprint: String = "",
        progress: (@Sendable (ScanProgress) -> Void)? = nil
    ) {
        self.paths = paths
        self.currentDirectory = currentDirectory
        self.discovery = discovery
        self.jobs = jobs
        self.analyzer = analyzer
        self.rules = rules
        self.rulesFingerprint = rulesFingerprint
        self.progress = progress
    }
}

/// One step of a running scan, for a progress line.
public struct ScanProgress: Sendable {
    public var completed: Int
    public var total: Int
    public var path: String
}

/// Defaults that depend on the machine, exposed for the CLI's help text.
public enum ScanDefaults {
    public static var jobs: Int { Platform.coreCount() }
    public static var currentDirectory: String { Platform.currentDirectory() }
}

extension ScanRequest {
    /// A request that applies `configuration` (jobs, severities and disabled rules, `requireReason`) with
    /// `rules`: what `scan` and `report` both run. The baseline and discovery options stay the caller's.
    public init(
        paths: [String], currentDirectory: String, configuration: Configuration, rules: ScanSetup.ActiveRules
    ) {
        self.init(
            paths: paths, currentDirectory: currentDirectory, jobs: configuration.jobs.value, analyzer: rules.analyzer,
            rules: rules.descriptors, rulesFingerprint: rules.fingerprint)
        suppressions = SuppressionOptions(knownRuleIDs: rules.ids, requireReason: configuration.requireReason.value)
        policy = configuration.rulePolicy
        checkedRoles = configuration.roles.value
    }
}
