import Foundation
import LCKTestSupport
import Testing

/// The `scan` options the build-tool plugin runs with: `--directory` (SwiftPM cannot set a build command's
/// working directory), `--config-search` and `--fail-on-default` (the plan outlives config edits, so the tool
/// decides when it runs), and `--stamp` (the command's declared output).
@Suite struct BuildToolOptionsTests {
    static let callKit = "import CallKit\nlet provider = CXProvider(configuration: CXProviderConfiguration())\n"

    /// A package-like tree: `Sources/App/Call.swift` uses CallKit, `Sources/Plain/Plain.swift` does not.
    static func package() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        _ = try tree.file("Sources/App/Call.swift", callKit)
        _ = try tree.file("Sources/Plain/Plain.swift", "struct Plain {}\n")
        return tree
    }

    @Test func directoryMakesPathsAndBaselinesRelativeToIt() throws {
        let tree = try Self.package()
        let elsewhere = try TemporaryTree()
        let result = try CLI.run(
            ["scan", "--directory", tree.root, "Sources/App", "--format", "xcode", "--fail-on", "never"],
            in: elsewhere.root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Sources/App/Call.swift:2:"))
        // A baseline written from the package folder matches when run from anywhere with --directory.
        _ = try CLI.run(["scan", "Sources", "--write-baseline", "base.json", "--quiet"], in: tree.root)
        let known = try CLI.run(
            ["scan", "--directory", tree.root, "Sources", "--baseline", "base.json", "--format", "xcode", "--quiet"],
            in: elsewhere.root)
        #expect(known.status == 0 && known.standardOutput.isEmpty, "\(known.standardOutput)")
        let missing = try CLI.run(["scan", "--directory", tree.root + "/nope", "Sources"], in: elsewhere.root)
        #expect(missing.status == 2 && missing.standardError.contains("--directory needs an existing folder"))
    }

    @Test func configSearchTakesTheFirstFolderWithAConfig() throws {
        let tree = try Self.package()
        _ = try tree.file(".lckmigrate.json", #"{"severity": {"cxprovider_init": "error"}}"#)
        let arguments = [
            "scan", "Sources/App", "--format", "xcode", "--quiet", "--config-search", "Sources/App",
            "--config-search", ".",
        ]
        let packageConfig = try CLI.run(arguments, in: tree.root)
        #expect(packageConfig.status == 1 && packageConfig.standardOutput.contains("error: CXProvider"))
        _ = try tree.file("Sources/App/.lckmigrate.json", #"{"severity": {"cxprovider_init": "note"}}"#)
        let targetConfig = try CLI.run(arguments, in: tree.root)
        #expect(targetConfig.status == 0 && targetConfig.standardOutput.contains("note: CXProvider"))
        // --config wins over the search.
        let explicit = try CLI.run(arguments + ["--config", ".lckmigrate.json"], in: tree.root)
        #expect(explicit.standardOutput.contains("error: CXProvider"))
    }

    @Test func failOnDefaultYieldsToTheConfigAndTheCommandLine() throws {
        let tree = try Self.package()
        _ = try tree.file(".lckmigrate.json", #"{"severity": {"cxprovider_init": "error"}}"#)
        let scan = ["scan", ".", "--quiet", "--format", "summary", "--fail-on-default", "never"]
        #expect(try CLI.run(scan, in: tree.root).status == 0)
        #expect(try CLI.run(scan + ["--fail-on", "error"], in: tree.root).status == 1)
        _ = try tree.file(".lckmigrate.json", #"{"severity": {"cxprovider_init": "error"}, "failOn": "error"}"#)
        #expect(try CLI.run(scan, in: tree.root).status == 1)
        let bad = try CLI.run(["scan", "Sources", "--fail-on-default", "sometimes"], in: tree.root)
        #expect(bad.status == 2 && bad.standardError.contains("--fail-on-default"))
    }

    @Test func stampIsOneSwiftCommentWrittenOnlyWhenDifferent() throws {
        let tree = try Self.package()
        let stamp = tree.root + "/work/Plain+stamp.swift"
        try tree.directory("work")
        let plain = try CLI.run(
            ["scan", "Sources/Plain", "--format", "xcode", "--quiet", "--stamp", stamp], in: tree.root)
        #expect(plain.status == 0 && plain.standardOutput.isEmpty && plain.standardError.isEmpty)
        let text = try String(contentsOfFile: stamp, encoding: .utf8)
        #expect(text.hasPrefix("// ") && text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1)
        let written = try FileManager.default.attributesOfItem(atPath: stamp)[.modificationDate] as? Date
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: stamp)
        _ = try CLI.run(["scan", "Sources/Plain", "--quiet", "--stamp", stamp], in: tree.root)
        let kept = try FileManager.default.attributesOfItem(atPath: stamp)[.modificationDate] as? Date
        #expect(written != nil && kept == Date(timeIntervalSince1970: 1_000_000))
        try "changed\n".write(toFile: stamp, atomically: true, encoding: .utf8)
        _ = try CLI.run(["scan", "Sources/Plain", "--quiet", "--stamp", stamp], in: tree.root)
        #expect(try String(contentsOfFile: stamp, encoding: .utf8) == text)
    }
}
