import Foundation
import LCKTestSupport
import Testing

/// A scanned repository is untrusted: its config file, its links and its file names must not make a scan
/// write anywhere the user did not point, nor replace anything the scan reads.
@Suite struct HostileOutputTests {
    private let finding = "import CallKit\nlet provider = CXProvider(configuration: c)\n"

    private func text(_ tree: TemporaryTree, _ relative: String) throws -> String {
        try String(contentsOfFile: tree.root + "/" + relative, encoding: .utf8)
    }

    private func isLink(_ tree: TemporaryTree, _ relative: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: tree.root + "/" + relative)) != nil
    }

    /// A home folder next to a checkout whose config aims at it.
    private func checkout(formats: String) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file("home/.bashrc", "SAFE\n")
        try tree.file("home/.profile", "PROFILE\n")
        try tree.file("ck/A.swift", finding)
        try tree.file("ck/x;echo PWNED;#.swift", finding)
        try tree.file("ck/.lckmigrate.json", "{\n  \"formats\": [\"text\", \(formats)]\n}\n")
        return tree
    }

    @Test func aConfigOutputOutsideItsFolderIsRefusedAndNothingIsWritten() throws {
        let tree = try checkout(formats: "\"text=../home/.bashrc\"")
        let before = try tree.entries("ck")
        let result = try CLI.run(["scan", "."], in: tree.root + "/ck")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "lckmigrate: error: .lckmigrate.json:2:23: \"formats\" output '../home/.bashrc' is in "
                + "\(URL(fileURLWithPath: tree.root).resolvingSymlinksInPath().path)/home, outside the config file's "
                + "folder, where a config file may not write: name a file inside the config file's folder, or give "
                + "the file with --output\n")
        #expect(try text(tree, "home/.bashrc") == "SAFE\n")
        #expect(try tree.entries("home") == [".bashrc", ".profile"])
        #expect(try tree.entries("ck") == before)
    }

    /// Every link on the way is followed before the check: a folder link leading out is outside.
    @Test func aConfigOutputThroughAFolderLinkIsRefused() throws {
        let tree = try checkout(formats: "\"json=reports/.profile\"")
        try tree.link("ck/reports", to: "../home")
        let result = try CLI.run(["scan", "."], in: tree.root + "/ck")
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: .lckmigrate.json:2:23: \"formats\" output "))
        #expect(result.standardError.contains("outside the config file's folder"))
        #expect(try text(tree, "home/.profile") == "PROFILE\n")
        #expect(try tree.entries("home") == [".bashrc", ".profile"])
    }

    @Test func aConfigOutputThatIsALinkIsRefusedEvenInsideItsFolder() throws {
        let tree = try checkout(formats: "\"sarif=lckmigrate.sarif\"")
        try tree.link("ck/lckmigrate.sarif", to: "../home/.profile")
        let result = try CLI.run(["scan", "."], in: tree.root + "/ck")
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "lckmigrate: error: .lckmigrate.json:2:23: \"formats\" output 'lckmigrate.sarif' is a symbolic "
                + "link, which a config file's output never goes through: remove it, or name a file inside the config "
                + "file's folder, or give the file with --output\n")
        #expect(try text(tree, "home/.profile") == "PROFILE\n")
        #expect(isLink(tree, "ck/lckmigrate.sarif"))
    }

    @Test func aConfigOutputInsideItsFolderIsWritten() throws {
        let tree = try checkout(formats: "\"json=reports/scan.json\"")
        try tree.directory("ck/reports")
        let result = try CLI.run(["scan", "."], in: tree.root + "/ck")
        #expect(result.status == 0)
        #expect(try text(tree, "ck/reports/scan.json").contains("\"cxprovider_init\""))
    }

    /// The README's GitHub Actions recipe, in a checkout holding a committed link where the SARIF goes:
    /// the link is replaced by the report and its target keeps its bytes.
    @Test func theCIRecipeReplacesACommittedLinkInsteadOfFollowingIt() throws {
        let tree = try TemporaryTree()
        try tree.file("home/.profile", "PROFILE\n")
        try tree.file("ck/A.swift", finding)
        try tree.link("ck/lckmigrate.sarif", to: "../home/.profile")
        let result = try CLI.run(
            ["scan", ".", "--format", "github", "--output", "sarif=lckmigrate.sarif", "--fail-on", "error"],
            in: tree.root + "/ck")
        #expect(result.status == 0)
        #expect(try text(tree, "home/.profile") == "PROFILE\n")
        #expect(!isLink(tree, "ck/lckmigrate.sarif"))
        #expect(try text(tree, "ck/lckmigrate.sarif").contains("\"version\": \"2.1.0\""))
        #expect(try tree.entries("ck") == ["A.swift", "lckmigrate.sarif"])
    }

    /// An output that is an input — by file identity, whatever the spelling — is refused and nothing changes.
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift", finding)
        try tree.file("victim.swift", "let keep = 1\n")
        try tree.file(".lckmigrate.json", "{}\n")
        try tree.file("known.json", "{\"version\": 1, \"entries\": []}\n")
        try FileManager.default.linkItem(atPath: tree.root + "/App/A.swift", toPath: tree.root + "/hardlink.json")
        let scanned = "would replace the scanned file"
        let cases: [([String], String)] = [
            (["report", "App/A.swift", "--output", "App/A.swift"], "App/A.swift: \(scanned) App/A.swift"),
            (["scan", ".", "--write-baseline", "victim.swift"], "victim.swift: \(scanned) victim.swift"),
            (["scan", "App", "--output", "json=./App/../App/A.swift"], "./App/../App/A.swift: \(scanned) App/A.swift"),
            (["scan", "App", "--output", "json=hardlink.json"], "hardlink.json: \(scanned) App/A.swift"),
            (["scan", "App", "--list-files", "--output", "App/A.swift"], "App/A.swift: \(scanned) App/A.swift"),
            (["scan", ".", "--output", "json=.lckmigrate.json"], ".lckmigrate.json: would replace the config file"),
            (["scan", ".", "--write-baseline", ".lckmigrate.json"], ".lckmigrate.json: would replace the config file"),
            (
                ["scan", "App", "--baseline", "known.json", "--output", "known.json"],
                "known.json: would replace the baseline"
            ),
        ]
        let before = try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted()
        for (arguments, expected) in cases {
            let result = try CLI.run(arguments, in: tree.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("lckmigrate: error: " + expected), "\(arguments)")
            #expect(result.standardError.hasSuffix("an output never overwrites an input: choose another file name\n"))
            #expect(try FileManager.default.subpathsOfDirectory(atPath: tree.root).sorted() == before)
        }
        #expect(try text(tree, "App/A.swift") == finding)
        #expect(try text(tree, "victim.swift") == "let keep = 1\n")
        #expect(try text(tree, ".lckmigrate.json") == "{}\n")
        // Rewriting the baseline in place is what --write-baseline is for.
        let rewrite = try CLI.run(
            ["scan", "App", "--baseline", "known.json", "--write-baseline", "known.json"], in: tree.root)
        #expect(rewrite.status == 0)
        #expect(try text(tree, "known.json").contains("\"cxprovider_init\""))
    }

    /// The temporary file's name must fit whenever the output's does (255 bytes).
    @Test func anOutputNameOfTheLongestLengthIsWritten() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", finding)
        let name = String(repeating: "r", count: 250) + ".json"
        let result = try CLI.run(["scan", "A.swift", "--output", "json=" + name, "--quiet"], in: tree.root)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(try tree.entries() == ["A.swift", name])
    }
}
