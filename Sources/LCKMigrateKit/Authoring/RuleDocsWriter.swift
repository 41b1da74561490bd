internal import FoundationEssentials
import LCKCore

/// Writes generated rule docs into a folder and removes pages of rules that no longer exist.
///
/// A manifest in the folder lists the pages the last run wrote: only those are ever removed, and a
/// folder holding anything else (someone's README.md, NOTES.md) is refused unless the caller forces it,
/// so `rules docs --output .` cannot wipe a project's own Markdown.
public enum RuleDocsWriter {
    /// The manifest's file name, inside the docs folder.
    public static let manifestName = ".lckmigrate-docs"

    /// Creates `folder` (absolute) if needed, writes each file atomically, removes the pages the previous
    /// run listed that are no longer generated, and writes the manifest. Other files make it throw, unless
    /// `force` (then they are kept, or replaced when a page has their name). `display` names the folder in errors.
    public static func write(
        _ files: [(path: String, contents: String)], to folder: String, display: String? = nil, force: Bool = false
    ) throws(FileProblemError) {
        let manager = FileManager.default
        let shown = display ?? folder
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileProblemError(FileProblem(path: shown, message: "cannot create the folder: \(error)"))
        }
        let previous = Set(previousPages(in: folder))
        let foreign = ((try? manager.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0 != manifestName && !previous.contains($0) }.sorted()
        if !foreign.isEmpty && !force {
            let named = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw FileProblemError(
                FileProblem(
                    path: shown,
                    message: "holds \(foreign.count) file\(foreign.count == 1 ? "" : "s") rules docs did not write "
                        + "(\(named)); give an empty or new folder, or --force to write there anyway "
                        + "(pages replace files of their name; others are kept)"))
        }
        for file in files {
            try AtomicOutputFile.open(folder + "/" + file.path).commit(Array(file.contents.utf8))
        }
        let generated = Set(files.map(\.path))
        for name in previous.sorted() where !generated.contains(name) {
            Platform.removeFile(Array((folder + "/" + name).utf8))
        }
        try AtomicOutputFile.open(folder + "/" + manifestName).commit(Array(manifest(for: files).utf8))
    }

    /// The manifest listing `files`, one name per line after a comment saying what it is for.
    static func manifest(for files: [(path: String, contents: String)]) -> String {
        "# Pages written by 'lckmigrate rules docs'; the next run removes only these.\n"
            + files.map { $0.path + "\n" }.sorted().joined()
    }

    /// The pages the manifest in `folder` lists: plain `*.md` names only (no folder, no `..`), so a
    /// manifest that came with a repository can name nothing outside the folder.
    static func previousPages(in folder: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + manifestName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { name in
            !name.hasPrefix("#") && name.hasSuffix(".md") && !name.contains("/") && !name.hasPrefix(".")
        }
    }

    /// Names of files in `folder` that differ from, are missing from, or are extra to `files` (the manifest included).
    public static func staleFiles(_ files: [(path: String, contents: String)], in folder: String) -> [String] {
        let manager = FileManager.default
        var stale: [String] = []
        for file in files + [(manifestName, manifest(for: files))] {
            let current = manager.contents(atPath: folder + "/" + file.path).map { String(decoding: $0, as: UTF8.self) }
            if current != file.contents { stale.append(file.path) }
        }
        let expected = Set(files.map(\.path))
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".md") && !expected.contains(name) {
            stale.append(name)
        }
        return stale.sorted()
    }
}
