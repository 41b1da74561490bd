import LCKCore

/// `--files-from FILE|-`: a newline-separated list of paths (such as `git diff --name-only`) to scan
/// instead of walking folders. Deleted paths and non-Swift files are skipped with a note each; they
/// are expected in a diff and are not errors.
public enum ChangedFiles {
    /// The parsed list: what to scan, and what was left out and why (printed as notes).
    public struct Selection: Sendable, Equatable {
        /// Paths to hand to discovery, in list order, without duplicates.
        public var paths: [String]
        /// One line per skipped path: `PATH: why it was skipped`.
        public var notes: [String]
    }

    /// Reads the list from `source` (`-` is stdin); paths are relative to `currentDirectory`.
    public static func readList(_ source: String, currentDirectory: String) throws(FileProblemError) -> [UInt8] {
        if source == "-" { return try readAll(descriptor: 0, name: "stdin") }
        // Any readable file, pipes included, so `--files-from <(git diff --name-only main)` works.
        let absolute = source.hasPrefix("/") ? source : currentDirectory + "/" + source
        let descriptor: Int32
        switch Platform.openForReading(Array(absolute.utf8)) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            throw FileProblemError(
                FileProblem(path: source, message: "cannot read --files-from list (\(error.message))"))
        }
        defer { Platform.closeDescriptor(descriptor) }
        return try readAll(descriptor: descriptor, name: source)
    }

    /// Splits the list (LF or CRLF, blank lines ignored) and keeps existing Swift files and folders.
    public static func select(_ list: [UInt8], currentDirectory: String) -> Selection {
        var selection = Selection(paths: [], notes: [])
        var seen = Set<String>()
        for rawLine in list.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var line = rawLine[...]
            if line.last == 0x0D { line = line.dropLast() }
            let path = String(decoding: line, as: UTF8.self).trimmingSpaces()
            guard !path.isEmpty, seen.insert(path).inserted else { continue }
            let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
            switch Platform.status(of: Array(absolute.utf8), followLinks: true) {
            case .failure:
                selection.notes.append("\(path): no longer exists (deleted or renamed); skipped")
            case .success(let status):
                if status.kind == .directory || (status.kind == .regular && path.hasSuffix(".swift")) {
                    selection.paths.append(path)
                } else {
                    selection.notes.append("\(path): not a Swift file; skipped")
                }
            }
        }
        return selection
    }

    private static func readAll(descriptor: Int32, name: String) throws(FileProblemError) -> [UInt8] {
        switch Platform.readAll(descriptor: descriptor) {
        case .success(let bytes): return bytes
        case .failure(let error):
            throw FileProblemError(FileProblem(path: name, message: "cannot read --files-from list (\(error.message))"))
        }
    }
}
