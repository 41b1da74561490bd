import LCKCore
import LCKMigrateKit
import LCKReporters

/// The settings options `scan` and `config --print` share, and how they combine with the config file.
///
/// Precedence, key by key: command line over config file over built-in default. `--severity` merges
/// rule by rule over the config's `severity`; `--format`/`--output` together replace the config's `formats`.
struct ScanSettings {
    static let options: [OptionSpec] = [
        OptionSpec("config", value: "FILE", help: "Read settings from FILE instead of .lckmigrate.json in the scanned folder (or the current directory)."),
        OptionSpec("format", value: "FORMAT", help: "Report format on stdout: \(formatNames) (default: text)."),
        OptionSpec("output", short: "o", value: "FORMAT=FILE", help: "Also write FORMAT to FILE, atomically; repeatable. A bare FILE takes the --format report instead of stdout."),
        OptionSpec("fail-on", value: "LEVEL", help: "Lowest severity that makes the exit status 1: error, warning, note or never (default: error)."),
        OptionSpec("severity", value: "RULE=LEVEL", help: "Report RULE at LEVEL (error, warning or note); repeatable; overrides the config."),
        OptionSpec("baseline", value: "FILE", help: "Mark findings listed in FILE as known; only new findings count."),
        OptionSpec("write-baseline", value: "FILE", help: "Write every current finding to FILE as the new baseline (exit 0 unless a file could not be scanned)."),
        OptionSpec("strict-baseline", help: "Exit 1 when the baseline lists findings that are gone, so it can only shrink."),
        OptionSpec("require-reason", help: "Report suppression comments without '-- reason' as suppression_without_reason errors."),
        OptionSpec("files-from", value: "FILE", help: "Scan the paths listed in FILE ('-' for stdin), one per line; deleted and non-Swift paths are skipped."),
        OptionSpec("jobs", short: "j", value: "N", help: "Files scanned in parallel (default: number of cores); output does not depend on it."),
        OptionSpec("rules", value: "DIR", help: "Also load rules from DIR (mappings/*.json, analyzers/*.json); repeatable, after the config's; later ids override earlier ones."),
    ]

    static var formatNames: String { ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    var configPath: String?
    var format: ReportFormat?
    /// `--output` values in order: a format and file, or a bare file (nil format) for the `--format` report.
    var outputs: [(format: ReportFormat?, path: String)] = []
    var failOn: FailThreshold?
    var severity: [(rule: String, level: Severity)] = []
    var baseline: String?
    var writeBaseline: String?
    var strictBaseline = false
    var requireReason = false
    var filesFrom: String?
    var jobs: Int?
    var ruleDirectories: [String] = []

    /// Applies one option; returns false when it is not a shared setting.
    mutating func apply(_ option: String, value: String, command: any Command.Type) throws -> Bool {
        switch option {
        case "config": configPath = value
        case "format":
            guard let parsed = ReportFormat(rawValue: value) else {
                throw UsageError("unknown format '\(value)' for --format; use one of: \(Self.formatNames)", command: command)
            }
            format = parsed
        case "output":
            guard !value.isEmpty else { throw UsageError("--output needs FORMAT=FILE or FILE", command: command) }
            if let equals = value.firstIndex(of: "="), let parsed = ReportFormat(rawValue: String(value[..<equals])) {
                let path = String(value[value.index(after: equals)...])
                guard !path.isEmpty else { throw UsageError("--output \(value) names no file; use \(parsed.rawValue)=FILE", command: command) }
                outputs.append((parsed, path))
            } else {
                outputs.append((nil, value))
            }
        case "fail-on":
            guard let parsed = FailThreshold(rawValue: value) else {
                throw UsageError("unknown level '\(value)' for --fail-on; use error, warning, note or never", command: command)
            }
            failOn = parsed
        case "severity":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                let level = Severity(rawValue: String(value[value.index(after: equals)...]))
            else {
                throw UsageError("--severity needs RULE=LEVEL with LEVEL error, warning or note, not '\(value)'", command: command)
            }
            severity.append((String(value[..<equals]), level))
        case "baseline": baseline = value
        case "write-baseline": writeBaseline = value
        case "strict-baseline": strictBaseline = true
        case "require-reason": requireReason = true
        case "files-from": filesFrom = value
        case "rules": ruleDirectories.append(value)
        case "jobs":
            guard let parsed = Int(value), parsed >= 1, parsed <= 1024 else {
                throw UsageError("--jobs needs a whole number from 1 to 1024, not '\(value)'", command: command)
            }
            jobs = parsed
        default: return false
        }
        return true
    }

    /// The effective configuration, its warnings and the active rules; config and rule errors throw.
    func resolve(paths: [String], context: CommandContext, command: any Command.Type) throws -> (Configuration, [String], ScanSetup.ActiveRules) {
        let resolved = try resolveConfiguration(paths: paths, context: context, command: command)
        let (rules, warnings) = try loadRules(for: resolved)
        return (resolved.configuration, warnings, rules)
    }

    /// The config file and the command line combined, before any rule is loaded (which `scan` overlaps
    /// with file discovery). Warnings that need the rule ids wait for `loadRules(for:)`.
    struct ResolvedConfiguration {
        var configuration: Configuration
        fileprivate var warnings: [ConfigurationWarning]
        fileprivate var references: [RuleIDReference]
    }

    /// Step one of `resolve`: reads the config file and applies the command line; config errors throw.
    func resolveConfiguration(paths: [String], context: CommandContext, command: any Command.Type) throws -> ResolvedConfiguration {
        var configuration = Configuration(patternRoot: context.currentDirectory)
        var warnings: [ConfigurationWarning] = []
        var references: [RuleIDReference] = []
        if let path = ConfigurationLoader.locate(paths: paths, explicit: configPath, currentDirectory: context.currentDirectory) {
            (configuration, warnings, references) = try ConfigurationLoader.load(
                path: path, currentDirectory: context.currentDirectory, over: configuration)
        }
        if let failOn { configuration.failOn = Sourced(failOn, .commandLine(option: "--fail-on")) }
        if let jobs { configuration.jobs = Sourced(jobs, .commandLine(option: "--jobs")) }
        if let baseline { configuration.baseline = Sourced(baseline, .commandLine(option: "--baseline")) }
        if requireReason { configuration.requireReason = Sourced(true, .commandLine(option: "--require-reason")) }
        for (rule, level) in severity { configuration.severity[rule] = Sourced(level, .commandLine(option: "--severity")) }
        if format != nil || !outputs.isEmpty {
            var requests: [OutputRequest] = []
            // A bare `--output FILE` takes the --format report away from stdout (the pre-FORMAT=FILE behaviour).
            let stdoutTaken = outputs.contains { $0.format == nil }
            if !stdoutTaken { requests.append(OutputRequest(format: format ?? .text, path: nil)) }
            for output in outputs {
                let request = OutputRequest(format: output.format ?? format ?? .text, path: output.path)
                if requests.contains(where: { $0.path == request.path }) {
                    throw UsageError("--output names '\(output.path)' twice; give each report its own file", command: command)
                }
                requests.append(request)
            }
            let spelled = format != nil && outputs.isEmpty ? "--format" : outputs.isEmpty ? "" : format == nil ? "--output" : "--format, --output"
            configuration.outputs = Sourced(requests, .commandLine(option: spelled))
        }
        if !ruleDirectories.isEmpty {
            configuration.ruleDirectories = Sourced(
                configuration.ruleDirectories.value + ruleDirectories, .commandLine(option: "--rules"))
        }
        return ResolvedConfiguration(configuration: configuration, warnings: warnings, references: references)
    }

    /// Step two of `resolve`: the rule table the configuration names, and every warning in config-file order.
    func loadRules(for resolved: ResolvedConfiguration) throws -> (ScanSetup.ActiveRules, [String]) {
        let configuration = resolved.configuration
        let rules = try ScanSetup.loadRules(directories: configuration.ruleDirectories.value)
        var messages = resolved.warnings
            + ConfigurationLoader.unknownRuleWarnings(resolved.references, known: rules.ids, path: configuration.file ?? "")
        messages.sort { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
        var lines = messages.map { "\(ToolName.name): warning: \($0)\n" }
        for (rule, _) in severity where !rules.ids.contains(rule) {
            lines.append("\(ToolName.name): warning: --severity \(rule): unknown rule id; it has no effect\n")
        }
        return (rules, lines)
    }
}
