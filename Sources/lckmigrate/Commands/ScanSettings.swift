import LCKCore
import LCKMigrateKit
import LCKReporters

/// The settings options `scan`, `report`, `scaffold` and `config --print` share, parsed into the kit's
/// `ConfigurationOverrides` (which win over the config file) and the scan-only baseline and list options.
struct ScanSettings {
    /// Each shared option with what it sets; a command takes them (or some, by name) with `lifted`.
    static let options: [CommandOption<ScanSettings>] = [
        .value(
            "config", "FILE",
            help:
                "Read settings from FILE instead of .lckmigrate.json in the scanned folder (or the current directory).",
            stores: \.overrides.configFile),
        .choice(
            "format", "FORMAT", ReportFormat.allCases, help: "Report format on stdout: \(formatNames) (default: text).",
            unknown: "format", advice: "use one of: \(formatNames)"
        ) { $0.overrides.format = $1 },
        .value(
            "output", short: "o", "FORMAT=FILE",
            help:
                "Also write FORMAT to FILE, atomically; repeatable. A bare FILE takes the --format report instead of stdout."
        ) { $0.overrides.outputs.append(try output($1)) },
        .choice(
            "fail-on", "LEVEL", FailThreshold.allCases,
            help: "Lowest severity that makes the exit status 1: error, warning, note or never (default: error).",
            unknown: "level"
        ) { $0.overrides.failOn = $1 },
        .choice(
            "min-severity", "LEVEL", [Severity.error, .warning, .note],
            help: "Report only findings at or above LEVEL (error, warning or note); the rest do not count either.",
            unknown: "level"
        ) { $0.overrides.minSeverity = $1 },
        .choice(
            "min-confidence", "LEVEL", [Confidence.high, .medium, .low],
            help:
                "Report only anti-pattern findings at or above LEVEL of confidence (high, medium or low); the rest do not count either.",
            unknown: "level"
        ) { $0.overrides.minConfidence = $1 },
        .value(
            "only", "WHAT,...",
            help:
                "Report only analyzers (anti-patterns), mappings (CallKit usages) or these rule ids; repeatable. The baseline still covers every finding."
        ) { settings, value in
            guard let entries = FindingFilter.parseOnly(value) else {
                throw UsageError("--only needs analyzers, mappings or rule ids separated by commas, not '\(value)'")
            }
            settings.overrides.only = (settings.overrides.only ?? []) + entries
        },
        .value(
            "roles", "ROLE,...",
            help:
                "Check these file roles for anti-patterns: app, example, test, vendored or all (default: app,example); repeatable. CallKit usages are listed in every file."
        ) { settings, value in
            guard let roles = FileRole.parseList([value]) else {
                throw UsageError(
                    "--roles needs app, example, test, vendored or all separated by commas, not '\(value)'")
            }
            settings.overrides.roles = (settings.overrides.roles ?? []).union(roles)
        },
        .value(
            "severity", "RULE=LEVEL",
            help: "Report RULE at LEVEL (error, warning or note); repeatable; overrides the config."
        ) { $0.overrides.severity.append(try severity($1)) },
        .value(
            "baseline", "FILE", help: "Mark findings listed in FILE as known; only new findings count.",
            stores: \.overrides.baseline),
        .value(
            "write-baseline", "FILE",
            help:
                "Write every current finding to FILE as the new baseline (exit 0 unless a file could not be scanned).",
            stores: \.writeBaseline),
        .flag(
            "strict-baseline", help: "Exit 1 when the baseline lists findings that are gone, so it can only shrink.",
            sets: \.strictBaseline),
        .flag(
            "require-reason",
            help: "Report suppression comments without '-- reason' as suppression_without_reason errors.",
            sets: \.overrides.requireReason),
        .value(
            "files-from", "FILE",
            help:
                "Scan the paths listed in FILE ('-' for stdin), one per line; deleted and non-Swift paths are skipped.",
            stores: \.filesFrom),
        jobs(\.overrides.jobs),
        .value(
            "rules", "DIR",
            help:
                "Also load rules from DIR (mappings/*.json, analyzers/*.json); repeatable, after the config's; later ids override earlier ones.",
            appends: \.overrides.ruleDirectories),
    ]

    /// `--jobs N`, which `init` takes too.
    static func jobs<Target>(_ property: WritableKeyPath<Target, Int?> & Sendable) -> CommandOption<Target> {
        .value(
            "jobs", short: "j", "N",
            help: "Files scanned in parallel (default: number of cores); output does not depend on it."
        ) { target, value in
            guard let parsed = Int(value), parsed >= 1, parsed <= 1024 else {
                throw UsageError("--jobs needs a whole number from 1 to 1024, not '\(value)'")
            }
            target[keyPath: property] = parsed
        }
    }

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

    /// One `--output FORMAT=FILE` or `--output FILE` (a nil format: the `--format` report).
    private static func output(_ value: String) throws -> (format: ReportFormat?, path: String) {
        guard !value.isEmpty else { throw UsageError("--output needs FORMAT=FILE or FILE") }
        guard let equals = value.firstIndex(of: "=") else { return (nil, value) }
        let path = String(value[value.index(after: equals)...])
        if let parsed = ReportFormat(rawValue: String(value[..<equals])) {
            guard !path.isEmpty else {
                throw UsageError("--output \(value) names no file; use \(parsed.rawValue)=FILE")
            }
            return (parsed, path)
        }
        guard looksLikeFormat(value[..<equals]) else { return (nil, value) }
        // `sarf=x.sarif` is a mistyped format, not a file to receive the text report.
        let typed = String(value[..<equals])
        let hint =
            EditDistance.closest(to: typed, in: ReportFormat.allCases.map(\.rawValue))
            .map { "; did you mean '\($0)=\(path)'?" } ?? ""
        throw UsageError(
            "unknown format '\(typed)' in --output \(value)\(hint) (formats: \(formatNames); "
                + "a file whose name holds '=' is given as ./\(value))")
    }

    /// One `--severity RULE=LEVEL`.
    private static func severity(_ value: String) throws -> (rule: String, level: Severity) {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
            let level = Severity(rawValue: String(value[value.index(after: equals)...]))
        else {
            throw UsageError("--severity needs RULE=LEVEL with LEVEL error, warning or note, not '\(value)'")
        }
        return (String(value[..<equals]), level)
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
