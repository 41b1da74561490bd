import LCKCore
import LCKReporters

/// Where a setting's value came from, shown by `lckmigrate config --print`.
public enum ValueOrigin: Sendable, Equatable, CustomStringConvertible {
    case builtInDefault
    /// The config file (as displayed) and the position of the value in it.
    case configFile(path: String, position: SourcePosition)
    /// The option that set it (`--fail-on`).
    case commandLine(option: String)

    public var description: String {
        switch self {
        case .builtInDefault: "default"
        case .configFile(let path, let position): "\(path):\(position.line):\(position.column)"
        case .commandLine(let option): "command line (\(option))"
        }
    }
}

/// A value and its origin.
public struct Sourced<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var origin: ValueOrigin

    public init(_ value: Value, _ origin: ValueOrigin = .builtInDefault) {
        self.value = value
        self.origin = origin
    }
}

/// One report destination: a format and a file, or stdout when `path` is nil.
public struct OutputRequest: Sendable, Equatable, CustomStringConvertible {
    public var format: ReportFormat
    public var path: String?
    /// Set when a config file named the file: the folder it must stay in and the entry's position.
    public var confinement: OutputConfinement?

    public init(format: ReportFormat, path: String?, confinement: OutputConfinement? = nil) {
        self.format = format
        self.path = path
        self.confinement = confinement
    }

    /// `FORMAT` (stdout) or `FORMAT=FILE`; nil when FORMAT is not a known format.
    public static func parse(_ text: String) -> OutputRequest? {
        guard let equals = text.firstIndex(of: "=") else {
            return ReportFormat(rawValue: text).map { OutputRequest(format: $0, path: nil) }
        }
        guard let format = ReportFormat(rawValue: String(text[..<equals])) else { return nil }
        return OutputRequest(format: format, path: String(text[text.index(after: equals)...]))
    }

    public var description: String { path.map { "\(format.rawValue)=\($0)" } ?? format.rawValue }
}

/// The settings a scan runs with, after defaults, the config file and the command line
/// (later wins, key by key; `severity` merges rule by rule). Paths are relative to the current
/// directory (config-file paths are resolved against the config file's folder when loaded).
public struct Configuration: Sendable, Equatable {
    /// The config file in effect, as displayed; nil when none.
    public var file: String?
    /// Folder that `include`/`exclude` patterns are relative to (absolute).
    public var patternRoot: String
    public var include = Sourced<[GlobPattern]>([])
    public var exclude = Sourced<[GlobPattern]>([])
    public var disabledRules = Sourced<[String]>([])
    public var enabledRules = Sourced<[String]?>(nil)
    /// Rule id → severity, each with its own origin.
    public var severity: [String: Sourced<Severity>] = [:]
    public var ruleDirectories = Sourced<[String]>([])
    public var baseline = Sourced<String?>(nil)
    public var failOn = Sourced(FailThreshold.error)
    /// Report destinations; at most one without a file (stdout).
    public var outputs = Sourced([OutputRequest(format: .text, path: nil)])
    public var jobs: Sourced<Int>
    public var requireReason = Sourced(false)
    /// `minSeverity`, `--min-severity`: findings below it are not reported by `scan`.
    public var minSeverity = Sourced(Severity.note)
    /// `minConfidence`, `--min-confidence`: findings an analyzer is less sure of are not reported by `scan`.
    public var minConfidence = Sourced(Confidence.low)
    /// `only`, `--only`: `scan` reports only the findings these select; nil reports all.
    public var only = Sourced<[FindingFilter.Selection]?>(nil)
    /// `roles`, `--roles`: the file roles anti-pattern rules check (`FileRole`).
    public var roles = Sourced(FileRole.checkedByDefault)
    /// `maxFileFindings`, `--max-file-findings`: findings kept per file.
    public var maxFileFindings = Sourced(FindingLimits.defaultPerFile)
    /// `maxFindings`, `--max-findings`: findings kept per run.
    public var maxFindings = Sourced(FindingLimits.defaultPerRun)

    public init(patternRoot: String, jobs: Int = ScanDefaults.jobs) {
        self.patternRoot = patternRoot
        self.jobs = Sourced(jobs)
    }

    /// The caps on findings kept (`maxFileFindings`, `maxFindings`).
    public var findingLimits: FindingLimits { FindingLimits(perFile: maxFileFindings.value, perRun: maxFindings.value) }

    public var pathFilter: PathFilter { PathFilter(include: include.value, exclude: exclude.value) }

    /// What `scan` reports of the findings (`minSeverity`, `only`).
    public var findingFilter: FindingFilter {
        FindingFilter(minSeverity: minSeverity.value, minConfidence: minConfidence.value, only: only.value)
    }

    public var rulePolicy: RulePolicy {
        RulePolicy(
            enabledRules: enabledRules.value.map(Set.init),
            disabledRules: Set(disabledRules.value),
            severityOverrides: severity.mapValues(\.value))
    }

    /// `lckmigrate config --print`: one `key: value  (origin)` line per setting, in a fixed order.
    public func printed() -> String {
        func list(_ values: [String]) -> String { "[" + values.map(JSONWriter.quoted).joined(separator: ", ") + "]" }
        var rows: [(String, String, ValueOrigin?)] = [
            ("config", file.map(JSONWriter.quoted) ?? "none", nil),
            ("include", list(include.value.map(\.text)), include.origin),
            ("exclude", list(exclude.value.map(\.text)), exclude.origin),
            ("enabledRules", enabledRules.value.map(list) ?? "all", enabledRules.origin),
            ("disabledRules", list(disabledRules.value), disabledRules.origin),
        ]
        if severity.isEmpty {
            rows.append(("severity", "{}", .builtInDefault))
        } else {
            for rule in severity.keys.sorted() {
                rows.append(("severity." + rule, severity[rule]!.value.rawValue, severity[rule]!.origin))
            }
        }
        rows += [
            ("rules", list(ruleDirectories.value), ruleDirectories.origin),
            ("baseline", baseline.value.map(JSONWriter.quoted) ?? "none", baseline.origin),
            ("failOn", failOn.value.rawValue, failOn.origin),
            ("minSeverity", minSeverity.value.rawValue, minSeverity.origin),
            ("minConfidence", minConfidence.value.rawValue, minConfidence.origin),
            ("only", only.value.map { list($0.map(\.description)) } ?? "all", only.origin),
            (
                "roles",
                roles.value.count == FileRole.allCases.count
                    ? "all" : list(FileRole.ordered(roles.value).map(\.rawValue)),
                roles.origin
            ),
            ("formats", list(outputs.value.map(\.description)), outputs.origin),
            ("jobs", String(jobs.value), jobs.origin),
            ("requireReason", requireReason.value ? "true" : "false", requireReason.origin),
            ("maxFileFindings", String(maxFileFindings.value), maxFileFindings.origin),
            ("maxFindings", String(maxFindings.value), maxFindings.origin),
        ]
        // Keys and values come from the config file (a pull request's): control and bidi characters escaped.
        let shown = rows.map { (VisibleText.escaped($0.0), VisibleText.escaped($0.1), $0.2) }
        let width = shown.map { $0.0.count + 2 + $0.1.count }.max() ?? 0
        return shown.map { key, value, origin in
            let head = key + ": " + value
            guard let origin else { return head + "\n" }
            return head + String(repeating: " ", count: width - head.count + 2) + "# " + origin.description + "\n"
        }.joined()
    }
}
