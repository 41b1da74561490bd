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

extension OutputGuard {
    /// Folders of version control systems: a write there can run code (`.git/config`, `.git/hooks`).
    static let versionControlFolders: Set<String> = [".git", ".hg", ".svn", "_darcs", ".jj", ".bzr", ".pijul", "cvs"]

    /// Throws unless every config file's output lands inside that file's folder, outside any version
    /// control folder and `.github/workflows`, not on a link, and either on a new file or on an earlier report of its own format
    /// (`EarlierReport`): a config can then never replace a tracked file, a workflow or anything it did
    /// not write itself, while a second run in one checkout still replaces the first run's report.
    func checkConfinement() throws(ScanError) {
        let fix = "name a file inside the config file's folder, or give the file with --output"
        for output in outputs {
            guard let confinement = output.planned.confinement, let landing = output.landing else { continue }
            guard let folder = Platform.resolvedPath(Array(confinement.folder.utf8)),
                folder == [0x2F] || landing.starts(with: folder + [0x2F])
            else {
                let parent = landing[..<(landing.lastIndex(of: 0x2F) ?? landing.endIndex)]
                throw refusal(
                    output,
                    "is in \(String(decoding: parent.isEmpty ? [0x2F] : parent, as: UTF8.self)), outside the config "
                        + "file's folder, where a config file may not write: \(fix)")
            }
            let inside = landing[(folder == [0x2F] ? 1 : folder.count + 1)...].split(separator: 0x2F)
            // Compared without case: on a case-insensitive volume (macOS by default) `.GIT/config` is `.git/config`.
            let folders = inside.dropLast().map { String(decoding: $0, as: UTF8.self).lowercased() }
            if let vcs = folders.first(where: { Self.versionControlFolders.contains($0) }) {
                throw refusal(
                    output,
                    "is inside \(vcs), a version control folder, where a config "
                        + "file may not write: \(fix)")
            }
            if zip(folders, folders.dropFirst()).contains(where: { $0 == (".github", "workflows") }) {
                throw refusal(
                    output,
                    "is inside .github/workflows, where a new file becomes a CI workflow once committed: \(fix)")
            }
            try checkReplaceable(output, fix: fix)
        }
    }

    /// A config file's output that exists now must be a regular file holding an earlier report of its format.
    private func checkReplaceable(_ output: Output, fix: String) throws(ScanError) {
        guard let existing = output.existing, let landing = output.landing else { return }
        if existing.kind == .symbolicLink {
            throw refusal(
                output, "is a symbolic link, which a config file's output never goes through: remove it, or \(fix)")
        }
        guard case .report(let format) = output.planned.kind else { return }
        let isEarlier =
            existing.kind == .regular
            && EarlierReport.prefix(of: landing).map { EarlierReport.matches($0, format: format) } == true
        guard isEarlier else {
            throw refusal(
                output,
                "would replace a file that is not an earlier \(format.rawValue) report; a config file's output only "
                    + "creates a file or replaces its own earlier report: delete the file, or \(fix)")
        }
    }
}
