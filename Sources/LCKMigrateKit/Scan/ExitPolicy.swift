import LCKCore

/// The process exit code, shared by every command so the meaning of 0, 1 and 2 never drifts.
public struct ExitStatus: Error, Hashable, Sendable {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// Nothing at or above the `--fail-on` threshold.
    public static let success = ExitStatus(code: 0)
    /// At least one unsuppressed finding at or above the threshold.
    public static let findings = ExitStatus(code: 1)
    /// Usage, configuration or I/O error (wins over findings: the run is incomplete).
    public static let failure = ExitStatus(code: 2)
}

/// `--fail-on`: the lowest severity that makes a scan exit with 1.
public enum FailThreshold: String, Sendable, CaseIterable {
    case error, warning, note, never

    public var lowestFailingSeverity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .never: nil
        }
    }

    /// 2 when any file could not be scanned, 1 for a finding at or above the threshold, else 0.
    /// Files skipped on purpose (`FileProblem.Kind.skipped`) do not count as unscanned.
    public func exitStatus(for report: ScanReport) -> ExitStatus {
        if report.problems.contains(where: { $0.kind == .unreadable }) { return .failure }
        guard let lowest = lowestFailingSeverity else { return .success }
        let failing = report.findings.contains { $0.suppression == nil && $0.severity >= lowest }
        return failing ? .findings : .success
    }
}
