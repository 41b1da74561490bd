import Foundation
import LCKTestSupport
import Testing

/// Standard output is an output: a report lost there (a full disk) fails the run with one line, as an
/// unwritable `--output` file does, instead of a CI step passing with an empty report.
@Suite struct StandardOutputErrorTests {
    /// Runs the binary with stdout on `/dev/full` (every write fails with ENOSPC).
    private func runOnFullDisk(_ arguments: [String], in directory: String) throws -> (status: Int32, error: String) {
        let scratch = try TemporaryTree()
        let errPath = scratch.root + "/stderr"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binaryPath)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try err.close()
        return (process.terminationStatus, try String(contentsOfFile: errPath, encoding: .utf8))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aWriteErrorOnStandardOutputExitsTwoWithOneLine() throws {
        let message =
            "lckmigrate: error: cannot write to standard output (no space left on device); check the disk or the "
            + "pipe it goes to, or write the report with --output FILE\n"
        for arguments in [
            ["scan", "Samples", "--format", "json", "-q"], ["report", "Samples/CallDirectory", "-q"],
            ["rules", "list"],
            ["scan", "Samples/CallDirectory", "--list-files"],
        ] {
            let result = try runOnFullDisk(arguments, in: PackageRoot.path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.hasSuffix(message), "\(arguments): \(result.error)")
        }
    }

    @Test func aCommandThatPrintsNothingOnStandardOutputIsUnaffected() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift")
        let result = try runOnFullDisk(["scan", "A.swift", "-q", "--output", "json=r.json"], in: tree.root)
        #expect(result.status == 0, "\(result.error)")
    }

    /// `>&-`: the write fails (exit 2), and no file the run opens takes descriptor 1 and receives the report.
    @Test(.enabled(if: ExternalTool.bash.shouldRun, Comment(rawValue: ExternalTool.bash.missingMessage)))
    func aClosedStandardOutputExitsTwoAndCorruptsNoFile() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "import CallKit\nlet p = CXProvider(configuration: c)\n")
        let result = ExternalCommand.run([
            "bash", "-c", "cd \"$1\" && exec \"$0\" scan A.swift --format json -q --output sarif=r.sarif >&-",
            CLI.binaryPath, tree.root,
        ])
        #expect(result.status == 2)
        #expect(result.output.contains("cannot write to standard output (bad file descriptor)"), "\(result.output)")
        let sarif = try String(contentsOfFile: tree.root + "/r.sarif", encoding: .utf8)
        #expect(sarif.hasPrefix("{\n  \"$schema\""))
        #expect(!sarif.contains("\"findings\""))
        #expect((try? JSONSerialization.jsonObject(with: Data(sarif.utf8))) != nil)
    }
}
