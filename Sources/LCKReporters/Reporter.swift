import LCKCore

/// Turns a finished scan into the bytes of one output format.
///
/// Reporters are pure: same report in, same bytes out, so outputs can be golden-tested and
/// compared across `--jobs` values.
public protocol Reporter: Sendable {
    func render(_ report: ScanReport) -> [UInt8]
}

/// Settings a few formats need from the command line; everything else comes from the report.
public struct ReporterOptions: Sendable, Equatable {
    /// Absolute `file:` URI of the scan root, ending in `/`, for SARIF's
    /// `originalUriBaseIds["%SRCROOT%"]`. Nil leaves it out (goldens, portable logs).
    /// `SARIFReporter.fileURI(forDirectory:)` builds it from a POSIX path.
    public var sourceRootURI: String?
    /// Threads the large formats (JSON, SARIF) may use to write their findings; the bytes do not depend
    /// on it. The CLI passes `--jobs`, so a one-core budget is kept through the report as well.
    public var jobs: Int
    /// The lowest severity that fails the run (`--fail-on`); nil for `never`. JUnit fails only those
    /// test cases and GitHub annotates only those findings, so both agree with the exit status.
    public var failingSeverity: Severity?
    /// `text` and `xcode` list every CallKit/PushKit use instead of one row per symbol (`--verbose`, and
    /// `--only` naming mappings: a run asking for the usages wants each of them).
    public var listsEveryUse: Bool
    /// Colour for a terminal (`--color`): `text`, `xcode` and `summary` use it; files always get `plain`.
    public var style: TerminalStyle

    public init(
        sourceRootURI: String? = nil, jobs: Int = 1, failingSeverity: Severity? = .error, listsEveryUse: Bool = false,
        style: TerminalStyle = .plain
    ) {
        self.sourceRootURI = sourceRootURI
        self.jobs = jobs
        self.failingSeverity = failingSeverity
        self.listsEveryUse = listsEveryUse
        self.style = style
    }
}

/// Every `--format` value, mapped to its reporter.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case xcode
    case json
    case sarif
    case github
    case junit
    case checkstyle
    case codeclimate
    case markdown
    case summary

    /// The reporter with default options.
    public var reporter: any Reporter {
        reporter(options: ReporterOptions())
    }

    /// The reporter for this format; options matter only to the formats that use them (SARIF's source
    /// root, JUnit's and GitHub's failing severity).
    public func reporter(options: ReporterOptions) -> any Reporter {
        switch self {
        case .text: TextReporter(listsEveryUse: options.listsEveryUse, style: options.style)
        case .xcode: XcodeReporter(listsEveryUse: options.listsEveryUse, style: options.style)
        case .json: JSONReporter(jobs: options.jobs)
        case .sarif: SARIFReporter(sourceRootURI: options.sourceRootURI, jobs: options.jobs)
        case .github: GitHubReporter(failingSeverity: options.failingSeverity)
        case .junit: JUnitReporter(failingSeverity: options.failingSeverity)
        case .checkstyle: CheckstyleReporter()
        case .codeclimate: CodeClimateReporter()
        case .markdown: MarkdownSummaryReporter()
        case .summary: SummaryReporter(style: options.style)
        }
    }

    /// One line for `--help` and `lckmigrate formats`.
    public var help: String {
        switch self {
        case .text:
            "anti-patterns in full, then a table of CallKit/PushKit usages per symbol (default; --verbose: every use)"
        case .xcode:
            "compiler-style path:line:column lines: each anti-pattern, then each symbol at its first use (Xcode, editors)"
        case .json: "full report as JSON (schema in JSONReporter.swift)"
        case .sarif: "SARIF 2.1.0 for GitHub code scanning"
        case .github: "GitHub Actions workflow commands (PR annotations)"
        case .junit: "JUnit XML, one test suite per file"
        case .checkstyle: "Checkstyle XML 4.3"
        case .codeclimate: "GitLab Code Quality (Code Climate) JSON"
        case .markdown: "pull-request comment summary in Markdown (at most 60,000 characters)"
        case .summary: "counts per rule and per file as plain text"
        }
    }

    /// The usual file extension for `--output` defaults and golden files.
    public var fileExtension: String {
        switch self {
        case .text, .xcode, .github, .summary: "txt"
        case .json, .codeclimate: "json"
        case .sarif: "sarif"
        case .junit, .checkstyle: "xml"
        case .markdown: "md"
        }
    }
}
