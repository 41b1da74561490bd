import Foundation
import LCKTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The built binary against hostile input and a hostile file system: valid reports, clear problems,
/// exit 2 only when something could not be read, no temporary files left after an interrupt.
@Suite struct RobustnessTests {
    private func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func mutatedInputsStillGiveValidJSONAndSARIF() throws {
        let scratch = try TemporaryTree()
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let base = Array(
            """
            import CallKit
            final class D: NSObject, CXProviderDelegate {
                let provider = CXProvider(configuration: CXProviderConfiguration())
                func provider(_ p: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
                let s = "\\(x) \\"q\\"", r = #"raw"#, m = \"\"\"
                    multi
                    \"\"\"
            }

            """.utf8)
        for index in 0..<24 {
            var bytes = base
            for _ in 0..<(1 + Int(next() % 8)) { bytes[Int(next()) % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            if index % 3 == 0 { bytes = Array(bytes.prefix(Int(next()) % bytes.count)) }
            try scratch.bytes("F\(index).swift", bytes)
        }
        try scratch.bytes("Quote\"Tab\t.swift", Array("let x = \"\u{1}\"\n".utf8))
        let jsonRun = try CLI.run(["scan", ".", "--format", "json", "--quiet"], in: scratch.root)
        #expect(jsonRun.status != 0 || jsonRun.standardOutput.contains("\"findings\""))
        let report = try json(jsonRun.standardOutput)
        for key in ["version", "findings", "problems", "summary"] { #expect(report[key] != nil, "missing \(key)") }
        let sarifRun = try CLI.run(["scan", ".", "--format", "sarif", "--quiet"], in: scratch.root)
        let sarif = try json(sarifRun.standardOutput)
        #expect(sarif["version"] as? String == "2.1.0")
        #expect(sarif["$schema"] != nil)
        #expect((sarif["runs"] as? [Any])?.count == 1)
        #expect(jsonRun.status == sarifRun.status)
    }

    @Test func permissionDeniedFilesAndFoldersAreReportedAndTheRestScanned() throws {
        let scratch = try TemporaryTree()
        chmod(scratch.root, 0o755)
        try scratch.file("Good.swift")
        try scratch.file("Secret.swift")
        try scratch.file("Locked/Inner.swift")
        chmod(scratch.root + "/Secret.swift", 0o000)
        chmod(scratch.root + "/Locked", 0o000)
        defer { chmod(scratch.root + "/Locked", 0o755) }
        let result: CLI.Result
        if getuid() == 0 {
            // Root reads anything; run the check as `nobody` instead (a copy of the binary it can execute).
            let setpriv = try #require(
                ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
                "running as root without setpriv: cannot create a permission failure")
            let binary = scratch.root + "/lckmigrate-copy"
            try FileManager.default.copyItem(atPath: CLI.binaryPath, toPath: binary)
            chmod(binary, 0o755)
            result = try Self.run(
                setpriv,
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", binary,
                    "scan", ".", "--format", "json", "--quiet",
                ], in: scratch.root)
        } else {
            result = try CLI.run(["scan", ".", "--format", "json", "--quiet"], in: scratch.root)
        }
        #expect(result.status == 2)
        #expect(result.standardError.contains("lckmigrate: error: Secret.swift: cannot read file: permission denied"))
        #expect(result.standardError.contains("lckmigrate: error: Locked: cannot read directory: permission denied"))
        let report = try json(result.standardOutput)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["filesScanned"] as? Int == 1)  // Good.swift (the binary copy is not Swift)
        #expect((report["problems"] as? [Any])?.count == 2)
    }

    @Test func maxFileSizeSkipsWithANoteAndExitZero() throws {
        let scratch = try TemporaryTree()
        try scratch.file("Small.swift")
        try scratch.bytes("Large.swift", Array(repeating: 0x0A, count: 3000))
        let result = try CLI.run(["scan", ".", "--max-file-size", "2KB", "--format", "json"], in: scratch.root)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "lckmigrate: note: Large.swift: skipped: 3000 bytes is larger than --max-file-size (2048 bytes); raise the limit to scan it"
            ))
        #expect(result.standardError.contains("scanned 1 file (1 line)"))
        #expect(result.standardError.contains("1 file skipped"))
        let report = try json(result.standardOutput)
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["path"] as? String == "Large.swift")
        #expect(problems.first?["kind"] as? String == "skipped")
        let plain = try CLI.run(["scan", ".", "--max-file-size", "3000", "--quiet"], in: scratch.root)
        #expect(plain.status == 0 && plain.standardError.isEmpty)
        let bad = try CLI.run(["scan", ".", "--max-file-size", "lots"], in: scratch.root)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--max-file-size needs a size such as 10MB, 512KB or 65536, not 'lots'"))
    }

    @Test func interruptLeavesNoTemporaryFilesAndExits130() throws {
        let scratch = try TemporaryTree()
        // Enough source that a debug build is still scanning when the signal arrives.
        let chunk = String(repeating: "let provider = CXProvider(configuration: c) // \"x\" \\(y)\n", count: 2000)
        for index in 0..<400 { try scratch.file("Corpus/File\(index).swift", chunk) }
        try scratch.file("Out/keep.txt", "unrelated\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binaryPath)
        // More outputs than the cleanup table's first size (64): every temporary file must still go.
        let outputs = (0..<70).flatMap { ["--output", "json=Out/report\($0).json"] }
        process.arguments = ["scan", "Corpus", "--format", "json", "--jobs", "1"] + outputs
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.root)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The temporary reports are created before scanning starts; interrupt as soon as they all exist.
        var polls = 0
        while polls < 20_000, process.isRunning,
            try scratch.entries("Out").count(where: { $0.contains(".lckmigrate-") }) < 70
        {
            usleep(1000)
            polls += 1
        }
        #expect(process.isRunning, "scan finished before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(try scratch.entries("Out") == ["keep.txt"])
    }

    /// Runs any executable with output in files (never pipes, which a large report could fill).
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> CLI.Result {
        let scratch = try TemporaryTree()
        let outPath = scratch.root + "/stdout"
        let errPath = scratch.root + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        process.waitUntilExit()
        return CLI.Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOfFile: outPath, encoding: .utf8),
            standardError: try String(contentsOfFile: errPath, encoding: .utf8))
    }
}
