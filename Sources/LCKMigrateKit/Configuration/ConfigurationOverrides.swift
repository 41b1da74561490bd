import LCKCore
import LCKReporters

/// Settings given by the caller (the command line) that win over the config file, key by key.
///
/// Precedence: these values over `.lckmigrate.json` over built-in defaults. `severity` merges rule by
/// rule over the config's; `format` and `outputs` together replace the config's `formats`; `ruleDirectories`
/// are loaded after the config's `rules`.
public struct ConfigurationOverrides: Sendable {
    /// `--config`: read this file instead of looking for `.lckmigrate.json`.
    public var configFile: String?
    /// `--format`: the report on stdout.
    public var format: ReportFormat?
    /// `--output` values in order: a format and file, or a bare file (nil format) that takes the `format` report
    /// away from stdout.
    public var outputs: [(format: ReportFormat?, path: String)] = []
    public var failOn: FailThreshold?
    /// `--fail-on-default`: the threshold when neither `failOn` above nor the config file sets one (the build-tool
    /// plugin's `never`, so findings fail a build only when the config asks for it).
    public var defaultFailOn: FailThreshold?
    /// `--severity RULE=LEVEL` in command-line order.
    public var severity: [(rule: String, level: Severity)] = []
    public var baseline: String?
    public var requireReason = false
    public var jobs: Int?
    public var ruleDirectories: [String] = []
    /// `--min-severity`: findings below it are not reported.
    public var minSeverity: Severity?
    /// `--min-confidence`: findings an analyzer is less sure of are not reported.
    public var minConfidence: Confidence?
    /// `--only` entries in command-line order (repeating the option adds entries).
    public var only: [FindingFilter.Selection]?
    /// `--roles`: the file roles anti-pattern rules check (repeating the option adds roles).
    public var roles: Set<FileRole>?
    /// Scan with the built-in defaults whatever `.lckmigrate.json` the folder holds (`lckmigrate init`,
    /// whose first baseline must match the defaults it writes, also under `--force`).
    public var ignoresConfigFile = false
    /// `--max-file-findings`, `--max-findings`: the command line may raise the caps past the built-in
    /// maximum a config file is held to.
    public var maxFileFindings: Int?
    public var maxFindings: Int?

    public init() {}

    /// `configuration` with these values applied over it; throws when two outputs name one file.
    func apply(to configuration: inout Configuration) throws(ScanError) {
        if let failOn { configuration.failOn = Sourced(failOn, .commandLine(option: "--fail-on")) }
        if let defaultFailOn, configuration.failOn.origin == .builtInDefault {
            configuration.failOn = Sourced(defaultFailOn, .commandLine(option: "--fail-on-default"))
        }
        if let jobs { configuration.jobs = Sourced(jobs, .commandLine(option: "--jobs")) }
        if let baseline { configuration.baseline = Sourced(baseline, .commandLine(option: "--baseline")) }
        if requireReason { configuration.requireReason = Sourced(true, .commandLine(option: "--require-reason")) }
        if let minSeverity {
            configuration.minSeverity = Sourced(minSeverity, .commandLine(option: "--min-severity"))
        }
        if let minConfidence {
            configuration.minConfidence = Sourced(minConfidence, .commandLine(option: "--min-confidence"))
        }
        if let roles { configuration.roles = Sourced(roles, .commandLine(option: "--roles")) }
        if let maxFileFindings {
            configuration.maxFileFindings = Sourced(maxFileFindings, .commandLine(option: "--max-file-findings"))
        }
        if let maxFindings { configuration.maxFindings = Sourced(maxFindings, .commandLine(option: "--max-findings")) }
        if let only { configuration.only = Sourced(only, .commandLine(option: "--only")) }
        for (rule, level) in severity {
            configuration.severity[rule] = Sourced(level, .commandLine(option: "--severity"))
        }
        if let requests = try outputRequests() {
            configuration.outputs = Sourced(requests, .commandLine(option: outputOptionNames))
        }
        if !ruleDirectories.isEmpty {
            configuration.ruleDirectories = Sourced(
                configuration.ruleDirectories.value + ruleDirectories, .commandLine(option: "--rules"))
        }
    }

    /// The report destinations `format` and `outputs` ask for; nil when neither was given.
    private func outputRequests() throws(ScanError) -> [OutputRequest]? {
        guard format != nil || !outputs.isEmpty else { return nil }
        var requests: [OutputRequest] = []
        // A bare `--output FILE` takes the --format report away from stdout (the pre-FORMAT=FILE behaviour).
        let stdoutTaken = outputs.contains { $0.format == nil }
        if !stdoutTaken { requests.append(OutputRequest(format: format ?? .text, path: nil)) }
        for output in outputs {
            let request = OutputRequest(format: output.format ?? format ?? .text, path: output.path)
            if requests.contains(where: { $0.path == request.path }) {
                throw .invalidSettings("--output names '\(output.path)' twice; give each report its own file")
            }
            requests.append(request)
        }
        return requests
    }

    /// The options `config --print` names as the origin of `formats`.
    private var outputOptionNames: String {
        switch (format != nil, !outputs.isEmpty) {
        case (true, false): "--format"
        case (false, true): "--output"
        case (true, true): "--format, --output"
        case (false, false): ""
        }
    }
}
