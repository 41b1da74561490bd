import Foundation

/// Runs the toolchain's commands (`swift build`, `swift package dump-package`) and the built binary.
enum ToolProcess {
    /// Runs `arguments` (through `/usr/bin/env`) in `directory`; returns its stdout. Its stderr goes to ours (and
    /// its stdout too when `showsOutput`, for a build's progress); a non-zero exit is an error naming the command.
    static func output(_ arguments: [String], in directory: String, showsOutput: Bool = false) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lckmigrate-artifactbundle-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: capture.path, contents: nil) else {
            throw BundleError.failed("cannot create \(capture.path)")
        }
        defer { try? FileManager.default.removeItem(at: capture) }
        let handle = try FileHandle(forWritingTo: capture)
        process.standardOutput = showsOutput ? FileHandle.standardError : handle
        do {
            try process.run()
        } catch {
            throw BundleError.failed("cannot start \(arguments.joined(separator: " ")): \(error)")
        }
        process.waitUntilExit()
        try handle.close()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BundleError.failed(
                "\(arguments.joined(separator: " ")) failed (status \(process.terminationStatus)); see its output above"
            )
        }
        return try Data(contentsOf: capture)
    }

    /// The version `lckmigrate --version` prints (`lckmigrate 0.1.0` → `0.1.0`).
    static func version(ofBinary path: String) throws -> String {
        let text = String(decoding: try output([path, "--version"], in: "/"), as: UTF8.self)
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[0] == "lckmigrate" else {
            throw BundleError.failed("\(path) is not lckmigrate: `--version` printed '\(text.prefix(80))'")
        }
        return String(words[1])
    }
}
