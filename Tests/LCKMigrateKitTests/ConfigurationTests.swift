import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

@Suite struct ConfigurationTests {
    private func load(
        _ json: String, at relative: String = ".lckmigrate.json", in tree: TemporaryTree
    ) throws(FileProblemError)
        -> (configuration: Configuration, warnings: [ConfigurationWarning], ruleIDs: [RuleIDReference])
    {
        _ = try? tree.file(relative, json)
        return try ConfigurationLoader.load(
            path: relative, currentDirectory: tree.root, over: Configuration(patternRoot: tree.root, jobs: 3))
    }

    private func error(_ json: String) throws -> String {
        let tree = try TemporaryTree()
        do {
            _ = try load(json, in: tree)
            return "no error"
        } catch {
            return "\(error.problem.path): \(error.problem.message)"
        }
    }

    @Test func readsEveryKeyWithItsPositionAndResolvesPathsAgainstTheConfigFolder() throws {
        let tree = try TemporaryTree()
        let json = """
            {
              "$schema": "https://example.invalid/config.schema.json",
              "include": ["Sources/**"],
              "exclude": ["**/*Mock*.swift"],
              "disabledRules": ["test_controller"],
              "enabledRules": ["test_provider"],
              "severity": {"test_provider": "error"},
              "rules": ["../team-rules"],
              "baseline": "ci/baseline.json",
              "failOn": "warning",
              "formats": ["text", "sarif=reports/scan.sarif"],
              "jobs": 2,
              "requireReason": true
            }
            """
        let (configuration, warnings, references) = try load(json, at: "App/lck.json", in: tree)
        #expect(warnings.isEmpty)
        #expect(configuration.file == "App/lck.json")
        #expect(configuration.patternRoot == tree.root + "/App")
        #expect(configuration.include.value.map(\.text) == ["Sources/**"])
        #expect(
            configuration.include.origin
                == .configFile(path: "App/lck.json", position: SourcePosition(line: 3, column: 14)))
        #expect(configuration.exclude.value.map(\.text) == ["**/*Mock*.swift"])
        #expect(configuration.disabledRules.value == ["test_controller"])
        #expect(configuration.enabledRules.value == ["test_provider"])
        #expect(
            configuration.severity["test_provider"]
                == Sourced(.error, .configFile(path: "App/lck.json", position: SourcePosition(line: 7, column: 33))))
        #expect(configuration.ruleDirectories.value == ["team-rules"])
        #expect(configuration.baseline.value == "App/ci/baseline.json")
        #expect(configuration.failOn.value == .warning)
        #expect(
            configuration.outputs.value == [
                OutputRequest(format: .text, path: nil),
                OutputRequest(
                    format: .sarif, path: "App/reports/scan.sarif",
                    confinement: OutputConfinement(folder: tree.root + "/App", location: "App/lck.json:11:23")),
            ])
        #expect(
            configuration.jobs
                == Sourced(2, .configFile(path: "App/lck.json", position: SourcePosition(line: 12, column: 11))))
        #expect(configuration.requireReason.value)
        #expect(references.map(\.id) == ["test_controller", "test_provider", "test_provider"])
        #expect(references.map(\.position.line) == [5, 6, 7])
    }

    @Test func syntaxAndTypeErrorsNameFileLineAndColumn() throws {
        #expect(try error("{\n  \"failOn\": \"warning\",\n}").hasPrefix(".lckmigrate.json:3:1: "))
        #expect(
            try error("{\n  \"include\": \"Sources\"\n}")
                == ".lckmigrate.json:2:14: expected an array of strings for \"include\", found a string")
        #expect(
            try error("{\"exclude\": [\"a\", 7]}")
                == ".lckmigrate.json:1:19: expected a string in \"exclude\", found a number")
        #expect(
            try error("{\n\"failOn\": \"always\"}")
                == ".lckmigrate.json:2:11: expected \"error\", \"warning\", \"note\" or \"never\" for \"failOn\", found \"always\""
        )
        #expect(
            try error("{\"jobs\": 0}")
                == ".lckmigrate.json:1:10: expected a whole number from 1 to 1024 for \"jobs\", found 0")
        #expect(
            try error("{\"severity\": {\"r\": \"fatal\"}}")
                == ".lckmigrate.json:1:20: expected \"error\", \"warning\" or \"note\" for severity of 'r', found \"fatal\""
        )
        #expect(
            try error("{\"requireReason\": \"yes\"}")
                == ".lckmigrate.json:1:19: expected true or false for \"requireReason\", found \"yes\"")
        #expect(
            try error("{\"formats\": [\"pdf=x.pdf\"]}").hasPrefix(
                ".lckmigrate.json:1:14: expected \"FORMAT\" or \"FORMAT=FILE\" with FORMAT one of text, xcode, json,"))
        #expect(
            try error("{\"formats\": [\"text\", \"json\"]}")
                == ".lckmigrate.json:1:22: expected at most one format without a file (stdout) in \"formats\"")
        #expect(try error("[]") == ".lckmigrate.json:1:1: expected a configuration object ({ … }), found an array")
    }

    @Test func unknownKeysAndRuleIdsAreWarningsWithPositions() throws {
        let tree = try TemporaryTree()
        let (_, warnings, references) = try load(
            "{\n  \"exclud\": [],\n  \"disabledRules\": [\"test_provider\", \"no_such\"]\n}", in: tree)
        #expect(
            warnings.map(\.description) == [
                ".lckmigrate.json:2:3: unknown key \"exclud\" (ignored); known keys: include, exclude, disabledRules, enabledRules, severity, rules, baseline, failOn, formats, jobs, requireReason, minSeverity, minConfidence, only, roles, maxFileFindings, maxFindings"
            ])
        let ruleWarnings = ConfigurationLoader.unknownRuleWarnings(
            references, known: testRuleIDs, path: ".lckmigrate.json")
        #expect(
            ruleWarnings.map(\.description) == [
                ".lckmigrate.json:3:38: unknown rule id 'no_such' in \"disabledRules\"; it has no effect"
            ])
    }

    @Test func locatesTheConfigInTheFirstFolderOrTheCurrentDirectory() throws {
        let tree = try TemporaryTree()
        try tree.file(".lckmigrate.json", "{}")
        try tree.file("App/.lckmigrate.json", "{}")
        try tree.file("App/A.swift")
        #expect(
            ConfigurationLoader.locate(paths: ["App"], explicit: nil, currentDirectory: tree.root)
                == "App/.lckmigrate.json")
        #expect(
            ConfigurationLoader.locate(paths: ["App/A.swift"], explicit: nil, currentDirectory: tree.root)
                == ".lckmigrate.json")
        #expect(
            ConfigurationLoader.locate(paths: ["App"], explicit: "other.json", currentDirectory: tree.root)
                == "other.json")
        #expect(
            ConfigurationLoader.locate(paths: ["App"], explicit: nil, currentDirectory: tree.root + "/App/..") != nil)
        let empty = try TemporaryTree()
        #expect(ConfigurationLoader.locate(paths: ["."], explicit: nil, currentDirectory: empty.root) == nil)
    }

    @Test func printShowsEveryValueWithItsOrigin() throws {
        let tree = try TemporaryTree()
        var (configuration, _, _) = try load("{\n  \"failOn\": \"note\",\n  \"exclude\": [\"Pods\"]\n}", in: tree)
        configuration.severity["test_provider"] = Sourced(.note, .commandLine(option: "--severity"))
        #expect(
            configuration.printed() == """
                config: ".lckmigrate.json"
                include: []                   # default
                exclude: ["Pods"]             # .lckmigrate.json:3:14
                enabledRules: all             # default
                disabledRules: []             # default
                severity.test_provider: note  # command line (--severity)
                rules: []                     # default
                baseline: none                # default
                failOn: note                  # .lckmigrate.json:2:13
                minSeverity: note             # default
                minConfidence: low            # default
                only: all                     # default
                roles: ["app", "example"]     # default
                formats: ["text"]             # default
                jobs: 3                       # default
                requireReason: false          # default
                maxFileFindings: 10000        # default
                maxFindings: 100000           # default

                """)
    }

    @Test func includeAndExcludeAreRelativeToTheConfigFolder() throws {
        let tree = try TemporaryTree()
        var configuration = Configuration(patternRoot: tree.root + "/App")
        configuration.exclude = Sourced([GlobPattern("Generated")])
        configuration.include = Sourced([GlobPattern("**/*.swift")])
        let files = ["App/A.swift", "App/Generated/G.swift", "Other/Generated/B.swift"].map {
            DiscoveredFile(displayPath: $0, path: $0)
        }
        let kept = ScanFileFilter(configuration, currentDirectory: tree.root).apply(to: files)
        // Other/… lies outside the config folder (../Other/…), which no pattern reaches: an include
        // list leaves it out, an exclude list alone keeps it.
        #expect(kept.map(\.displayPath) == ["App/A.swift"])
        configuration.include = Sourced([])
        let keptWithoutInclude = ScanFileFilter(configuration, currentDirectory: tree.root).apply(to: files)
        #expect(keptWithoutInclude.map(\.displayPath) == ["App/A.swift", "Other/Generated/B.swift"])
    }
}
