// swift-tools-version:6.0
// lckmigrate: CallKit/PushKit → LiveCommunicationKit migration analyzer.
// No package dependencies: the build machines cannot fetch any.
import PackageDescription

let package = Package(
    name: "lckmigrate",
    products: [
        .executable(name: "lckmigrate", targets: ["lckmigrate"]),
        .library(name: "LCKMigrateKit", targets: ["LCKMigrateKit"]),
        // `swift package lckmigrate scan …` (read-only) and `swift package lckmigrate-report report|scaffold …`.
        .plugin(name: "LCKMigrateCommandPlugin", targets: ["LCKMigrateCommandPlugin"]),
        .plugin(name: "LCKMigrateWritingPlugin", targets: ["LCKMigrateWritingPlugin"]),
        // Findings as compiler warnings in `swift build` and Xcode, per target.
        .plugin(name: "LCKMigrateBuildToolPlugin", targets: ["LCKMigrateBuildToolPlugin"]),
    ],
    targets: [
        // Positions, findings and rule descriptors shared by every stage. Stdlib only.
        .target(name: "LCKCore"),
        // Byte-level Swift lexer: tokens + trivia, lossless.
        .target(name: "LCKLexer", dependencies: ["LCKCore"]),
        // Forgiving structural outline over the token array.
        .target(name: "LCKParser", dependencies: ["LCKCore", "LCKLexer"]),
        // The rule table (Rules/ as data): schema, loader, validator, embedded built-in copy.
        .target(name: "LCKRules", dependencies: ["LCKCore", "LCKLexer"]),
        // The project model the rules ask: outline queries, call roles, function summaries, value provenance,
        // path analysis, and the project's facts from the pre-pass.
        .target(name: "LCKProjectModel", dependencies: ["LCKCore", "LCKLexer", "LCKParser", "LCKRules"]),
        // Usage detection and anti-pattern analyzers, one per file.
        .target(
            name: "LCKAnalyzers", dependencies: ["LCKCore", "LCKLexer", "LCKParser", "LCKRules", "LCKProjectModel"]),
        // The migration model the `report` formats render: report, plan (Rules/plan.json), comparison, suggestions.
        .target(name: "LCKMigrationModel", dependencies: ["LCKCore", "LCKRules"]),
        // Output formats, one reporter per file: they only render.
        .target(name: "LCKReporters", dependencies: ["LCKCore", "LCKMigrationModel"]),
        // Façade: configuration, discovery, pipeline, suppressions, baseline.
        .target(
            name: "LCKMigrateKit",
            dependencies: [
                "LCKCore", "LCKLexer", "LCKParser", "LCKRules", "LCKProjectModel", "LCKAnalyzers", "LCKMigrationModel",
                "LCKReporters",
            ]
        ),
        // Thin CLI: argument parsing and wiring only.
        .executableTarget(
            name: "lckmigrate",
            dependencies: ["LCKMigrateKit", "LCKCore", "LCKRules", "LCKMigrationModel", "LCKReporters"]
        ),
        // SwiftPM plugins (under Sources/: the top-level layout is fixed). Each runs the `lckmigrate` executable;
        // the rule table is compiled into it, so no plugin has resources. Write access is granted per plugin,
        // hence the read-only `lckmigrate` verb and the writing `lckmigrate-report` verb are two plugins sharing
        // PackageTargets.swift (a symbolic link in the second).
        .plugin(
            name: "LCKMigrateCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "lckmigrate", description: "Scan the package's targets (or --target NAME) with lckmigrate")),
            dependencies: ["lckmigrate"], path: "Sources/LCKMigrateCommandPlugin"
        ),
        .plugin(
            name: "LCKMigrateWritingPlugin",
            capability: .command(
                intent: .custom(
                    verb: "lckmigrate-report",
                    description: "Write lckmigrate's migration report or scaffold for the package's targets"),
                permissions: [
                    .writeToPackageDirectory(reason: "lckmigrate report and scaffold write the files named by --output")
                ]
            ),
            dependencies: ["lckmigrate"], path: "Sources/LCKMigrateWritingPlugin"
        ),
        .plugin(
            name: "LCKMigrateBuildToolPlugin", capability: .buildTool(), dependencies: ["lckmigrate"],
            path: "Sources/LCKMigrateBuildToolPlugin"
        ),
        // Benchmarks (release build): `swift run -c release lckmigrate-bench`.
        .executableTarget(
            name: "lckmigrate-bench",
            dependencies: [
                "LCKMigrateKit", "LCKAnalyzers", "LCKRules", "LCKLexer", "LCKParser", "LCKReporters", "LCKCore",
            ]
        ),
        // Measures token agreement between LCKLexer and the swift-syntax oracle's `tokens` output.
        .executableTarget(name: "lckmigrate-lexer-agreement", dependencies: ["LCKLexer", "LCKCore"]),
        // Measurement only: usage recall against the swift-syntax oracle, anti-pattern precision and recall
        // against blind labels (Tests/EvaluationLabels).
        .executableTarget(name: "lckmigrate-eval"),
        // Regenerates the generated sources (rule table, plan.json, keyword table): `swift run lckmigrate-generate`.
        .executableTarget(name: "lckmigrate-generate", dependencies: ["LCKLexer", "LCKRules", "LCKMigrationModel"]),
        // `lckmigrate.artifactbundle` and a plugin package using it: `swift run lckmigrate-artifactbundle --output DIR`.
        .executableTarget(name: "lckmigrate-artifactbundle"),
        // Package shape for .ci/run: declared imports, file and function lengths (reads `dump-package` JSON).
        .executableTarget(name: "lckmigrate-package-check", dependencies: ["LCKLexer", "LCKCore"]),

        // Helpers the test targets share: the package root, outside tools that tests may skip without.
        .target(name: "LCKTestSupport", path: "Tests/LCKTestSupport"),
        // The hand-built migration scan that the model and the migration-report renderer tests share.
        .target(
            name: "LCKMigrationFixture", dependencies: ["LCKCore", "LCKRules", "LCKMigrationModel"],
            path: "Tests/LCKMigrationFixture"
        ),
        .testTarget(name: "LCKCoreTests", dependencies: ["LCKCore", "LCKTestSupport"]),
        .testTarget(name: "LCKLexerTests", dependencies: ["LCKLexer", "LCKCore", "LCKTestSupport"]),
        .testTarget(name: "LCKParserTests", dependencies: ["LCKParser", "LCKLexer", "LCKCore", "LCKTestSupport"]),
        .testTarget(name: "LCKRulesTests", dependencies: ["LCKRules", "LCKCore", "LCKTestSupport"]),
        .testTarget(
            name: "LCKProjectModelTests",
            dependencies: [
                "LCKProjectModel", "LCKAnalyzers", "LCKParser", "LCKLexer", "LCKRules", "LCKCore", "LCKMigrateKit",
                "LCKTestSupport",
            ]
        ),
        .testTarget(
            name: "LCKAnalyzersTests",
            dependencies: [
                "LCKAnalyzers", "LCKProjectModel", "LCKParser", "LCKLexer", "LCKRules", "LCKCore", "LCKMigrateKit",
                "LCKTestSupport",
            ]
        ),
        .testTarget(
            name: "LCKMigrationModelTests",
            dependencies: [
                "LCKMigrationModel", "LCKMigrationFixture", "LCKReporters", "LCKRules", "LCKCore", "LCKTestSupport",
            ]
        ),
        .testTarget(
            name: "LCKReportersTests",
            dependencies: [
                "LCKReporters", "LCKMigrationModel", "LCKMigrationFixture", "LCKRules", "LCKCore", "LCKTestSupport",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "LCKMigrateKitTests",
            dependencies: [
                "LCKMigrateKit", "LCKMigrationModel", "LCKReporters", "LCKAnalyzers", "LCKProjectModel", "LCKLexer",
                "LCKParser", "LCKRules", "LCKCore", "LCKTestSupport",
            ]
        ),
        .testTarget(name: "EvaluationTests", dependencies: ["lckmigrate-eval", "LCKTestSupport"]),
        .testTarget(name: "ArtifactBundleTests", dependencies: ["lckmigrate-artifactbundle", "LCKTestSupport"]),
        .testTarget(name: "PackageCheckTests", dependencies: ["lckmigrate-package-check", "LCKTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["lckmigrate", "LCKTestSupport"], exclude: ["Goldens"]),
    ]
)
