internal import FoundationEssentials
import LCKCore

/// Writes generated rule docs into a folder and removes pages of rules that no longer exist.
public enum RuleDocsWriter {
    /// Creates `folder` if needed, writes each file atomically, deletes other `*.md` files there.
    public static func write(_ files: [(path: String, contents: String)], to folder: String) throws(FileProblemError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileProblemError(FileProblem(path: folder, message: "cannot create the folder: \(error)"))
        }
        for file in files {
            let destination = try AtomicOutputFile.open(folder + "/" + file.path)
            try destination.commit(Array(file.contents.utf8))
        }
        let keep = Set(files.map(\.path))
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".md") && !keep.contains(name) {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Names of files in `folder` that differ from, are missing from, or are extra to `files`.
    public static func staleFiles(_ files: [(path: String, contents: String)], in folder: String) -> [String] {
        let manager = FileManager.default
        var stale: [String] = []
        for file in files {
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
