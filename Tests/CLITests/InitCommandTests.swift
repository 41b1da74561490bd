import Foundation
import LCKTestSupport
import Testing

/// `lckmigrate init` in a temporary git repository: the config it writes is valid and spells out the
/// defaults, the baseline makes the next scan pass, existing files are kept without --force.
@Suite struct InitCommandTests {
    /// No CI variables from the machine running the tests: detection must come from the folder.
    private let noCI = ["GITHUB_ACTIONS": "", "GITLAB_CI": ""]

    /// A git repository holding an app with one error-level finding (Samples/Wrappers).
    private func repository() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        let source = PackageRoot.path + "/Samples/Wrappers"
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".swift") {
            try tree.file("App/" + name, try String(contentsOfFile: source + "/" + name, encoding: .utf8))
        }
        let result = ExternalCommand.run(["git", "-C", tree.root, "init", "-q"])
        #expect(result.status == 0, "git init failed: \(result.output)")
        return tree
    }

    @Test(.enabled(if: ExternalTool.git.shouldRun, Comment(rawValue: ExternalTool.git.missingMessage)))
    func writesAConfigAndABaselineAfterWhichTheScanPasses() throws {
        let tree = try repository()
        #expect(try CLI.run(["scan", "."], in: tree.root).status == 1, "the app must fail without a baseline")
        let result = try CLI.run(["init"], in: tree.root, environment: noCI)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Wrote .lckmigrate.json"))
        #expect(result.standardOutput.contains("Wrote lckmigrate-baseline.json: today's 100 findings"))
        #expect(try tree.entries().contains(".lckmigrate.json"))
        #expect(try tree.entries().contains("lckmigrate-baseline.json"))
        let scan = try CLI.run(["scan", "."], in: tree.root)
        #expect(scan.status == 0, "\(scan.standardError)")
        #expect(scan.standardError.contains("baseline: 100 known, 0 fixed"))
    }

    /// The written file loads without a warning and holds exactly the values `config --print` reports as
    /// defaults in a folder without a config (the baseline aside).
    @Test(.enabled(if: ExternalTool.git.shouldRun, Comment(rawValue: ExternalTool.git.missingMessage)))
    func configSpellsOutTheDefaultsAndValidates() throws {
        let tree = try repository()
        let defaults = try CLI.run(["config", "--print", "--format", "json"], in: tree.root)
        #expect(try CLI.run(["init"], in: tree.root, environment: noCI).status == 0)
        let written = try CLI.run(["config", "--print", "--format", "json"], in: tree.root)
        #expect(written.status == 0)
        #expect(written.standardError.isEmpty, "the written config has warnings: \(written.standardError)")
        let before = try values(defaults.standardOutput)
        let after = try values(written.standardOutput)
        for (key, value) in before where !["config", "baseline", "overrides", "severity"].contains(key) {
            #expect(after[key] == value, "\(key)")
        }
        #expect(after["baseline"] == "\"lckmigrate-baseline.json\"")
        let text = try String(contentsOfFile: tree.root + "/.lckmigrate.json", encoding: .utf8)
        #expect(text.contains("\"$schema\": \"https://lckmigrate.dev/schemas/config.schema.json\""))
        #expect(text.contains("\"minSeverity\": \"note\""))
    }

    @Test(
        .enabled(if: ExternalTool.git.shouldRun, Comment(rawValue: ExternalTool.git.missingMessage)),
        .enabled(
            if: ExternalTool.pythonJSONSchema.shouldRun, Comment(rawValue: ExternalTool.pythonJSONSchema.missingMessage)
        )
    )
    func configValidatesAgainstTheSchema() throws {
        let tree = try repository()
        #expect(try CLI.run(["init"], in: tree.root, environment: noCI).status == 0)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.validate(json.load(open(sys.argv[2])), schema)
            assert json.load(open(sys.argv[2]))["$schema"] == schema["$id"]
            """
        let result = ExternalCommand.run([
            "python3", "-c", script, PackageRoot.path + "/Rules/schemas/config.schema.json",
            tree.root + "/.lckmigrate.json",
        ])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func refusesToReplaceAConfigOrABaselineWithoutForce() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift")
        for existing in [".lckmigrate.json", "lckmigrate-baseline.json"] {
            let path = try tree.file(existing, "{\"mine\": true}\n")
            let refused = try CLI.run(["init"], in: tree.root, environment: noCI)
            #expect(refused.status == 2)
            #expect(
                refused.standardError
                    == "lckmigrate: error: \(existing): already exists; keep it, or run 'lckmigrate init --force' "
                    + "to replace it\n")
            #expect(try tree.entries() == ["App", existing].sorted(), "nothing else may be written")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"mine\": true}\n")
            try FileManager.default.removeItem(atPath: path)
        }
        try tree.file(".lckmigrate.json", "{\"mine\": true}\n")
        #expect(try CLI.run(["init", "--force"], in: tree.root, environment: noCI).status == 0)
        #expect(try String(contentsOfFile: tree.root + "/.lckmigrate.json", encoding: .utf8).contains("$schema"))
    }

    /// Pointed at a folder, init writes there only; a link named like its config is replaced, not followed.
    @Test func writesNothingOutsideTheFolder() throws {
        let tree = try TemporaryTree()
        try tree.file("project/App/A.swift")
        let outside = try tree.file("outside.json", "keep\n")
        try tree.link("project/.lckmigrate.json", to: "../outside.json")
        #expect(try CLI.run(["init", "project"], in: tree.root, environment: noCI).status == 2)
        let result = try CLI.run(["init", "project", "--force"], in: tree.root, environment: noCI)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Wrote project/.lckmigrate.json"))
        #expect(try tree.entries() == ["outside.json", "project"])
        #expect(try tree.entries("project") == [".lckmigrate.json", "App", "lckmigrate-baseline.json"])
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep\n")
        #expect(try CLI.run(["init", "project/App/A.swift"], in: tree.root).status == 2)
    }

    @Test func printsTheJobForTheDetectedPlatform() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift")
        let neither = try CLI.run(["init"], in: tree.root, environment: noCI).standardOutput
        #expect(neither.contains("No CI configuration found"))
        #expect(neither.contains("GitHub Actions") && neither.contains("GitLab CI"))
        try tree.directory(".github")
        let github = try CLI.run(["init", "--force"], in: tree.root, environment: noCI).standardOutput
        #expect(github.contains("upload-sarif") && !github.contains("GitLab"))
        try FileManager.default.removeItem(atPath: tree.root + "/.github")
        let gitlab = try CLI.run(
            ["init", "--force"], in: tree.root, environment: ["GITHUB_ACTIONS": "", "GITLAB_CI": "true"])
        #expect(gitlab.standardOutput.contains("codequality: gl-code-quality-report.json"))
        #expect(!gitlab.standardOutput.contains("GitHub"))
    }

    /// Each key's `value` from `config --print --format json`, as canonical JSON text.
    private func values(_ json: String) throws -> [String: String] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var result: [String: String] = [:]
        for (key, entry) in object {
            let value = (entry as? [String: Any])?["value"] ?? entry
            let data = try JSONSerialization.data(
                withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
            result[key] = String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
        }
        return result
    }
}
