import Foundation
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKTestSupport
import Testing

/// Type-checks scaffold output with `swiftc -typecheck` against the stub modules in
/// Tests/Stubs (LiveCommunicationKit from api-map §3, plus PushKit and AVFAudio, which Linux lacks).
@Suite(.serialized) struct ScaffoldTypeCheckTests {
    /// Scaffolds `paths` the way the command does and returns the output folder.
    static func scaffold(_ paths: [String], into directory: String) throws {
        let discovery = FileDiscovery.discover(
            paths: paths, currentDirectory: PackageRoot.path, options: DiscoveryOptions())
        try #require(!discovery.files.isEmpty, "no Swift files under \(paths)")
        let scan = ScanPipeline.run(
            files: discovery.files, request: ScanRequest(paths: paths, currentDirectory: PackageRoot.path, jobs: 1))
        let files = ScaffoldGenerator.generate(ScaffoldWriter.facts(files: discovery.files, findings: scan.findings))
        #expect(ScaffoldWriter.syntaxProblems(files).isEmpty)
        try ScaffoldWriter.write(files, to: directory, force: false)
        // The scaffold models the migration done right: our own analyzers find no anti-pattern in it.
        let output = FileDiscovery.discover(
            paths: [directory], currentDirectory: PackageRoot.path, options: DiscoveryOptions())
        let check = ScanPipeline.run(
            files: output.files, request: ScanRequest(paths: [directory], currentDirectory: PackageRoot.path, jobs: 1))
        let antiPatterns = check.findings.filter { $0.mappingKind == nil }
        #expect(
            antiPatterns.isEmpty,
            "anti-patterns in the scaffold of \(paths): \(antiPatterns.map { "\($0.path):\($0.start.line) \($0.ruleID)" })"
        )
    }

    @Test func handWrittenAppAndEverySampleTypeCheck() throws {
        let tree = try TemporaryTree()
        let compiler = try StubCompiler(tree: tree)
        try tree.file("app/ProviderDelegate.swift", scaffoldSampleApp)
        try Self.scaffold([tree.root + "/app"], into: tree.root + "/out/app")
        #expect(try compiler.typeCheck(tree.root + "/out/app") == [])

        let samples = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path + "/Samples")
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: PackageRoot.path + "/Samples/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
            }.sorted()
        #expect(samples.count == 12)
        for sample in samples {
            let output = tree.root + "/out/" + sample
            try Self.scaffold(["Samples/" + sample], into: output)
            let failures = try compiler.typeCheck(output)
            #expect(
                failures.isEmpty,
                "scaffold of Samples/\(sample) does not type-check:\n\(failures.joined(separator: "\n"))")
        }
    }
}
