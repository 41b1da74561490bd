import Foundation

/// `swiftc` against the stub modules in Tests/Stubs (LiveCommunicationKit from api-map §3, CallKit from §2, plus
/// PushKit and AVFAudio, which Linux lacks), for tests that type-check code we show or generate: scaffold output and the
/// LiveCommunicationKit code the rules suggest.
public struct StubCompiler {
    /// A stub that does not compile, or no `swiftc` on PATH.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let moduleDirectory: String

    /// Compiles the four stub modules into a fresh folder of `tree`.
    public init(tree: TemporaryTree) throws {
        moduleDirectory = tree.root + "/modules"
        try FileManager.default.createDirectory(atPath: moduleDirectory, withIntermediateDirectories: true)
        for module in ["AVFAudio", "PushKit", "CallKit", "LiveCommunicationKit"] {
            let source = PackageRoot.path + "/Tests/Stubs/\(module)/\(module).swift"
            let result = try Self.swiftc([
                "-parse-as-library", "-emit-module", "-module-name", module, "-I", moduleDirectory,
                "-emit-module-path", moduleDirectory + "/\(module).swiftmodule", source,
            ])
            guard result.status == 0 else {
                throw Failure(description: "stub \(module) does not compile:\n\(result.output)")
            }
        }
    }

    /// `swiftc -typecheck` of the Swift files in `directory`, in Swift 5 and 6 modes; one entry per failing mode.
    public func typeCheck(_ directory: String) throws -> [String] {
        let sources = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }
            .sorted().map { directory + "/" + $0 }
        return try typeCheck(files: sources)
    }

    /// `swiftc -typecheck` of `files`, in Swift 5 and 6 modes; one entry per failing mode.
    public func typeCheck(files: [String]) throws -> [String] {
        var failures: [String] = []
        for mode in ["5", "6"] {
            let result = try Self.swiftc(["-typecheck", "-swift-version", mode, "-I", moduleDirectory] + files)
            if result.status != 0 { failures.append("Swift \(mode):\n\(result.output)") }
        }
        return failures
    }

    public static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lckmigrate-swiftc-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        if process.terminationStatus == 127 {
            throw Failure(description: "swiftc is not on PATH; it comes with the Swift toolchain")
        }
        return (process.terminationStatus, output)
    }
}
