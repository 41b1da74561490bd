import Foundation

/// The files `swift run lckmigrate-generate` writes: a test renders each again and fails while the
/// committed copy differs, naming the command that refreshes it.
public enum GeneratedSource {
    /// The one command that regenerates every generated source.
    public static let regenerateCommand = "swift run lckmigrate-generate"

    /// Nil when the file at `path` (relative to the package root) holds exactly `expected`; otherwise the
    /// failure message, which says how to regenerate it.
    public static func staleness(of path: String, expected: String) -> String? {
        let current = try? String(contentsOfFile: PackageRoot.path + "/" + path, encoding: .utf8)
        guard current != expected else { return nil }
        return "\(path) is stale: run `\(regenerateCommand)` from the package root"
    }
}
