import Testing

@testable import lckmigrate_package_check

@Suite struct UndeclaredImportCheckTests {
    let targets: [PackageManifest.Target] = [
        .fixture("Lib"), .fixture("Other"), .fixture("App", dependencies: ["Lib"]),
    ]

    @Test func anImportOfAModuleTheTargetDoesNotDeclareIsReported() throws {
        let result = try FixturePackage.check(
            ["Sources/App/main.swift": "import Foundation\nimport Lib\nimport Other\n", "Sources/Lib/L.swift": ""],
            targets: targets)
        #expect(
            result.problems.map(\.description) == [
                "Sources/App/main.swift:3: target 'App' imports Other, which Package.swift does not declare as its "
                    + "dependency"
            ])
    }

    @Test func declaredAndToolchainImportsPass() throws {
        let source = "import Lib\nimport Foundation\nimport Testing\nimport Synchronization\nimport Dispatch\n"
        let result = try FixturePackage.check(["Sources/App/main.swift": source], targets: targets)
        #expect(result.problems.isEmpty)
    }

    @Test func everyFormOfImportCounts() throws {
        let source = """
            @testable import Other
            import struct Other.Thing
            public import Other
            #if canImport(Other)
            import Other
            #elseif canImport(Glibc)
            @preconcurrency import Glibc
            #endif

            """
        let result = try FixturePackage.check(["Sources/App/main.swift": source], targets: targets)
        #expect(result.problems.map(\.line) == [1, 2, 3, 5])
        #expect(result.problems.allSatisfy { $0.kind == .undeclaredImport })
    }

    @Test func importsInCommentsAndStringsDoNotCount() throws {
        let source = #"""
            // import Other
            /* import Other */
            let text = "import Other"
            let block = """
                import Other
                """

            """#
        let result = try FixturePackage.check(["Sources/App/main.swift": source], targets: targets)
        #expect(result.problems.isEmpty)
    }

    @Test func anExecutableTargetIsImportedByItsModuleName() throws {
        let targets: [PackageManifest.Target] = [
            .fixture("my-tool", type: "executable"),
            .fixture("ToolTests", type: "test", dependencies: ["my-tool"]),
        ]
        let result = try FixturePackage.check(
            ["Sources/my-tool/main.swift": "", "Tests/ToolTests/T.swift": "@testable import my_tool\n"],
            targets: targets)
        #expect(result.problems.isEmpty)
        #expect(PackageManifest.moduleName(of: "9-lives.kit") == "_9_lives_kit")
    }
}
