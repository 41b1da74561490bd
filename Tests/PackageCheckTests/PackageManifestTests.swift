import Testing

@testable import lckmigrate_package_check

@Suite struct PackageManifestTests {
    @Test func readsTargetsPathsExclusionsAndDependenciesFromDumpPackageJSON() throws {
        let json = """
            {"name": "p", "targets": [
              {"name": "Core", "type": "regular", "dependencies": [], "exclude": []},
              {"name": "my-tool", "type": "executable", "dependencies": [
                {"byName": ["Core", null]}, {"target": ["Extra", null]}, {"product": ["Parsing", "parsing", null, null]}
              ], "exclude": []},
              {"name": "Support", "type": "regular", "path": "Tests/Support", "dependencies": [], "exclude": []},
              {"name": "CoreTests", "type": "test", "dependencies": [{"byName": ["Core", null]}],
               "exclude": ["Goldens"]}
            ]}
            """
        let manifest = try PackageManifest(dumpJSON: Array(json.utf8))
        #expect(
            manifest.targets.map(\.path) == ["Sources/Core", "Sources/my-tool", "Tests/Support", "Tests/CoreTests"])
        #expect(manifest.targets[1].dependencyModules == ["Core", "Extra", "Parsing"])
        #expect(manifest.targets[1].moduleName == "my_tool")
        #expect(manifest.targets[3].exclude == ["Goldens"])
        #expect(manifest.executableNames == ["my-tool"])
    }

    @Test func rejectsJSONThatIsNotAPackageDescription() {
        #expect(throws: PackageCheckError.self) { try PackageManifest(dumpJSON: Array("{\"name\": 1}".utf8)) }
        #expect(throws: PackageCheckError.self) { try PackageManifest(dumpJSON: Array("not json".utf8)) }
    }

    @Test func excludedPathsAndHiddenFoldersAreNotChecked() throws {
        let long = statementLines(500)
        let package = try FixturePackage(files: [
            "Tests/CoreTests/Goldens/big.swift": long, "Tests/CoreTests/.build/big.swift": long,
            "Tests/CoreTests/T.swift": "",
        ])
        var target = PackageManifest.Target.fixture("CoreTests", type: "test")
        target.exclude = ["Goldens"]
        let result = try package.check([target])
        #expect(result.fileCount == 1)
        #expect(result.problems.isEmpty)
    }
}
