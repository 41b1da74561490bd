import LCKCore

/// GitLab Code Quality (Code Climate issue) JSON, shown in merge-request widgets.
///
///     [{"type": "issue", "check_name": rule id, "description": message,
///       "content"?: {"body": Markdown with the LiveCommunicationKit replacement},
///       "categories": ["Compatibility" | "Bug Risk" | "Clarity"], "severity": "info|minor|major",
///       "fingerprint": String, "location": {"path": String, "lines": {"begin": Int, "end": Int}}}]
///
/// Severity: note → info, warning → minor, error → major. The fingerprint is the finding's own
/// when the pipeline set one; otherwise a 64-bit FNV-1a hash of rule, path, symbol, message and
/// the occurrence number among identical findings, so it does not move when lines shift.
/// Suppressed findings and unreadable files are left out (Code Quality has no place for them).
public struct CodeClimateReporter: Reporter {
    public init() {}

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var occurrences: [String: Int] = [:]
        var issues: [OutputJSON] = []
        for finding in digest.active {
            let fingerprint: String
            if let own = finding.fingerprint {
                fingerprint = own
            } else {
                let identity = [finding.ruleID, finding.path, finding.symbol ?? "", finding.message].joined(
                    separator: "\u{1F}")
                let occurrence = occurrences[identity, default: 0]
                occurrences[identity] = occurrence + 1
                fingerprint = Self.fnv1a64(identity + "\u{1F}\(occurrence)")
            }
            let category = Self.category(finding, descriptor: digest.descriptor(for: finding.ruleID))
            issues.append(
                .members([
                    ("type", .string("issue")),
                    ("check_name", .string(finding.ruleID)),
                    ("description", .string(finding.message)),
                    (
                        "content",
                        finding.replacement.flatMap { replacement in
                            replacement.isEmpty
                                ? nil : .object([("body", .string("LiveCommunicationKit replacement: \(replacement)"))])
                        }
                    ),
                    ("categories", .strings([category])),
                    ("severity", .string(Self.severityName(finding.severity))),
                    ("fingerprint", .string(fingerprint)),
                    (
                        "location",
                        .object([
                            ("path", .string(finding.path)),
                            (
                                "lines",
                                .object([
                                    ("begin", .int(max(1, finding.start.line))),
                                    ("end", .int(max(1, finding.start.line, finding.end.line))),
                                ])
                            ),
                        ])
                    ),
                ]))
        }
        return OutputJSONWriter.document(.array(issues))
    }

    static func severityName(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }

    private static func category(_ finding: Finding, descriptor: RuleDescriptor?) -> String {
        switch descriptor?.kind {
        case .mapping: "Compatibility"
        case .analyzer: "Bug Risk"
        case .meta: "Clarity"
        case nil: finding.mappingKind == nil ? "Bug Risk" : "Compatibility"
        }
    }

    /// Hex FNV-1a (64-bit) of the UTF-8 bytes: tiny, stable across platforms and runs.
    static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
