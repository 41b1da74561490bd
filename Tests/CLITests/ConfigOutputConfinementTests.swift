import Foundation
import LCKTestSupport
import Testing

/// A pull request's config names outputs too; they may create a report or replace an earlier report of
/// their format inside the scanned folder, and nothing else: never `.git/config` (whose `fsmonitor` runs
/// a command on the next `git status`), a hook, a tracked file or a workflow.
@Suite struct ConfigOutputConfinementTests {
    private let finding = "import CallKit\nlet provider = CXProvider(configuration: c)\n"
    private let planted = "[core] fsmonitor = touch PWNED ;x.swift"
    private let gitConfig = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"

    private func data(_ tree: TemporaryTree, _ relative: String) -> Data? {
        FileManager.default.contents(atPath: tree.root + "/" + relative)
    }

    /// A checkout with a `.git` folder made by hand (no git needed) and the planted file.
    private func checkout(formats: String) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file(".git/config", gitConfig)
        try tree.file(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        try tree.file(".hg/hgrc", "[ui]\n")
        try tree.file(planted, finding)
        try tree.file("README.md", "# App\n")
        try tree.file("Package.swift", "// swift-tools-version:6.0\n")
        try tree.file(".github/workflows/ci.yml", "on: push\n")
        try tree.file(".lckmigrate.json", "{\"formats\": [\(formats)]}\n")
        return tree
    }

    @Test func aConfigOutputIntoAVersionControlFolderIsRefused() throws {
        for (output, folder) in [
            ("xcode=.git/config", ".git"), ("text=.git/hooks/pre-commit", ".git"), ("json=.git/new.json", ".git"),
            ("text=.hg/hgrc", ".hg"), ("sarif=sub/../.git/x.sarif", ".git"),
            // A case-insensitive volume (macOS) takes `.GIT` for `.git`: refused on every system.
            ("xcode=.GIT/config", ".git"), ("json=.Hg/x.json", ".hg"),
        ] {
            let tree = try checkout(formats: "\"\(output)\"")
            let before = try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted()
            let result = try CLI.run(["scan", ".", "-q"], in: tree.root)
            #expect(result.status == 2, "\(output)")
            #expect(
                result.standardError.hasPrefix("lckmigrate: error: .lckmigrate.json:1:14: \"formats\" output ")
                    && result.standardError.contains("is inside \(folder), a version control folder"),
                "\(result.standardError)")
            #expect(data(tree, ".git/config") == Data(gitConfig.utf8))
            #expect(data(tree, ".git/hooks/pre-commit") == Data("#!/bin/sh\nexit 0\n".utf8))
            #expect(try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted() == before)
        }
    }

    /// A new file there would become a workflow as soon as a later CI step commits the checkout.
    @Test func aConfigOutputCannotCreateAWorkflow() throws {
        let tree = try checkout(formats: "\"json=.github/workflows/new.yml\"")
        let result = try CLI.run(["scan", ".", "-q"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.contains("is inside .github/workflows, where a new file becomes a CI workflow"))
        #expect(try tree.entries(".github/workflows") == ["ci.yml"])
    }

    @Test func aConfigOutputOverAFileItDidNotWriteIsRefused() throws {
        for output in ["text=README.md", "json=Package.swift", "markdown=README.md"] {
            let tree = try checkout(formats: "\"\(output)\"")
            let result = try CLI.run(["scan", ".", "-q"], in: tree.root)
            #expect(result.status == 2, "\(output)")
            #expect(result.standardError.contains("would replace a file that is not an earlier"), "\(output)")
            #expect(data(tree, "README.md") == Data("# App\n".utf8))
            #expect(data(tree, "Package.swift") == Data("// swift-tools-version:6.0\n".utf8))
        }
    }

    /// Re-running CI in one checkout: the second run replaces the first run's report of each format.
    @Test func aConfigOutputReplacesItsOwnEarlierReport() throws {
        let formats = [
            "text", "json", "sarif", "junit", "checkstyle", "codeclimate", "markdown", "summary", "xcode", "github",
        ]
        let tree = try checkout(formats: formats.map { "\"\($0)=reports/out.\($0)\"" }.joined(separator: ", "))
        let first = try CLI.run(["scan", ".", "-q", "--fail-on", "never"], in: tree.root)
        #expect(first.status == 0, "\(first.standardError)")
        let second = try CLI.run(["scan", ".", "-q", "--fail-on", "never"], in: tree.root)
        #expect(second.status == 0, "\(second.standardError)")
        try tree.file("reports/out.json", "{\"version\": 1}\n")
        let foreign = try CLI.run(["scan", ".", "-q", "--fail-on", "never"], in: tree.root)
        #expect(foreign.status == 2)
        #expect(foreign.standardError.contains("'reports/out.json' would replace a file that is not an earlier json"))
    }

    /// Issue 29's reproduction in a real repository: the planted file and config committed, then a scan.
    @Test(.enabled(if: ExternalTool.git.shouldRun, Comment(rawValue: ExternalTool.git.missingMessage)))
    func aCommittedConfigCannotRewriteGitConfig() throws {
        let tree = try TemporaryTree()
        func git(_ arguments: [String]) -> (status: Int32, output: String) {
            ExternalCommand.run(
                ["git", "-C", tree.root, "-c", "user.name=lckmigrate", "-c", "user.email=dev@lckmigrate.invalid"]
                    + arguments)
        }
        #expect(git(["init", "-q"]).status == 0)
        try tree.file(planted, finding)
        try tree.file(".lckmigrate.json", #"{"formats": ["xcode=.git/config"]}"#)
        #expect(git(["add", "."]).status == 0)
        #expect(git(["commit", "-q", "-m", "planted"]).status == 0)
        let before = try #require(data(tree, ".git/config"))
        let result = try CLI.run(["scan", ".", "-q"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.contains("is inside .git, a version control folder"))
        #expect(data(tree, ".git/config") == before)
        let status = git(["status", "--porcelain"])
        #expect(status.status == 0)
        #expect(status.output.isEmpty, "\(status.output)")
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/PWNED"))
    }
}
