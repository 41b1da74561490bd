import LCKCore

/// `--files-from FILE|-`: a newline-separated list of paths (such as `git diff --name-only`) to scan
/// instead of walking folders. Deleted paths and non-Swift files are skipped with a note each; they
/// are expected in a diff and are not errors.
///
/// The list may come from anywhere (`/dev/zero`, a hostile pipe), so it is bounded: at most
/// `maximumListSize` bytes and `maximumLineLength` bytes a line, and a line holding a NUL byte (which
/// no file name can, and which once made one file be read and reported under another path) is refused.
public enum ChangedFiles {
    /// 64 MiB: over half a million paths of a hundred bytes, far beyond any diff.
    public static let maximumListSize = 64 * 1024 * 1024
    /// `PATH_MAX` on Linux: no longer line can name a file.
    public static let maximumLineLength = 4096

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

    /// Splits the list (LF or CRLF, blank lines ignored) and keeps existing Swift files and folders; a line
    /// with a NUL byte or over `maximumLineLength` is an error naming `listName` and the line.
    public static func select(
        _ list: [UInt8], currentDirectory: String, listName: String = "--files-from list"
    ) throws(FileProblemError) -> Selection {
        var selection = Selection(paths: [], notes: [])
        var seen = Set<PathKey>()
        var lineNumber = 0
        var lineStart = 0
        // One line at a time, never a slice per line: a list of 64 MiB of newlines stays 64 MiB.
        while lineStart < list.count {
            let lineEnd = list[lineStart...].firstIndex(of: 0x0A) ?? list.count
            var line = list[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            lineNumber += 1
            if line.last == 0x0D { line = line.dropLast() }
            try check(line, listName: listName, lineNumber: lineNumber)
            let path = String(decoding: line, as: UTF8.self).trimmingSpaces()
            guard !path.isEmpty, seen.insert(PathKey(path)).inserted else { continue }
            let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
            switch Platform.status(of: Array(absolute.utf8), followLinks: true) {
            case .failure:
                selection.notes.append("\(path): no longer exists (deleted or renamed); skipped")
            case .success(let status):
                if let note = linkOutsideNote(path, absolute: absolute, currentDirectory: currentDirectory) {
                    selection.notes.append(note)
                } else if status.kind == .directory || (status.kind == .regular && path.hasSuffix(".swift")) {
                    selection.paths.append(path)
                } else {
                    selection.notes.append("\(path): not a Swift file; skipped")
                }
            }
        }
        return selection
    }

    /// The folder walk's link rule for a listed path: one that names a place inside the current folder but
    /// resolves, through a link on the way, outside it is skipped with a note (the list usually comes from a
    /// pull request's changes, and a link there to `/etc/…` or a secret would put its text in the report). A
    /// path the list names outside the folder on purpose (absolute or `../…`) is taken, as on the command line.
    static func linkOutsideNote(_ path: String, absolute: String, currentDirectory: String) -> String? {
        guard FolderPath.isLexicallyInside(absolute, folder: currentDirectory),
            let folder = Platform.resolvedPath(Array(currentDirectory.utf8)),
            let target = Platform.resolvedPath(Array(absolute.utf8)),
            !FolderPath.isInside(target, folder: folder)
        else { return nil }
        return "\(path): skipped: symbolic link to \(String(decoding: target, as: UTF8.self)), outside the "
            + "current folder; name that file on the command line to scan it"
    }

    /// Refuses a line no file name can be: one holding a NUL byte, or longer than `PATH_MAX`.
    private static func check(
        _ line: ArraySlice<UInt8>, listName: String, lineNumber: Int
    ) throws(FileProblemError) {
        let place = "\(listName):\(lineNumber)"
        if line.contains(0) {
            throw FileProblemError(
                FileProblem(
                    path: place,
                    message: "a NUL byte inside a path; list one path per line ('git diff --name-only', without -z)"))
        }
        if line.count > maximumLineLength {
            throw FileProblemError(
                FileProblem(
                    path: place,
                    message: "a line of \(line.count) bytes is longer than any path (\(maximumLineLength)); "
                        + "check that the --files-from list is a list of paths"))
        }
    }

    private static func readAll(descriptor: Int32, name: String) throws(FileProblemError) -> [UInt8] {
        switch Platform.readAll(descriptor: descriptor, limit: maximumListSize) {
        case .success(let bytes):
            guard bytes.count <= maximumListSize else {
                throw FileProblemError(
                    FileProblem(
                        path: name,
                        message: "--files-from list is larger than \(maximumListSize / 1024 / 1024) MiB; "
                            + "give a list of paths, or scan the folder instead"))
            }
            return bytes
        case .failure(let error):
            throw FileProblemError(FileProblem(path: name, message: "cannot read --files-from list (\(error.message))"))
        }
    }
}
