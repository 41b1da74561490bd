import LCKCore

/// The machine-readable report that scripts and the HTML/baseline tooling read.
///
/// Schema (keys always in this order; `?` marks keys written only when the value is present):
///
///     {
///       "version": String,              // tool version
///       "rulesFingerprint": String,     // hash of the active rule table
///       "findings": [{
///         "ruleId": String, "severity": "error" | "warning" | "note",
///         "path": String,               // relative, "/"-separated
///         "line": Int, "column": Int,   // 1-based; column in UTF-8 bytes
///         "endLine": Int, "endColumn": Int,   // exclusive end, same units
///         "message": String,
///         "symbol": String | null,      // always present: null for non-mapping findings
///         "replacement": String | null, // always present
///         "mappingKind": String | null, // always present (MappingKind raw value)
///         "confidence"?: "high" | "medium" | "low",
///         "role"?: "example" | "test" | "vendored",   // the file's role (`FileRole`); absent: app code
///         "fingerprint"?: String,
///         "witness"?: [{"path"?: String, "line": Int, "column": Int, "message": String}],  // when non-empty
///         "evidence"?: [String],        // when non-empty
///         "suppressed"?: {"kind": "inSource" | "external", "justification": String}
///       }],
///       "problems": [{"path": String, "message": String,
///                     "kind"?: "skipped"}],   // only for deliberate skips (--max-file-size, outside links)
///       "summary": {
///         "filesScanned": Int, "filesWithCallKit": Int, "linesScanned": Int,
///         "findings": Int,              // active (not suppressed) findings
///         "suppressed": Int, "problems": Int,
///         "bySeverity": {"error": Int, "warning": Int, "note": Int},
///         "byRule": {"<rule id>": Int}, // active findings, keys sorted by rule id
///         "baseline"?: {"path": String, "matched": Int, "fixed": Int,  // with --baseline
///                       "unevaluated"?: Int},  // entries of files whose findings were capped
///         "targets"?: [{"name": String, "deploymentTarget": String | null,  // when settings name targets;
///                       "application": Bool, "source": String}],           // absent: target unknown
///         "notAnalyzed"?: [{"path": String, "mentions": Int,   // Objective-C files naming CallKit/PushKit
///                           "names": {"<type name>": Int}}]
///       }
///     }
///
/// The mapping keys are always written (null when absent) so every finding has the same shape.
public struct JSONReporter: Reporter {
    /// Threads for writing the findings (`ReporterOptions.jobs`); the output is the same for any value.
    public var jobs: Int

    public init(jobs: Int = 1) {
        self.jobs = jobs
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        let document = OutputJSON.object([
            ("version", .string(report.toolVersion)),
            ("rulesFingerprint", .string(report.rulesFingerprint)),
            (
                "findings",
                .generatedArray(count: digest.findings.count) { [findings = digest.findings] in
                    Self.findingValue(findings[$0])
                }
            ),
            (
                "problems",
                .array(
                    digest.problems.map { problem in
                        var members: [(String, OutputJSON)] = [
                            ("path", .string(problem.path)), ("message", .string(problem.message)),
                        ]
                        if problem.kind.isNote { members.append(("kind", .string(problem.kind.rawValue))) }
                        return .object(members)
                    })
            ),
            ("summary", Self.summaryValue(digest)),
        ])
        // About 600 bytes per finding in practice; generous, since unwritten capacity stays virtual.
        return OutputJSONWriter.document(document, expectedBytes: 65_536 + digest.findings.count * 1024, jobs: jobs)
    }

    /// A witness step; `path` only for a step in another file than the finding's.
    static func witnessValue(_ step: WitnessStep) -> OutputJSON {
        .members([
            ("path", .stringIfPresent(step.path)),
            ("line", .int(step.position.line)),
            ("column", .int(step.position.column)),
            ("message", .string(step.message)),
        ])
    }

    static func findingValue(_ finding: Finding) -> OutputJSON {
        .members([
            ("ruleId", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("path", .string(finding.path)),
            ("line", .int(finding.start.line)),
            ("column", .int(finding.start.column)),
            ("endLine", .int(finding.end.line)),
            ("endColumn", .int(finding.end.column)),
            ("message", .string(finding.message)),
            ("symbol", .stringOrNull(finding.symbol)),
            ("replacement", .stringOrNull(finding.replacement)),
            ("mappingKind", .stringOrNull(finding.mappingKind?.rawValue)),
            ("confidence", .stringIfPresent(finding.confidence?.rawValue)),
            ("role", .stringIfPresent(finding.role?.rawValue)),
            ("fingerprint", .stringIfPresent(finding.fingerprint)),
            (
                "witness",
                finding.witness.isEmpty
                    ? nil
                    : .array(finding.witness.map(witnessValue))
            ),
            ("evidence", finding.evidence.isEmpty ? nil : .strings(finding.evidence)),
            (
                "suppressed",
                finding.suppression.map { suppression in
                    .object([
                        ("kind", .string(suppression.kind.rawValue)),
                        ("justification", .string(suppression.justification)),
                    ])
                }
            ),
        ])
    }

    static func summaryValue(_ digest: ReportDigest) -> OutputJSON {
        .members([
            ("filesScanned", .int(digest.report.filesScanned)),
            ("filesWithCallKit", .int(digest.report.filesWithCallKit)),
            ("linesScanned", .int(digest.report.linesScanned)),
            ("findings", .int(digest.active.count)),
            ("suppressed", .int(digest.suppressedCount)),
            ("problems", .int(digest.problems.count)),
            (
                "bySeverity",
                .object([
                    ("error", .int(digest.errorCount)),
                    ("warning", .int(digest.warningCount)),
                    ("note", .int(digest.noteCount)),
                ])
            ),
            ("byRule", .object(digest.countsByRule.map { ($0.ruleID, .int($0.count)) })),
            (
                "baseline",
                digest.report.baseline.map { baseline in
                    .object(
                        [
                            ("path", .string(baseline.path)), ("matched", .int(baseline.matched)),
                            ("fixed", .int(baseline.fixed)),
                        ] + (baseline.unevaluated > 0 ? [("unevaluated", .int(baseline.unevaluated))] : []))
                }
            ),
            ("targets", Self.targetsValue(digest.report.project)),
            ("notAnalyzed", Self.notAnalyzedValue(digest.report.project)),
        ])
    }

    /// The settings' targets; nil (key left out: deployment target unknown) when no settings file names one.
    static func targetsValue(_ project: ProjectOverview) -> OutputJSON? {
        guard !project.targets.isEmpty else { return nil }
        return .array(
            project.targets.map { target in
                .object([
                    ("name", .string(target.name)),
                    ("deploymentTarget", .stringOrNull(target.deploymentTarget?.description)),
                    ("application", .bool(target.isApplication)), ("source", .string(target.source)),
                ])
            })
    }

    /// Objective-C files naming CallKit or PushKit types; nil (key left out) when there are none.
    static func notAnalyzedValue(_ project: ProjectOverview) -> OutputJSON? {
        guard !project.notAnalyzed.isEmpty else { return nil }
        return .array(
            project.notAnalyzed.map { file in
                .object([
                    ("path", .string(file.path)), ("mentions", .int(file.mentions)),
                    ("names", .object(file.symbols.map { ($0.name, .int($0.count)) })),
                ])
            })
    }
}
