/// The config's `include`/`exclude` applied to discovered files.
///
/// Patterns are relative to the config's folder, display paths to the current directory. Where that
/// folder lies relative to the current directory is worked out once; each file then costs a prefix
/// check instead of a trip through its absolute path. Display paths are normalized (no `.`, no `dir/..`),
/// which is what makes the prefix check exact.
struct ScanFileFilter: Sendable {
    /// Where the config's folder lies, seen from the current directory.
    private enum PatternRoot: Sendable {
        /// The current directory (no components) or a folder reached from it without going above it
        /// first (`App`, `../Other`): paths inside it start with these components.
        case prefix([Substring])
        /// A folder above the current directory: the current directory's path inside it (`b/c`).
        case ancestor(path: [Substring])
    }

    private let filter: PathFilter
    private let root: PatternRoot

    init(_ configuration: Configuration, currentDirectory: String) {
        filter = configuration.pathFilter
        let rootFromHere = DisplayPath.relative(configuration.patternRoot, to: currentDirectory).split(separator: "/")
        if !rootFromHere.isEmpty && rootFromHere.allSatisfy({ $0 == ".." }) {
            let hereFromRoot = DisplayPath.relative(currentDirectory, to: configuration.patternRoot)
            root = .ancestor(path: hereFromRoot.split(separator: "/"))
        } else {
            root = .prefix(rootFromHere)
        }
    }

    /// The files the patterns admit, in their order.
    func apply(to files: [DiscoveredFile]) -> [DiscoveredFile] {
        guard !filter.isEmpty else { return files }
        return files.filter(admits)
    }

    /// Files outside the config's folder, which no pattern reaches, are kept only when there is no `include` list.
    func admits(_ file: DiscoveredFile) -> Bool {
        guard let relative = pathFromRoot(file.displayPath) else { return filter.include.isEmpty }
        return filter.admits(relative)
    }

    /// `displayPath` relative to the config's folder; nil when it lies outside that folder.
    func pathFromRoot(_ displayPath: String) -> String? {
        let components = displayPath.split(separator: "/")
        switch root {
        case .prefix(let prefix):
            guard components.starts(with: prefix), components.dropFirst(prefix.count).first != ".." else { return nil }
            return components.dropFirst(prefix.count).joined(separator: "/")
        case .ancestor(let path):
            // Each leading `..` leaves one folder of the current directory's path; more than it has leaves the root.
            var rest = components[...]
            var kept = path[...]
            while rest.first == ".." {
                guard !kept.isEmpty else { return nil }
                rest = rest.dropFirst()
                kept = kept.dropLast()
            }
            return (kept + rest).joined(separator: "/")
        }
    }
}
