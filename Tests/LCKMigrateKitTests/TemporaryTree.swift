import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A unique scratch directory per test (tests run in parallel and never change the working directory).
final class TemporaryTree {
    let root: String

    init() throws {
        var template = Array("/tmp/lckmigrate-kit-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        root = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `contents` at `relative`, creating parent folders.
    @discardableResult
    func file(_ relative: String, _ contents: String = "let x = 1\n") throws -> String {
        try bytes(relative, Array(contents.utf8))
    }

    @discardableResult
    func bytes(_ relative: String, _ contents: [UInt8]) throws -> String {
        let path = root + "/" + relative
        let parent = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    func directory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    /// A symbolic link at `relative` whose target text is `target` (relative targets resolve from the link's folder).
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: target)
    }
}
