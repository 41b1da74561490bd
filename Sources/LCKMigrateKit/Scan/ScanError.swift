import LCKCore

/// Why a scan stopped before its outcome: the only error `Scan.run` and `ConfigurationResolver` throw.
public enum ScanError: Error, Sendable {
    /// A file the run needs could not be read or written, or is malformed: the config, a rule pack,
    /// the baseline, the `--files-from` list or an output. The problem names the file (and position).
    case file(FileProblem)
    /// The caller's settings contradict each other (two outputs to one file): a usage mistake.
    case invalidSettings(String)

    init(_ error: FileProblemError) {
        self = .file(error.problem)
    }
}
