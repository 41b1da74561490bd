import Foundation

/// A unique scratch folder per test under /tmp, removed when the value goes away (tests run in parallel
/// and never change the working directory).
public final class TemporaryTree {
    /// The folder's absolute path.
    public let root: String

    public init() throws {
        let root = "/tmp/lckmigrate-tests-" + UUID().uuidString
        // Not intermediate: creating fails rather than share a folder that already exists.
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        self.root = root
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `contents` at `relative`, creating parent folders; returns the absolute path.
    @discardableResult
    public func file(_ relative: String, _ contents: String = "let x = 1\n") throws -> String {
        try bytes(relative, Array(contents.utf8))
    }

    /// Writes raw bytes (invalid UTF-8 included) at `relative`, creating parent folders; returns the absolute path.
    @discardableResult
    public func bytes(_ relative: String, _ contents: [UInt8]) throws -> String {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: url)
        return url.path
    }

    /// Creates the folder `relative` and its parents.
    public func directory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    /// A symbolic link at `relative` whose target text is `target` (relative targets resolve from the link's folder).
    public func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: target)
    }

    /// The names in the folder `relative`, sorted.
    public func entries(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/" + relative).sorted()
    }
}
