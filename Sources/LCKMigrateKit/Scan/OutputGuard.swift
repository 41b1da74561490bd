import LCKCore

/// Where a config file asked for a report: such an output must stay inside that file's folder, since
/// the config may come from the repository being scanned (a pull request from anyone).
public struct OutputConfinement: Sendable, Equatable {
    /// The config file's folder, absolute.
    public var folder: String
    /// `PATH:LINE:COLUMN` of the output's entry in the config file, for errors.
    public var location: String

    public init(folder: String, location: String) {
        self.folder = folder
        self.location = location
    }
}

/// The checks that keep a run from writing where nobody asked, made before anything is written; each
/// failure is a `ScanError` (exit 2) naming the output and the fix.
struct OutputGuard {
    /// A device and inode: the same file whatever path spells it.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// One file the run will write, with its identity when it exists now (what the write replaces).
    private struct Output {
        var path: String
        var confinement: OutputConfinement?
        var identity: FileIdentity?
    }

    private let currentDirectory: String
    private let outputs: [Output]

    /// Collects the outputs; nothing is checked yet.
    init(outputs: [(path: String, confinement: OutputConfinement?)], currentDirectory: String) {
        self.currentDirectory = currentDirectory
        self.outputs = outputs.map { path, confinement in
            var identity: FileIdentity?
            let raw = Array(ConfigurationLoader.absolutePath(path, currentDirectory).utf8)
            if case .success(let status) = Platform.status(of: raw, followLinks: false) {
                identity = FileIdentity(device: status.device, inode: status.inode)
            }
            return Output(path: path, confinement: confinement, identity: identity)
        }
    }

    /// Throws when a config file's output leaves that file's folder (every link in the path followed) or
    /// ends in a symbolic link. Missing folders (opening creates them) are judged by their deepest
    /// existing ancestor; one reached through `..` below a missing folder is refused.
    func checkConfinement() throws(ScanError) {
        for output in outputs {
            guard let confinement = output.confinement else { continue }
            func refusal(_ reason: String) -> ScanError {
                .file(FileProblem(path: confinement.location, message: "\"formats\" output '\(output.path)' \(reason)"))
            }
            let absolute = Array(ConfigurationLoader.absolutePath(output.path, currentDirectory).utf8)
            let slash = absolute.lastIndex(of: 0x2F) ?? 0
            let parent = slash == 0 ? [0x2F] : Array(absolute[..<slash])
            let fix = "name a file inside the config file's folder, or give the file with --output"
            guard let folder = Platform.resolvedPath(Array(confinement.folder.utf8)),
                let resolved = Self.resolvedFolder(parent)
            else {
                throw refusal("climbs with '..' through a folder that does not exist: \(fix)")
            }
            if !(resolved == folder || folder == [0x2F] || resolved.starts(with: folder + [0x2F])) {
                throw refusal(
                    "is in \(String(decoding: resolved, as: UTF8.self)), outside the config file's folder, "
                        + "where a config file may not write: \(fix)")
            }
            if case .success(let status) = Platform.status(of: absolute, followLinks: false),
                status.kind == .symbolicLink
            {
                throw refusal(
                    "is a symbolic link, which a config file's output never goes through: remove it, or \(fix)")
            }
        }
    }

    /// `folder` with every link followed; for a folder that does not exist yet (opening creates it), its
    /// deepest existing ancestor resolved and the rest appended — nil when that rest climbs with `..`,
    /// which only the real folder could say where it leads.
    static func resolvedFolder(_ folder: [UInt8]) -> [UInt8]? {
        if let resolved = Platform.resolvedPath(folder) { return resolved }
        var missing: [ArraySlice<UInt8>] = []
        var existing = folder[...]
        while let slash = existing.lastIndex(of: 0x2F), slash > existing.startIndex {
            missing.insert(existing[(slash + 1)...], at: 0)
            existing = existing[..<slash]
            if let resolved = Platform.resolvedPath(Array(existing)) {
                guard !missing.contains(where: { $0.elementsEqual("..".utf8) }) else { return nil }
                return missing.reduce(resolved) { $0 + [0x2F] + $1 }
            }
        }
        return nil
    }

    /// Throws when an output is the same file as `path` (resolved from the current directory), named `role`
    /// ("the config file", "the scanned file") in the error.
    func checkNotReplacing(_ path: String, role: String) throws(ScanError) {
        let raw = Array(ConfigurationLoader.absolutePath(path, currentDirectory).utf8)
        try checkNotReplacing(raw, shownAs: "\(role) \(path)")
    }

    /// Throws when an output is one of `files` (the scanned files), by identity.
    func checkNotReplacing(_ files: [DiscoveredFile]) throws(ScanError) {
        guard outputs.contains(where: { $0.identity != nil }) else { return }
        for file in files {
            try checkNotReplacing(file.fileSystemPath, shownAs: "the scanned file \(file.displayPath)")
        }
    }

    /// `raw` and, when it is a link, the file it leads to, against every existing output.
    private func checkNotReplacing(_ raw: [UInt8], shownAs description: String) throws(ScanError) {
        guard case .success(let own) = Platform.status(of: raw, followLinks: false) else { return }
        var identities = [FileIdentity(device: own.device, inode: own.inode)]
        if own.kind == .symbolicLink, case .success(let target) = Platform.status(of: raw, followLinks: true) {
            identities.append(FileIdentity(device: target.device, inode: target.inode))
        }
        guard let output = outputs.first(where: { $0.identity.map(identities.contains) ?? false }) else { return }
        let message = "would replace \(description); an output never overwrites an input: choose another file name"
        if let confinement = output.confinement {
            throw .file(
                FileProblem(path: confinement.location, message: "\"formats\" output '\(output.path)' \(message)"))
        }
        throw .file(FileProblem(path: output.path, message: message))
    }
}
