/// Whether a path lies in a folder, lexically (as written, `.` and `..` applied) or byte-wise on resolved paths.
enum FolderPath {
    /// `path` (absolute) names something inside `folder` (absolute) once `.`, `..` and repeated slashes are
    /// applied to both, without looking at the file system.
    static func isLexicallyInside(_ path: String, folder: String) -> Bool {
        let inner = components(path)
        let outer = components(folder)
        return inner.count > outer.count && Array(inner.prefix(outer.count)) == outer
    }

    /// `path` is `folder` or below it; both resolved (`realpath`) byte strings.
    static func isInside(_ path: [UInt8], folder: [UInt8]) -> Bool {
        folder == [0x2F] || path == folder
            || (path.count > folder.count && path.starts(with: folder) && path[folder.count] == 0x2F)
    }

    private static func components(_ path: String) -> [Substring] {
        var kept: [Substring] = []
        for name in path.split(separator: "/", omittingEmptySubsequences: true) {
            if name == "." { continue }
            if name == ".." {
                if !kept.isEmpty { kept.removeLast() }
            } else {
                kept.append(name)
            }
        }
        return kept
    }
}
