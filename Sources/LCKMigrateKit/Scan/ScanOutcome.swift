import LCKCore

/// What a finished scan hands back for rendering: the report, the files it covered, and what the
/// exit status depends on.
public struct ScanOutcome: Sendable {
    /// The configuration and rules the scan ran with.
    public var settings: ResolvedSettings
    /// The files scanned (or, in `listFiles` mode, that would be), after `include`/`exclude`, in path order.
    public var files: [DiscoveredFile]
    /// The settings files discovery found beside them (project files, Info.plists), in path order.
    public var settingsFiles: [DiscoveredFile] = []
    /// The findings and counts; in `listFiles` mode only `problems` is filled (nothing was scanned).
    public var report: ScanReport
    /// Set when `--strict-baseline` fails the run: the baseline and how many of its entries are fixed.
    public var fixedBaselineEntries: BaselineOutcome?
    /// Outputs (reports, the new baseline) that could not be written, in writing order; every other
    /// output was still written.
    public var outputProblems: [FileProblem] = []
    /// Unsuppressed findings `minSeverity`/`only` left out of `report` (and of the exit status).
    public var filteredOut = 0
    /// The baseline `--write-baseline` wrote, for the console's "wrote N entries to FILE" line.
    public var writtenBaseline: WrittenBaseline?
    /// Rendered reports without a file, in `formats` order (`ScanInvocation.Mode.writeReports`), for the
    /// caller to write to standard output: the kit writes no stream it did not open.
    public var standardOutputReports: [[UInt8]] = []
    var mode: ScanInvocation.Mode

    /// What `lckmigrate scan` exits with: 2 when a file could not be read or an output not written, else
    /// 1 for a finding at or above `failOn` or fixed entries under `--strict-baseline`, else 0. A file
    /// list fails only on unreadable files.
    public var exitStatus: ExitStatus {
        guard outputProblems.isEmpty else { return .failure }
        guard mode != .listFiles else { return FailThreshold.never.exitStatus(for: report) }
        let status = settings.configuration.failOn.value.exitStatus(for: report)
        return status == .success && fixedBaselineEntries != nil ? .findings : status
    }
}

/// A baseline file `--write-baseline` wrote: where (as given) and how many entries it holds.
public struct WrittenBaseline: Sendable, Equatable {
    public var path: String
    public var entryCount: Int
}
