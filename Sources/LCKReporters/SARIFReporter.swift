import LCKCore

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// Column unit: the log declares `columnKind: "utf16CodeUnits"` and writes the UTF-16 columns the
/// pipeline stores in `Finding.utf16StartColumn`/`utf16EndColumn` and `WitnessStep.utf16Column`
/// (filled by `Finding.locate(path:lines:bytes:)`). When they are nil the UTF-8 column is used,
/// which is the same number whenever the line is ASCII up to that point.
///
/// Paths are relative to `%SRCROOT%`; `originalUriBaseIds` is written only when the caller
/// passes the root URI, so the default output holds no absolute path.
public struct SARIFReporter: Reporter {
    /// GitHub code scanning rejects runs with more results than this.
    public static let gitHubResultLimit = 25_000

    public var sourceRootURI: String?
    public var resultLimit: Int
    /// Threads for writing the results (`ReporterOptions.jobs`); the output is the same for any value.
    public var jobs: Int

    public init(sourceRootURI: String? = nil, resultLimit: Int = SARIFReporter.gitHubResultLimit, jobs: Int = 1) {
        self.sourceRootURI = sourceRootURI
        self.resultLimit = resultLimit
        self.jobs = jobs
    }

    /// `file:///abs/dir/` for an absolute POSIX directory path, percent-encoded.
    public static func fileURI(forDirectory path: String) -> String {
        let withSlash = path.hasSuffix("/") ? path : path + "/"
        let absolute = withSlash.hasPrefix("/") ? withSlash : "/" + withSlash
        return "file://" + SARIFRules.percentEncodedPath(absolute)
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        let rules = SARIFRules.catalogue(digest)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }

        let kept = Self.keptFindings(digest.findings, limit: resultLimit)
        let dropped = digest.findings.count - kept.count
        var notifications = digest.problems.map(Self.problemNotification)
        if dropped > 0 { notifications.append(resultLimitNotification(dropped: dropped)) }

        var run: [(String, OutputJSON?)] = [
            ("tool", Self.toolValue(version: report.toolVersion, rules: rules)),
            (
                "invocations",
                .array([
                    .object([
                        ("executionSuccessful", .bool(true)),
                        ("toolExecutionNotifications", .array(notifications)),
                    ])
                ])
            ),
        ]
        if let root = sourceRootURI {
            let uri = root.hasSuffix("/") ? root : root + "/"
            run.append(("originalUriBaseIds", .object([("%SRCROOT%", .object([("uri", .string(uri))]))])))
        }
        run.append(("columnKind", .string("utf16CodeUnits")))
        run.append(
            (
                "results",
                .generatedArray(count: kept.count) { [ruleIndex] in
                    Self.resultValue(kept[$0], ruleIndex: ruleIndex[kept[$0].ruleID])
                }
            ))
        run.append(
            (
                "properties",
                .object([
                    ("rulesFingerprint", .string(report.rulesFingerprint)),
                    ("filesScanned", .int(report.filesScanned)),
                    ("resultsDropped", .int(dropped)),
                ])
            ))

        return OutputJSONWriter.document(
            .object([
                ("$schema", .string(Self.schemaURI)),
                ("version", .string("2.1.0")),
                ("runs", .array([.members(run)])),
            ]), expectedBytes: 262_144 + kept.count * 2048, jobs: jobs)
    }

    /// The SARIF 2.1.0 schema (OASIS errata 01) the log declares and validates against.
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// `tool.driver`: who wrote the log and the rules that `ruleIndex` in each result points into.
    static func toolValue(version: String, rules: [RuleDescriptor]) -> OutputJSON {
        .object([
            (
                "driver",
                .object([
                    ("name", .string(ToolInfo.name)),
                    ("semanticVersion", .string(version)),
                    ("version", .string(version)),
                    ("informationUri", .string(ToolInfo.informationURI)),
                    ("rules", .array(rules.map(SARIFRules.ruleValue))),
                ])
            )
        ])
    }

    /// A warning notification saying how many results `keptFindings` left out, so a viewer that shows the
    /// log does not present a truncated run as complete.
    func resultLimitNotification(dropped: Int) -> OutputJSON {
        .object([
            ("descriptor", .object([("id", .string("lckmigrate/result-limit"))])),
            ("level", .string("warning")),
            (
                "message",
                .object([
                    (
                        "text",
                        .string(
                            "\(plural(dropped, "result")) dropped to stay within GitHub's limit of "
                                + "\(resultLimit) results per run; the most severe were kept."
                        )
                    )
                ])
            ),
        ])
    }

    /// At most `limit` findings, in report order, chosen by rank: unsuppressed before
    /// suppressed, then error > warning > note, then report order.
    static func keptFindings(_ findings: [Finding], limit: Int) -> [Finding] {
        guard findings.count > limit else { return findings }
        func rank(_ finding: Finding) -> Int {
            let severityRank = finding.severity == .error ? 0 : finding.severity == .warning ? 1 : 2
            return (finding.suppression == nil ? 0 : 3) + severityRank
        }
        let chosen = findings.indices
            .sorted { rank(findings[$0]) != rank(findings[$1]) ? rank(findings[$0]) < rank(findings[$1]) : $0 < $1 }
            .prefix(max(0, limit))
            .sorted()
        return chosen.map { findings[$0] }
    }

    static func resultValue(_ finding: Finding, ruleIndex: Int?) -> OutputJSON {
        .members([
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", ruleIndex.map { .int($0) }),
            ("level", .string(SARIFRules.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            (
                "locations",
                .array([
                    .object([
                        (
                            "physicalLocation",
                            physicalLocation(
                                path: finding.path,
                                start: finding.start, startColumn: finding.utf16StartColumn,
                                end: finding.end, endColumn: finding.utf16EndColumn
                            )
                        )
                    ])
                ])
            ),
            ("partialFingerprints", finding.fingerprint.map { .object([("lckmigrate/v2", .string($0))]) }),
            ("codeFlows", finding.witness.isEmpty ? nil : codeFlows(finding)),
            (
                "suppressions",
                finding.suppression.map { suppression in
                    .array([
                        .members([
                            ("kind", .string(suppression.kind.rawValue)),
                            (
                                "justification",
                                suppression.justification.isEmpty ? nil : .string(suppression.justification)
                            ),
                        ])
                    ])
                }
            ),
            ("properties", resultProperties(finding)),
        ])
    }

    private static func resultProperties(_ finding: Finding) -> OutputJSON? {
        let properties = OutputJSON.members([
            ("symbol", .stringIfPresent(finding.symbol)),
            ("replacement", .stringIfPresent(finding.replacement)),
            ("mappingKind", .stringIfPresent(finding.mappingKind?.rawValue)),
            ("confidence", .stringIfPresent(finding.confidence?.rawValue)),
            ("role", .stringIfPresent(finding.role?.rawValue)),
            ("evidence", finding.evidence.isEmpty ? nil : .strings(finding.evidence)),
        ])
        if case .object(let members) = properties, members.isEmpty { return nil }
        return properties
    }

    private static func codeFlows(_ finding: Finding) -> OutputJSON {
        let locations = finding.witness.map { step in
            OutputJSON.object([
                (
                    "location",
                    .object([
                        (
                            "physicalLocation",
                            physicalLocation(
                                path: step.path ?? finding.path, start: step.position, startColumn: step.utf16Column,
                                end: nil,
                                endColumn: nil
                            )
                        ),
                        ("message", .object([("text", .string(step.message))])),
                    ])
                )
            ])
        }
        return .array([.object([("threadFlows", .array([.object([("locations", .array(locations))])]))])])
    }

    /// `artifactLocation` plus a 1-based `region`; the region is left out when the position is
    /// unknown (line 0), since SARIF lines start at 1.
    private static func physicalLocation(
        path: String, start: SourcePosition, startColumn: Int?, end: SourcePosition?, endColumn: Int?
    ) -> OutputJSON {
        let artifact = OutputJSON.object([
            ("uri", .string(SARIFRules.percentEncodedPath(path))),
            ("uriBaseId", .string("%SRCROOT%")),
        ])
        guard start.line > 0 else { return .object([("artifactLocation", artifact)]) }
        let firstColumn = max(1, startColumn ?? start.column)
        var region: [(String, OutputJSON)] = [("startLine", .int(start.line)), ("startColumn", .int(firstColumn))]
        if let end, end.line > 0 {
            let lastLine = max(start.line, end.line)
            var lastColumn = max(1, endColumn ?? end.column)
            if lastLine == start.line { lastColumn = max(lastColumn, firstColumn) }
            region.append(("endLine", .int(lastLine)))
            region.append(("endColumn", .int(lastColumn)))
        }
        return .object([("artifactLocation", artifact), ("region", .object(region))])
    }

    private static func problemNotification(_ problem: FileProblem) -> OutputJSON {
        .object([
            ("descriptor", .object([("id", .string("lckmigrate/unreadable-file"))])),
            ("level", .string("warning")),
            ("message", .object([("text", .string("\(problem.path): \(problem.message)"))])),
            (
                "locations",
                .array([
                    .object([
                        (
                            "physicalLocation",
                            .object([
                                (
                                    "artifactLocation",
                                    .object([
                                        ("uri", .string(SARIFRules.percentEncodedPath(problem.path))),
                                        ("uriBaseId", .string("%SRCROOT%")),
                                    ])
                                )
                            ])
                        )
                    ])
                ])
            ),
        ])
    }
}
