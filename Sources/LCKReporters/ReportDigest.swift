import LCKCore

/// What several reporters derive from a `ScanReport`: findings in report order and the counts.
///
/// Suppressed findings stay in `findings` (JSON and SARIF show them as suppressed) but are left
/// out of `active` and of every count, because they do not count against the run.
struct ReportDigest {
    let report: ScanReport
    /// All findings, sorted with `Finding.reportOrder` (never trusting the input order).
    let findings: [Finding]
    /// Findings that are not suppressed, in report order.
    let active: [Finding]
    let suppressedCount: Int
    let errorCount: Int
    let warningCount: Int
    let noteCount: Int
    /// Active findings per rule id, sorted by rule id.
    let countsByRule: [(ruleID: String, count: Int)]
    /// Active findings per file, sorted by path.
    let countsByFile: [(path: String, count: Int)]
    /// Problems sorted by path, then message.
    let problems: [FileProblem]
    private let descriptorsByID: [String: RuleDescriptor]

    init(_ report: ScanReport) {
        self.report = report
        // The pipeline already delivers report order and few findings are suppressed: checking first
        // shares the report's array instead of holding two more copies of every finding (monorepo scans).
        // The loops below read fields through indices: iterating by value would copy every finding
        // (a dozen reference counts each), which made this digest a visible serial step of large scans.
        let given = report.findings
        let alreadySorted = given.withUnsafeBufferPointer { buffer in
            // Compared where they lie (`reportOrder` is inlinable): no finding is copied for the check.
            for index in buffer.indices.dropFirst() where Finding.reportOrder(buffer[index], buffer[index - 1]) {
                return false
            }
            return true
        }
        findings = alreadySorted ? given : given.sorted(by: Finding.reportOrder)
        var suppressed = 0
        for index in findings.indices where findings[index].suppression != nil { suppressed += 1 }
        active = suppressed > 0 ? findings.filter { $0.suppression == nil } : findings
        suppressedCount = suppressed

        var errors = 0
        var warnings = 0
        var notes = 0
        var byRule: [String: Int] = [:]
        var byFile: [(path: String, count: Int)] = []
        for index in active.indices {
            switch active[index].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
            byRule[active[index].ruleID, default: 0] += 1
            // Findings come grouped by path (report order), so per-file counts are runs, no hashing.
            if let last = byFile.indices.last, byFile[last].path.hasSameBytes(as: active[index].path) {
                byFile[last].count += 1
            } else {
                byFile.append((path: active[index].path, count: 1))
            }
        }
        errorCount = errors
        warningCount = warnings
        noteCount = notes
        countsByRule = byRule.map { (ruleID: $0.key, count: $0.value) }
            .sorted { $0.ruleID.utf8.lexicographicallyPrecedes($1.ruleID.utf8) }
        countsByFile = byFile
        problems = report.problems.sorted {
            !$0.path.hasSameBytes(as: $1.path)
                ? $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
                : $0.message.utf8.lexicographicallyPrecedes($1.message.utf8)
        }
        var descriptors: [String: RuleDescriptor] = [:]
        for rule in report.rules where descriptors[rule.id] == nil {
            descriptors[rule.id] = rule
        }
        descriptorsByID = descriptors
    }

    func descriptor(for ruleID: String) -> RuleDescriptor? {
        descriptorsByID[ruleID]
    }

    /// Files with the most active findings first (ties by path), at most `limit`.
    func topFiles(_ limit: Int) -> [(path: String, count: Int)] {
        let ranked = countsByFile.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }
        return Array(ranked.prefix(limit))
    }

    /// "3 findings (1 error, 1 warning, 1 note)".
    var findingsPhrase: String {
        "\(plural(active.count, "finding")) (\(plural(errorCount, "error")), "
            + "\(plural(warningCount, "warning")), \(plural(noteCount, "note")))"
    }
}

/// "1 file", "2 files".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension Finding {
    /// `path:line:column`, or `path` alone when the pipeline could not place the finding.
    var compilerLocation: String {
        start.line > 0 ? "\(path):\(start.line):\(start.column)" : path
    }
}

extension WitnessStep {
    func compilerLocation(in path: String) -> String {
        let path = self.path ?? path
        return position.line > 0 ? "\(path):\(position.line):\(position.column)" : path
    }
}
