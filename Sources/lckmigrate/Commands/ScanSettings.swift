import LCKCore
import LCKMigrateKit
import LCKReporters

/// The settings options `scan`, `report`, `scaffold` and `config --print` share, parsed into the kit's
/// `ConfigurationOverrides` (which win over the config file) and the scan-only baseline and list options.
struct ScanSettings {
    static let options: [OptionSpec] = [
        OptionSpec(
            "config", value: "FILE",
            help:
                "Read settings from FILE instead of .lckmigrate.json in the scanned folder (or the current directory)."),
        OptionSpec(
            "format", value: "FORMAT", choices: ReportFormat.allCases.map(\.rawValue),
            help: "Report format on stdout: \(formatNames) (default: text)."),
        OptionSpec(
            "output", short: "o", value: "FORMAT=FILE",
            help:
                "Also write FORMAT to FILE, atomically; repeatable. A bare FILE takes the --format report instead of stdout."
        ),
        OptionSpec(
            "fail-on", value: "LEVEL", choices: ["error", "warning", "note", "never"],
            help: "Lowest severity that makes the exit status 1: error, warning, note or never (default: error)."),
        OptionSpec(
            "min-severity", value: "LEVEL", choices: ["error", "warning", "note"],
            help: "Report only findings at or above LEVEL (error, warning or note); the rest do not count either."),
        OptionSpec(
            "only", value: "WHAT,...",
            help:
                "Report only analyzers (anti-patterns), mappings (CallKit usages) or these rule ids; repeatable. The baseline still covers every finding."
        ),
        OptionSpec(
            "severity", value: "RULE=LEVEL",
            help: "Report RULE at LEVEL (error, warning or note); repeatable; overrides the config."),
        OptionSpec("baseline", value: "FILE", help: "Mark findings listed in FILE as known; only new findings count."),
        OptionSpec(
            "write-baseline", value: "FILE",
            help: "Write every current finding to FILE as the new baseline (exit 0 unless a file could not be scanned)."
        ),
        OptionSpec(
            "strict-baseline", help: "Exit 1 when the baseline lists findings that are gone, so it can only shrink."),
        OptionSpec(
            "require-reason",
            help: "Report suppression comments without '-- reason' as suppression_without_reason errors."),
        OptionSpec(
            "files-from", value: "FILE",
            help:
                "Scan the paths listed in FILE ('-' for stdin), one per line; deleted and non-Swift paths are skipped."),
        OptionSpec(
            "jobs", short: "j", value: "N",
            help: "Files scanned in parallel (default: number of cores); output does not depend on it."),
        OptionSpec(
            "rules", value: "DIR",
            help:
                "Also load rules from DIR (mappings/*.json, analyzers/*.json); repeatable, after the config's; later ids override earlier ones."
        ),
    ]

    static var formatNames: String { ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    /// `FORMAT=` as `--output` spells it: lower-case letters only (a path would hold `/`, `.` or `-`).
    static func looksLikeFormat(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// The settings that win over the config file (`ConfigurationResolver` applies them).
    var overrides = ConfigurationOverrides()
    var writeBaseline: String?
    var strictBaseline = false
    var filesFrom: String?

    /// Applies one option; returns false when it is not a shared setting.
    mutating func apply(_ option: String, value: String, command: any Command.Type) throws -> Bool {
        switch option {
        case "config": overrides.configFile = value
        case "format":
            guard let parsed = ReportFormat(rawValue: value) else {
                throw UsageError(
                    "unknown format '\(value)' for --format; use one of: \(Self.formatNames)", command: command)
            }
            overrides.format = parsed
        case "output":
            guard !value.isEmpty else { throw UsageError("--output needs FORMAT=FILE or FILE", command: command) }
            if let equals = value.firstIndex(of: "="), let parsed = ReportFormat(rawValue: String(value[..<equals])) {
                let path = String(value[value.index(after: equals)...])
                guard !path.isEmpty else {
                    throw UsageError("--output \(value) names no file; use \(parsed.rawValue)=FILE", command: command)
                }
                overrides.outputs.append((parsed, path))
            } else if let equals = value.firstIndex(of: "="), Self.looksLikeFormat(value[..<equals]) {
                // `sarf=x.sarif` is a mistyped format, not a file to receive the text report.
                let typed = String(value[..<equals])
                let hint =
                    EditDistance.closest(to: typed, in: ReportFormat.allCases.map(\.rawValue))
                    .map { "; did you mean '\($0)=\(value[value.index(after: equals)...])'?" } ?? ""
                throw UsageError(
                    "unknown format '\(typed)' in --output \(value)\(hint) (formats: \(Self.formatNames); "
                        + "a file whose name holds '=' is given as ./\(value))", command: command)
            } else {
                overrides.outputs.append((nil, value))
            }
        case "fail-on":
            guard let parsed = FailThreshold(rawValue: value) else {
                throw UsageError(
                    "unknown level '\(value)' for --fail-on; use error, warning, note or never", command: command)
            }
            overrides.failOn = parsed
        case "min-severity":
            guard let parsed = Severity(rawValue: value) else {
                throw UsageError(
                    "unknown level '\(value)' for --min-severity; use error, warning or note", command: command)
            }
            overrides.minSeverity = parsed
        case "only":
            guard let entries = FindingFilter.parseOnly(value) else {
                throw UsageError(
                    "--only needs analyzers, mappings or rule ids separated by commas, not '\(value)'", command: command
                )
            }
            overrides.only = (overrides.only ?? []) + entries
        case "severity":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                let level = Severity(rawValue: String(value[value.index(after: equals)...]))
            else {
                throw UsageError(
                    "--severity needs RULE=LEVEL with LEVEL error, warning or note, not '\(value)'", command: command)
            }
            overrides.severity.append((String(value[..<equals]), level))
        case "baseline": overrides.baseline = value
        case "write-baseline": writeBaseline = value
        case "strict-baseline": strictBaseline = true
        case "require-reason": overrides.requireReason = true
        case "files-from": filesFrom = value
        case "rules": overrides.ruleDirectories.append(value)
        case "jobs":
            guard let parsed = Int(value), parsed >= 1, parsed <= 1024 else {
                throw UsageError("--jobs needs a whole number from 1 to 1024, not '\(value)'", command: command)
            }
            overrides.jobs = parsed
        default: return false
        }
        return true
    }

    /// The kit's description of a scan of `paths` with these settings; the command sets the mode.
    func invocation(paths: [String], context: CommandContext) -> ScanInvocation {
        var invocation = ScanInvocation(paths: paths, currentDirectory: context.currentDirectory)
        invocation.overrides = overrides
        invocation.filesFrom = filesFrom
        invocation.writeBaseline = writeBaseline
        invocation.strictBaseline = strictBaseline
        invocation.gitHubStepSummary = context.environment["GITHUB_STEP_SUMMARY"]
        return invocation
    }
}
