import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKTestSupport
import Testing

/// Type-checks scaffold output with `swiftc -typecheck` against the stub modules in Tests/Stubs
/// (LiveCommunicationKit from api-map §3, CallKit from §2, plus PushKit and AVFAudio, which Linux lacks).
@Suite(.serialized) struct ScaffoldTypeCheckTests {
    /// Scaffolds `paths` the way the command does (settings files included) into `directory`; returns the facts.
    @discardableResult
    static func scaffold(_ paths: [String], into directory: String) throws -> ScaffoldFacts {
        let discovery = FileDiscovery.discover(
            paths: paths, currentDirectory: PackageRoot.path, options: DiscoveryOptions())
        try #require(!discovery.files.isEmpty, "no Swift files under \(paths)")
        let scan = ScanPipeline.run(
            files: discovery.files, settingsFiles: discovery.settingsFiles,
            request: ScanRequest(paths: paths, currentDirectory: PackageRoot.path, jobs: 1))
        let facts = ScaffoldWriter.facts(
            files: discovery.files, findings: scan.findings, settingsFiles: discovery.settingsFiles)
        let files = ScaffoldGenerator.generate(facts)
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
        return facts
    }

    /// A minimal `project.pbxproj` with one app target (its files in the synchronized folder `Caller`)
    /// built at `debug` and `release`.
    static func project(debug: String, release: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tP1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = M0; targets = (T1, ); };
        \t\tM0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tT1 = {isa = PBXNativeTarget; name = Caller; productType = "com.apple.product-type.application"; buildConfigurationList = L1; fileSystemSynchronizedGroups = (G1, ); };
        \t\tG1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Caller; sourceTree = "<group>"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { }; name = Debug; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = \(debug); }; name = Debug; };
        \t\tC2 = {isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = \(release); }; name = Release; };
        \t};
        \trootObject = P1;
        }

        """
    }

    /// The hand-written app in an Xcode project at `debug`/`release`, in `tree`/`name`.
    static func project(in tree: TemporaryTree, _ name: String, debug: String, release: String) throws -> String {
        try tree.file(name + "/Caller/ProviderDelegate.swift", scaffoldSampleApp)
        try tree.file(name + "/App.xcodeproj/project.pbxproj", project(debug: debug, release: release))
        return tree.root + "/" + name
    }

    /// An app built for iOS 15 (Release; Debug at 16) gets both stacks, and they type-check against the
    /// CallKit and LiveCommunicationKit stubs; at iOS 17.4 only LiveCommunicationKit is generated.
    @Test func twoStackScaffoldOfAnIOS15AppTypeChecks() throws {
        let tree = try TemporaryTree()
        let compiler = try StubCompiler(tree: tree)
        let old = try Self.project(in: tree, "old", debug: "16.0", release: "15.0")
        let facts = try Self.scaffold([old], into: tree.root + "/out/old")
        #expect(facts.deploymentTarget == OSVersion(15))
        #expect(FileManager.default.fileExists(atPath: tree.root + "/out/old/CallKitCallBackend.swift"))
        #expect(try compiler.typeCheck(tree.root + "/out/old") == [])

        let new = try Self.project(in: tree, "new", debug: "17.4", release: "18.0")
        #expect(try Self.scaffold([new], into: tree.root + "/out/new").deploymentTarget == OSVersion(17, 4))
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/out/new/CallBackend.swift"))
        #expect(try compiler.typeCheck(tree.root + "/out/new") == [])
    }

    @Test func handWrittenAppAndEverySampleTypeCheck() throws {
        let tree = try TemporaryTree()
        let compiler = try StubCompiler(tree: tree)
        try tree.file("app/ProviderDelegate.swift", scaffoldSampleApp)
        // No settings file: the deployment target is unknown, so both stacks.
        #expect(try Self.scaffold([tree.root + "/app"], into: tree.root + "/out/app").usesTwoStacks)
        #expect(try compiler.typeCheck(tree.root + "/out/app") == [])

        let samples = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path + "/Samples")
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: PackageRoot.path + "/Samples/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
            }.sorted()
        #expect(samples.count == 16)
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
