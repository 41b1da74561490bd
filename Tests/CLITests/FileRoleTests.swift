import Foundation
import LCKTestSupport
import Testing

/// File roles end to end: anti-pattern rules skip test and vendored files unless `--roles`/`roles` names
/// them, every file keeps its CallKit usages, and the JSON and SARIF findings carry the role.
@Suite struct FileRoleTests {
    /// An empty `providerDidReset`: one `empty_reset` finding beside the usages, wherever it is.
    static let emptyReset =
        "import CallKit\nfinal class D: NSObject, CXProviderDelegate {\n"
        + "    func providerDidReset(_ provider: CXProvider) {}\n}\n"

    static func tree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file("App/Calls.swift", emptyReset)
        try tree.file("AppTests/CallsTests.swift", "import XCTest\n@testable import App\n" + emptyReset)
        try tree.file("App/Helpers/Fake.swift", "import XCTest\n" + emptyReset)
        try tree.file("vendor/sdk/Calls.swift", emptyReset)
        try tree.file("Example/Calls.swift", emptyReset)
        // A directive for a rule the role skips claims its finding first: it is not reported unused.
        try tree.file(
            "Tests/Suppressed.swift",
            "// lckmigrate:disable-file empty_reset -- a mock\n" + emptyReset)
        return tree
    }

    /// path → (rule ids, roles) of a JSON scan of `tree` with `extra` options.
    static func scan(
        _ tree: TemporaryTree, _ extra: [String] = []
    ) throws -> [String: (rules: Set<String>, roles: Set<String>)] {
        let result = try CLI.run(
            ["scan", ".", "--format", "json", "--fail-on", "never", "--quiet"] + extra, in: tree.root)
        #expect(result.status == 0, "\(result.standardError)")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var byPath: [String: (rules: Set<String>, roles: Set<String>)] = [:]
        for finding in try #require(root["findings"] as? [[String: Any]]) {
            let path = finding["path"] as? String ?? ""
            byPath[path, default: ([], [])].rules.insert(finding["ruleId"] as? String ?? "")
            byPath[path, default: ([], [])].roles.insert(finding["role"] as? String ?? "app")
        }
        return byPath
    }

    @Test func antiPatternRulesSkipTestAndVendoredFilesAndEveryFileKeepsItsUsages() throws {
        let tree = try Self.tree()
        let found = try Self.scan(tree)
        let expectedRoles = [
            "App/Calls.swift": "app", "AppTests/CallsTests.swift": "test", "App/Helpers/Fake.swift": "test",
            "vendor/sdk/Calls.swift": "vendored", "Example/Calls.swift": "example", "Tests/Suppressed.swift": "test",
        ]
        #expect(Set(found.keys) == Set(expectedRoles.keys), "every file keeps its usages")
        for (path, role) in expectedRoles {
            #expect(found[path]?.roles == [role], "\(path)")
            let reported = found[path]?.rules.contains("empty_reset") == true
            #expect(reported == (role == "app" || role == "example"), "\(path)")
            #expect(found[path]?.rules.contains("unused_suppression") == false, "\(path)")
        }
        let all = try Self.scan(tree, ["--roles", "all"])
        for path in expectedRoles.keys where path != "Tests/Suppressed.swift" {
            #expect(all[path]?.rules.contains("empty_reset") == true, "\(path)")
        }
        let withTests = try Self.scan(tree, ["--roles", "app", "--roles", "test"])
        #expect(withTests["AppTests/CallsTests.swift"]?.rules.contains("empty_reset") == true)
        #expect(withTests["Example/Calls.swift"]?.rules.contains("empty_reset") == false)
        #expect(withTests["vendor/sdk/Calls.swift"]?.rules.contains("empty_reset") == false)
    }

    @Test func aFolderTheUserNamesIsTheRootOfItsRoles() throws {
        let tree = try Self.tree()
        let below = try CLI.run(
            ["scan", "Example", "--format", "json", "--fail-on", "never", "-q"], in: tree.root)
        #expect(below.status == 0 && below.standardOutput.contains(#""path": "Example/Calls.swift""#))
        #expect(!below.standardOutput.contains(#""role""#), "\(below.standardOutput)")
        let listed = try CLI.run(
            [
                "scan", "Example/Calls.swift", "AppTests/CallsTests.swift", "--format", "json", "--fail-on", "never",
                "-q",
            ],
            in: tree.root)
        #expect(listed.standardOutput.contains(#""role": "example""#), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains(#""role": "test""#), "\(listed.standardOutput)")
    }

    @Test func theConfigKeyChoosesTheRolesAndSARIFCarriesThem() throws {
        let tree = try Self.tree()
        try tree.file(".lckmigrate.json", #"{"roles": ["app", "vendored"]}"#)
        let found = try Self.scan(tree)
        #expect(found["vendor/sdk/Calls.swift"]?.rules.contains("empty_reset") == true)
        #expect(found["AppTests/CallsTests.swift"]?.rules.contains("empty_reset") == false)
        let printed = try CLI.run(["config", "--print"], in: tree.root)
        #expect(printed.standardOutput.contains(#"roles: ["app", "vendored"]"#), "\(printed.standardOutput)")
        let sarif = try CLI.run(["scan", ".", "--format", "sarif", "--fail-on", "never", "-q"], in: tree.root)
        #expect(sarif.standardOutput.contains(#""role": "vendored""#), "\(sarif.standardOutput)")
    }

    @Test func theMigrationReportsCountEveryRoleAndShowTheOthersApart() throws {
        let tree = try Self.tree()
        let markdown = try CLI.run(["report", ".", "--format", "markdown"], in: tree.root)
        #expect(markdown.status == 0, "\(markdown.standardError)")
        // Each file holds 4 usages (the import, the delegate, the method, the provider type).
        let usages = markdown.standardOutput.components(separatedBy: "| App/Calls.swift | ").dropFirst().first?
            .prefix(while: { $0 != " " })
        let perFile = try #require(usages.flatMap { Int($0) })
        let sentence =
            "Of the usages, \(perFile) in example files, \(perFile * 3) in test files and \(perFile) in vendored "
            + "files; the plan counts them, and anti-pattern rules skip test and vendored files unless --roles names them."
        #expect(markdown.standardOutput.contains(sentence), "\(markdown.standardOutput)")
        #expect(markdown.standardOutput.contains("| AppTests/CallsTests.swift (test) | \(perFile) | 0 |"))
        #expect(markdown.standardOutput.contains("| vendor/sdk/Calls.swift (vendored) | \(perFile) | 0 |"))
        #expect(markdown.standardOutput.contains("| Example/Calls.swift (example) | \(perFile) | 1 |"))
        let html = try CLI.run(["report", ".", "--format", "html"], in: tree.root)
        #expect(html.standardOutput.contains("<p>" + sentence + "</p>"))
        #expect(html.standardOutput.contains("test file · "), "the file list names the role")
    }

    @Test func anUnknownRoleIsAnErrorNamingItsPlace() throws {
        let tree = try Self.tree()
        let option = try CLI.run(["scan", ".", "--roles", "tests"], in: tree.root)
        #expect(option.status == 2)
        #expect(
            option.standardError.contains("--roles needs app, example, test, vendored or all"),
            "\(option.standardError)")
        try tree.file(".lckmigrate.json", "{\n  \"roles\": [\"tests\"]\n}")
        let config = try CLI.run(["scan", "."], in: tree.root)
        #expect(config.status == 2)
        #expect(config.standardError.contains(".lckmigrate.json:2:12"), "\(config.standardError)")
        #expect(config.standardError.contains(#"for "roles""#), "\(config.standardError)")
    }
}
