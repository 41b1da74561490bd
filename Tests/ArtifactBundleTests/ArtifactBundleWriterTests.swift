import Foundation
import LCKTestSupport
import Testing

@testable import lckmigrate_artifactbundle

/// `lckmigrate-artifactbundle --binary`: the plugin package it writes around a given binary. (`.ci/run` builds
/// the real bundle and runs the plugins from it.)
@Suite struct ArtifactBundleWriterTests {
    private let variant = BundleVariant(
        platform: "linux-x86_64", triples: ["x86_64-unknown-linux-gnu"], buildArguments: [])

    /// A stand-in binary answering `--version` as lckmigrate does.
    private func fakeBinary(in tree: TemporaryTree, printing version: String = "lckmigrate 9.9.9") throws -> String {
        let path = try tree.file("bin/lckmigrate", "#!/bin/sh\necho '\(version)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    private func write(_ request: BundleRequest) throws -> ArtifactBundleWriter.Written {
        try ArtifactBundleWriter(packageRoot: PackageRoot.path).write(request, variant: variant)
    }

    @Test func writesTheBundleAndAPluginPackageOnTopOfIt() throws {
        let tree = try TemporaryTree()
        let binary = try fakeBinary(in: tree)
        let written = try write(BundleRequest(output: tree.root + "/dist", binary: binary))
        #expect(written.version == "9.9.9")
        let bundle = tree.root + "/dist/lckmigrate.artifactbundle"
        let info = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json")))
                as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = try #require((info["artifacts"] as? [String: Any])?["lckmigrate"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        #expect(artifact["version"] as? String == "9.9.9")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        #expect(variants.first?["supportedTriples"] as? [String] == ["x86_64-unknown-linux-gnu"])
        let path = try #require(variants.first?["path"] as? String)
        #expect(path == "lckmigrate-9.9.9-linux-x86_64/bin/lckmigrate")
        #expect(FileManager.default.isExecutableFile(atPath: bundle + "/" + path))
        #expect(
            FileManager.default.contents(atPath: bundle + "/" + path) == FileManager.default.contents(atPath: binary))

        let manifest = try String(contentsOfFile: tree.root + "/dist/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "lckmigrate", path: "lckmigrate.artifactbundle")"#))
        for verb in ["\"lckmigrate\"", "\"lckmigrate-report\"", ".buildTool()", ".writeToPackageDirectory("] {
            #expect(manifest.contains(verb), "the plugin manifest lacks \(verb)")
        }
        // The writing plugin's shared file is a link in this checkout; the copy is the file itself.
        let shared = tree.root + "/dist/Sources/LCKMigrateWritingPlugin/PackageTargets.swift"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: shared)) == nil)
        #expect(
            FileManager.default.contents(atPath: shared)
                == FileManager.default.contents(
                    atPath: PackageRoot.path + "/Sources/LCKMigrateCommandPlugin/PackageTargets.swift"))
        #expect(try tree.entries().filter { $0.contains(".partial-") }.isEmpty)
    }

    @Test func keepsAnExistingOutputWithoutForceAndReplacesOnlyItsOwnWithForce() throws {
        let tree = try TemporaryTree()
        let binary = try fakeBinary(in: tree)
        _ = try tree.file("dist/keep.txt", "mine\n")
        #expect(throws: BundleError.usage("\(tree.root)/dist exists; pass --force to replace it")) {
            try write(BundleRequest(output: tree.root + "/dist", binary: binary))
        }
        #expect(try tree.entries("dist") == ["keep.txt"])
        // --force replaces only a folder this tool wrote.
        #expect(throws: BundleError.self) {
            try write(BundleRequest(output: tree.root + "/dist", binary: binary, force: true))
        }
        #expect(try tree.entries("dist") == ["keep.txt"])
        _ = try write(BundleRequest(output: tree.root + "/new", binary: binary))
        _ = try tree.file("new/extra.txt", "stale\n")
        _ = try write(BundleRequest(output: tree.root + "/new", binary: binary, force: true))
        #expect(try tree.entries("new").sorted() == ["Package.swift", "Sources", "lckmigrate.artifactbundle"])
    }

    /// Not even with --force: the checkout, or a folder around it, is never the output.
    @Test func neverReplacesTheCheckout() throws {
        let tree = try TemporaryTree()
        let binary = try fakeBinary(in: tree)
        for output in [PackageRoot.path, PackageRoot.path + "/..", PackageRoot.path + "/Sources"] {
            #expect(throws: BundleError.self) { try write(BundleRequest(output: output, binary: binary, force: true)) }
        }
        #expect(FileManager.default.fileExists(atPath: PackageRoot.path + "/Package.swift"))
    }

    @Test func aBinaryThatIsNotLckmigrateWritesNothing() throws {
        let tree = try TemporaryTree()
        let binary = try fakeBinary(in: tree, printing: "swiftlint 0.57.0")
        #expect(throws: BundleError.self) { try write(BundleRequest(output: tree.root + "/dist", binary: binary)) }
        #expect(try tree.entries() == ["bin"])
    }

    @Test func theCommandLineNeedsAnOutputAndKnowsItsOptions() throws {
        #expect(
            try BundleRequest(arguments: ["--output", "dist", "--binary", "b", "--force"])
                == BundleRequest(output: "dist", binary: "b", force: true))
        #expect(throws: BundleError.self) { try BundleRequest(arguments: []) }
        #expect(throws: BundleError.self) { try BundleRequest(arguments: ["--output"]) }
        #expect(throws: BundleError.self) { try BundleRequest(arguments: ["--output", "dist", "--zip"]) }
        #expect(try BundleVariant.linux(machine: "aarch64").triples == ["aarch64-unknown-linux-gnu"])
        #expect(throws: BundleError.self) { try BundleVariant.linux(machine: "riscv64") }
    }
}
