import LCKCore

/// Why a settings file could not be read, at a byte offset; becomes a one-line note naming file and line.
struct SettingsProblem: Error, Sendable {
    var offset: Int
    var message: String

    /// The note for the scan: `path`, then `line N: message; its settings are not used`.
    func note(path: String, bytes: [UInt8]) -> FileProblem {
        let line = LineTable(bytes).position(of: min(offset, bytes.count)).line
        return FileProblem(
            path: path, message: "line \(line): \(message); its settings are not used (fix the file to have them read)",
            kind: .skipped)
    }
}
