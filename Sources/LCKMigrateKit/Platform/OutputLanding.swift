/// Where a write to a path lands, worked out the way the kernel will once the missing folders exist:
/// every existing folder on the way resolved (links followed), a `..` below a folder that does not exist
/// yet popping it (the folder will be made, then left), the last component kept as named (a link there
/// is replaced, never followed). The output guard judges this path and `AtomicOutputFile` writes it, so
/// what is checked is what is written, and `nx/../a.swift` creates no `nx/`.
enum OutputLanding {
    /// The absolute landing of `absolute` (bytes of an absolute path), and whether its folder exists
    /// now; nil when a component exists but cannot be resolved (a dangling link, no permission), or
    /// the path ends in `.` or `..`.
    static func resolve(_ absolute: [UInt8]) -> (path: [UInt8], folderExists: Bool)? {
        let components = absolute.split(separator: 0x2F).filter { !$0.elementsEqual([0x2E]) }
        guard let last = components.last, !last.elementsEqual([0x2E, 0x2E]) else { return nil }
        var current: [UInt8] = [0x2F]
        var missingDepth = 0
        for component in components.dropLast() {
            if component.elementsEqual([0x2E, 0x2E]) {
                current = parent(of: current)
                if missingDepth > 0 { missingDepth -= 1 }
                continue
            }
            let candidate = (current == [0x2F] ? [] : current) + [0x2F] + component
            if missingDepth > 0 {
                current = candidate
                missingDepth += 1
            } else if let resolved = Platform.resolvedPath(candidate) {
                current = resolved
            } else if case .success = Platform.status(of: candidate, followLinks: false) {
                return nil
            } else {
                current = candidate
                missingDepth = 1
            }
        }
        return ((current == [0x2F] ? [] : current) + [0x2F] + last, missingDepth == 0)
    }

    /// `absolute` (a path relative to `currentDirectory` when not absolute) as landing bytes; nil as above.
    static func resolve(_ path: String, in currentDirectory: String) -> [UInt8]? {
        resolve(Array(ConfigurationLoader.absolutePath(path, currentDirectory).utf8))?.path
    }

    private static func parent(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: 0x2F), slash > 0 else { return [0x2F] }
        return Array(path[..<slash])
    }
}
