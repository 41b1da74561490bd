import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Issue 29 item 13: the files a config names for reading (`baseline`, `rules`) stay inside the folder the
/// scan runs in, and an error about a baseline does not quote what the file holds.
@Suite struct ConfigReadConfinementTests {
    private func load(_ json: String, in tree: TemporaryTree) throws(FileProblemError) -> Configuration {
        _ = try? tree.file(".lckmigrate.json", json)
        return try ConfigurationLoader.load(
            path: ".lckmigrate.json", currentDirectory: tree.root,
            over: Configuration(patternRoot: tree.root, jobs: 1)
        ).configuration
    }

    private func message(_ json: String, in tree: TemporaryTree) -> String? {
        do {
            _ = try load(json, in: tree)
            return nil
        } catch {
            return error.problem.message
        }
    }

    @Test func pathsOutsideTheFolderAreRefused() throws {
        let outside = try TemporaryTree()
        let secret = try outside.file("token.json", #"{"token": "s3cret"}"#)
        try outside.directory("pack")
        let tree = try TemporaryTree()
        try tree.link("linked.json", to: secret)
        try tree.link("linkedpack", to: outside.root + "/pack")
        for json in [
            #"{"baseline": "\#(secret)"}"#, #"{"baseline": "../token.json"}"#, #"{"baseline": "linked.json"}"#,
            #"{"rules": ["\#(outside.root)/pack"]}"#, #"{"rules": ["linkedpack"]}"#, #"{"rules": [".."]}"#,
        ] {
            let text = try #require(message(json, in: tree), "\(json) was accepted")
            #expect(text.contains("outside the folder the scan runs in"), "\(json): \(text)")
            #expect(!text.contains("s3cret"))
        }
    }

    @Test func pathsInsideTheFolderAreKept() throws {
        let tree = try TemporaryTree()
        try tree.file("ci/baseline.json", #"{"version": 2, "entries": []}"#)
        try tree.directory("Rules")
        let configuration = try load(#"{"baseline": "ci/baseline.json", "rules": ["Rules"]}"#, in: tree)
        #expect(configuration.baseline.value == "ci/baseline.json")
        #expect(configuration.ruleDirectories.value == ["Rules"])
        #expect(message(#"{"rules": ["."]}"#, in: tree) == nil)
        // Not there yet is fine: the baseline is looked for when the scan reads it.
        #expect(message(#"{"baseline": "later/missing.json"}"#, in: tree) == nil)
    }

    @Test func aBaselineErrorDoesNotQuoteTheFile() throws {
        do {
            _ = try Baseline.parse(Array(#"{"version": "s3cret", "entries": []}"#.utf8), path: "b.json")
            Issue.record("a string version was accepted")
        } catch {
            #expect(error.problem.message.hasPrefix("expected version 1 or 2, found a string"))
            #expect(!error.problem.message.contains("s3cret"))
        }
    }
}
