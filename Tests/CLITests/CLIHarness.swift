import Foundation
import LCKTestSupport
import Testing

/// Runs the built `lckmigrate` binary as a child process.
enum CLI {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The binary sits next to the test bundle in the build products folder (`.build/<triple>/debug`);
    /// `LCKMIGRATE_BINARY` overrides it.
    static let binaryPath: String = {
        if let override = ProcessInfo.processInfo.environment["LCKMIGRATE_BINARY"] { return override }
        let testExecutable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
        // On some layouts the test binary sits inside `<name>.xctest/`.
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("lckmigrate").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return PackageRoot.path + "/.build/debug/lckmigrate"
    }()

    /// Runs with `arguments` in `directory`. Output goes to files rather than pipes, so a large report
    /// can never fill a pipe buffer and deadlock; stdin is /dev/null so nothing waits for input.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Result {
        let scratch = try TemporaryTree()
        let outPath = scratch.root + "/stdout"
        let errPath = scratch.root + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // A guard against hangs, not a timing assertion: a healthy run takes well under a second.
        var polls = 0
        while process.isRunning && polls < 1200 {
            usleep(50_000)
            polls += 1
        }
        if process.isRunning {
            process.terminate()
            Issue.record("lckmigrate \(arguments) did not finish within 60 s")
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOfFile: outPath, encoding: .utf8),
            standardError: try String(contentsOfFile: errPath, encoding: .utf8)
        )
    }
}

/// Compares `actual` with `Goldens/<name>`; records it instead when `LCKMIGRATE_RECORD=1` or it is missing.
func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = PackageRoot.path + "/Tests/CLITests/Goldens/" + name
    let record = ProcessInfo.processInfo.environment["LCKMIGRATE_RECORD"] == "1"
    if record || !FileManager.default.fileExists(atPath: path) {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("recorded golden \(name); read it, then run again", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    #expect(actual == expected, "output differs from Goldens/\(name)", sourceLocation: sourceLocation)
}
