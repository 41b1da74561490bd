import LCKCore

/// A Swift file found by discovery: how to open it and how to name it in output.
public struct DiscoveredFile: Hashable, Sendable {
    /// Relative to the current directory, `/`-separated; the path every report shows.
    public var displayPath: String
    /// The raw bytes to hand to `open(2)`: file names need not be valid UTF-8.
    public var fileSystemPath: [UInt8]

    public init(displayPath: String, fileSystemPath: [UInt8]) {
        self.displayPath = displayPath
        self.fileSystemPath = fileSystemPath
    }

    /// For files named by a plain string path.
    public init(displayPath: String, path: String) {
        self.init(displayPath: displayPath, fileSystemPath: Array(path.utf8))
    }
}

/// What a walk found, and what it could not read (reported, never fatal for the other paths).
public struct DiscoveryResult: Sendable {
    public var files: [DiscoveredFile]
    public var problems: [FileProblem]
    /// Project settings files met in the walked folders (`project.pbxproj`, Info.plists, `.entitlements`,
    /// `.xcconfig`, `Podfile`, `Package.swift`), in path order; read only when there are some.
    public var settingsFiles: [DiscoveredFile]
    /// Objective-C files (`.m`, `.mm`, `.h`) met in the walked folders, in path order: searched only for
    /// CallKit names, to list them as not analyzed.
    public var objectiveCFiles: [DiscoveredFile] = []

    public init(files: [DiscoveredFile], problems: [FileProblem], settingsFiles: [DiscoveredFile] = []) {
        self.files = files
        self.problems = problems
        self.settingsFiles = settingsFiles
    }
}

/// How discovery treats folders: which to skip, and whether directory symlinks are walked.
public struct DiscoveryOptions: Sendable {
    /// Folder names never entered during a walk (a folder named explicitly on the command line is still walked).
    public var excludedDirectoryNames: Set<String>
    /// Off by default: following directory links invites loops and double counting.
    public var followDirectorySymlinks: Bool
    /// Files larger than this many bytes are skipped with a note (`FileProblem.Kind.skipped`); nil means
    /// no limit. Generated or vendored giants would otherwise dominate time and memory.
    public var maxFileSize: Int?
    /// Off by default: a link found during a walk whose target lies outside the walked folder is
    /// skipped with a note, so a scan never wanders into unrelated trees (or `/dev`). Files named
    /// explicitly on the command line are always read.
    public var followLinksOutsideRoot: Bool

    /// 10 MB: far above any hand-written Swift file.
    public static let defaultMaxFileSize = 10 * 1024 * 1024

    /// Build products, dependency checkouts and VCS metadata: never the code under migration.
    public static let defaultExcludedDirectoryNames: Set<String> = [
        ".build", ".git", ".swiftpm", "Pods", "Carthage", "DerivedData",
    ]

    public init(
        excludedDirectoryNames: Set<String> = DiscoveryOptions.defaultExcludedDirectoryNames,
        followDirectorySymlinks: Bool = false,
        maxFileSize: Int? = DiscoveryOptions.defaultMaxFileSize,
        followLinksOutsideRoot: Bool = false
    ) {
        self.excludedDirectoryNames = excludedDirectoryNames
        self.followDirectorySymlinks = followDirectorySymlinks
        self.maxFileSize = maxFileSize
        self.followLinksOutsideRoot = followLinksOutsideRoot
    }
}

/// Expands command-line paths into a sorted list of Swift files.
///
/// Files named explicitly are taken whatever their extension; directories are walked with an explicit
/// stack (no recursion), keeping `.swift` regular files and links to them. Order is the byte order of
/// display paths, so output never depends on the file system's directory order.
public enum FileDiscovery {
    /// The files to scan plus one problem or note per path that could not be used; never throws, so one
    /// bad path does not stop the others.
    ///
    /// `shouldStop` is asked before each folder is read: a walk started ahead of time (while the rule table
    /// loads) is abandoned when the command fails before it needs the files; the partial result is then
    /// meaningless.
    public static func discover(
        paths: [String],
        currentDirectory: String,
        options: DiscoveryOptions = DiscoveryOptions(),
        shouldStop: () -> Bool = { false }
    ) -> DiscoveryResult {
        // In walk order, possibly with repeats (a file named twice, or inside two given folders).
        var found: [DiscoveredFile] = []
        var problems: [FileProblem] = []
        // Settings and Objective-C files (`SideFileNames`), split at the end.
        var settings: [DiscoveredFile] = []
        for path in paths where !shouldStop() {
            guard !path.isEmpty else {
                problems.append(FileProblem(path: "\"\"", message: "empty path; use '.' for the current directory"))
                continue
            }
            let display = DisplayPath.relative(path, to: currentDirectory)
            let shownPath = display.isEmpty ? "." : display
            // Opened from `currentDirectory`, not the process's working directory, which may differ.
            let raw = Array((path.hasPrefix("/") ? path : currentDirectory + "/" + path).utf8)
            switch Platform.status(of: raw, followLinks: true) {
            case .failure(let error):
                // A path that cannot be opened is named as the user typed it (not as `../../x`).
                problems.append(FileProblem(path: path, message: rootMessage(for: error)))
            case .success(let status):
                switch status.kind {
                case .directory:
                    let matches = walk(
                        root: raw, display: display, options: options, shouldStop: shouldStop, into: &found,
                        problems: &problems, settings: &settings)
                    if matches == 0 {
                        problems.append(
                            FileProblem(
                                path: shownPath,
                                message:
                                    "no Swift files found in this directory (lckmigrate scans *.swift files and skips "
                                    + excludedList(options) + "); check the path"
                            ))
                    }
                case .regular:
                    if let skipped = oversized(status, display: shownPath, options: options) {
                        problems.append(skipped)
                    } else {
                        found.append(DiscoveredFile(displayPath: shownPath, fileSystemPath: raw))
                    }
                case .symbolicLink, .other:
                    problems.append(
                        FileProblem(
                            path: shownPath, message: "not a regular file or directory; pass Swift files or folders"))
                }
            }
        }
        let sideFiles = sortedUnique(settings)
        var result = DiscoveryResult(
            files: sortedUnique(found), problems: sortedProblems(problems),
            settingsFiles: sideFiles.filter { !SideFileNames.isObjectiveC($0.displayPath) })
        result.objectiveCFiles = sideFiles.filter { SideFileNames.isObjectiveC($0.displayPath) }
        return result
    }

    /// Byte order of display paths, one file per path (the last one found, as when a later path names it
    /// again). The keys are copied out once and compared with `memcmp`: comparing `String.UTF8View`s inside
    /// the sort was a visible share of discovery, which runs before any file is scanned.
    static func sortedUnique(_ found: [DiscoveredFile]) -> [DiscoveredFile] {
        let keyed = found.enumerated().map { (key: Array($0.element.displayPath.utf8), order: $0.offset) }
        let sorted = keyed.sorted { lhs, rhs in
            let comparison = compareBytes(lhs.key, rhs.key)
            return comparison != 0 ? comparison < 0 : lhs.order < rhs.order
        }
        var files: [DiscoveredFile] = []
        files.reserveCapacity(sorted.count)
        for position in sorted.indices {
            if position + 1 < sorted.count && sorted[position + 1].key == sorted[position].key { continue }
            files.append(found[sorted[position].order])
        }
        return files
    }

    /// `memcmp` order, shorter first on a common prefix: the same order as `lexicographicallyPrecedes`.
    private static func compareBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int32 {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                let common = min(left.count, right.count)
                let prefix = common == 0 ? 0 : Platform.compareMemory(left.baseAddress!, right.baseAddress!, common)
                return prefix != 0 ? prefix : Int32(left.count) - Int32(right.count)
            }
        }
    }

    /// Problems in path order, so messages are as deterministic as findings.
    package static func sortedProblems(_ problems: [FileProblem]) -> [FileProblem] {
        problems.sorted {
            !$0.path.hasSameBytes(as: $1.path)
                ? $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) : $0.message < $1.message
        }
    }

    private static func rootMessage(for error: PlatformError) -> String {
        error.isNotFound
            ? "no such file or directory; check the path (relative paths start at the current directory)"
            : error.message
    }

    private static func excludedList(_ options: DiscoveryOptions) -> String {
        options.excludedDirectoryNames.sorted().joined(separator: ", ")
    }

    /// The note for a file over `maxFileSize`, or nil when it is within the limit.
    private static func oversized(
        _ status: Platform.FileStatus, display: String, options: DiscoveryOptions
    ) -> FileProblem? {
        guard let limit = options.maxFileSize, status.size > limit else { return nil }
        return FileProblem(
            path: display,
            message:
                "skipped: \(status.size) bytes is larger than --max-file-size (\(limit) bytes); raise the limit to scan it",
            kind: .skipped
        )
    }

    private struct PendingDirectory {
        var raw: [UInt8]
        var display: String
    }

    private static func walk(
        root: [UInt8],
        display: String,
        options: DiscoveryOptions,
        shouldStop: () -> Bool,
        into found: inout [DiscoveredFile],
        problems: inout [FileProblem],
        settings: inout [DiscoveredFile]
    ) -> Int {
        var walk = TreeWalk(root: root, options: options)
        walk.stack.append(PendingDirectory(raw: root, display: display))
        // The walk appends to the caller's arrays, handed over and back without copying.
        swap(&walk.found, &found)
        swap(&walk.problems, &problems)
        swap(&walk.settings, &settings)
        defer {
            swap(&walk.found, &found)
            swap(&walk.problems, &problems)
            swap(&walk.settings, &settings)
        }
        while !shouldStop(), let directory = walk.stack.popLast() {
            walk.list(directory)
        }
        return walk.matches
    }

    /// One walk from a root: the folders still to list, what was found and the problems met.
    private struct TreeWalk {
        let root: [UInt8]
        let options: DiscoveryOptions
        var stack: [PendingDirectory] = []
        var found: [DiscoveredFile] = []
        var problems: [FileProblem] = []
        var settings: [DiscoveredFile] = []
        var matches = 0
        var visited = Set<[UInt64]>()
        /// Computed on the first link met: most trees have none.
        var resolvedRoot: [UInt8]??

        init(root: [UInt8], options: DiscoveryOptions) {
            self.root = root
            self.options = options
        }

        /// Lists `directory` and takes in each entry.
        mutating func list(_ directory: PendingDirectory) {
            if case .success(let status) = Platform.status(of: directory.raw, followLinks: true) {
                // Guards against loops when directory links are followed, and against a root given twice.
                guard visited.insert([status.device, status.inode]).inserted else { return }
            }
            let entries: [Platform.DirectoryEntry]
            switch Platform.directoryEntries(directory.raw, needsStatus: isSwiftName) {
            case .failure(let error):
                problems.append(
                    FileProblem(
                        path: directory.display.isEmpty ? "." : directory.display,
                        message: "cannot read directory: \(error.message)"
                    ))
                return
            case .success(let listed):
                entries = listed
            }
            for entry in entries { take(entry, in: directory) }
        }

        /// A Swift file is found, a folder queued, anything else skipped or reported.
        private mutating func take(_ entry: Platform.DirectoryEntry, in directory: PendingDirectory) {
            let name = entry.name
            let isSwiftName = isSwiftName(name)
            if entry.listedKind == .regular && SideFileNames.isSideName(name) {
                let display = DisplayPath.join(directory.display, DisplayPath.component(name))
                settings.append(DiscoveredFile(displayPath: display, fileSystemPath: directory.raw + [0x2F] + name))
            }
            // Most entries of a large tree are settled by the listing alone: other files, and folders.
            if entry.listedKind == .regular && !isSwiftName || entry.listedKind == .other && !isSwiftName { return }
            let child = PendingDirectory(
                raw: directory.raw + [0x2F] + name,
                display: DisplayPath.join(directory.display, DisplayPath.component(name)))
            if entry.listedKind == .directory {
                queue(child, named: name)
                return
            }
            let linkStatus: Platform.FileStatus
            switch entry.status ?? Platform.status(of: child.raw, followLinks: false) {
            case .success(let status):
                linkStatus = status
            case .failure(let error):
                // Vanished since readdir: nothing left to scan. Anything else (a path too long) is said.
                if !error.isNotFound {
                    problems.append(FileProblem(path: child.display, message: "cannot inspect: \(error.message)"))
                }
                return
            }
            switch linkStatus.kind {
            case .directory:
                queue(child, named: name)
            case .regular:
                if isSwiftName { keep(child, linkStatus) }
            case .symbolicLink:
                takeLink(child, named: name, isSwiftName: isSwiftName)
            case .other:
                if isSwiftName {
                    problems.append(
                        FileProblem(
                            path: child.display, message: "not a regular file (a FIFO, socket or device); skipped"))
                }
            }
        }

        /// A link is followed to a Swift file, or to a folder when the options say so, unless it leaves the root.
        private mutating func takeLink(_ child: PendingDirectory, named name: [UInt8], isSwiftName: Bool) {
            switch Platform.status(of: child.raw, followLinks: true) {
            case .failure(let error):
                if isSwiftName {
                    problems.append(
                        FileProblem(
                            path: child.display,
                            message: "broken symbolic link (\(error.message)); fix or remove the link"))
                }
            case .success(let target):
                let wanted = isSwiftName || (target.kind == .directory && options.followDirectorySymlinks)
                if wanted && !options.followLinksOutsideRoot {
                    if resolvedRoot == nil { resolvedRoot = .some(Platform.resolvedPath(root)) }
                    if let outside = outsideRootNote(child.raw, root: resolvedRoot!, display: child.display) {
                        problems.append(outside)
                        return
                    }
                }
                if target.kind == .regular && isSwiftName {
                    keep(child, target)
                } else if target.kind == .other && isSwiftName {
                    problems.append(
                        FileProblem(
                            path: child.display,
                            message: "link to a FIFO, socket or device, not a regular file; skipped"))
                } else if target.kind == .directory && options.followDirectorySymlinks {
                    queue(child, named: name)
                }
            }
        }

        /// Queues a folder unless its name is excluded.
        private mutating func queue(_ child: PendingDirectory, named name: [UInt8]) {
            if !options.excludedDirectoryNames.contains(String(decoding: name, as: UTF8.self)) { stack.append(child) }
        }

        /// Counts a Swift file and keeps it, or reports it when it is over the size limit.
        private mutating func keep(_ child: PendingDirectory, _ status: Platform.FileStatus) {
            if let skipped = oversized(status, display: child.display, options: options) {
                problems.append(skipped)
            } else {
                found.append(DiscoveredFile(displayPath: child.display, fileSystemPath: child.raw))
            }
            matches += 1
        }
    }

    private static func isSwiftName(_ name: [UInt8]) -> Bool {
        name.count > 6 && name.suffix(6).elementsEqual(".swift".utf8)
    }

    /// The note for a link whose target resolves outside `root` (both resolved), or nil when it stays inside.
    private static func outsideRootNote(_ link: [UInt8], root: [UInt8]?, display: String) -> FileProblem? {
        guard let root, let target = Platform.resolvedPath(link) else { return nil }
        guard !FolderPath.isInside(target, folder: root) else { return nil }
        return FileProblem(
            path: display,
            message:
                "skipped: symbolic link to \(String(decoding: target, as: UTF8.self)), outside the scanned folder; "
                + "name that file on the command line to scan it",
            kind: .skipped
        )
    }
}
