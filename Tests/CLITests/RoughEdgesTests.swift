import Foundation
import LCKTestSupport
import Testing

private let unusedDirective = "// lckmigrate:disable-next-line transient_handle -- nothing below\n\nlet value = 1\n"

/// Issue 16's small CI contracts: partial scans against a baseline, the baseline's confirmation line,
/// `-j=N`, `config --print --format json` and the width of `rules list`.
@Suite struct RoughEdgesTests {
    @Test func aPartialScanCountsOnlyTheScannedFilesOfTheBaseline() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift", unusedDirective)
        try tree.file("App/B.swift", unusedDirective)
        try tree.file("changed.txt", "App/A.swift\n")
        let write = try CLI.run(["scan", "--write-baseline", "b.json", "--quiet", "."], in: tree.root)
        #expect(write.status == 0)
        let partial = try CLI.run(
            ["scan", "--files-from", "changed.txt", "--baseline", "b.json", "--strict-baseline", "--fail-on", "note"],
            in: tree.root)
        #expect(partial.status == 0, "\(partial.standardError)")
        #expect(
            partial.standardError.hasSuffix("1 suppressed; baseline: 1 known, 0 fixed\n"), "\(partial.standardError)")
        // A PATH subset is a partial scan too.
        let subset = try CLI.run(["scan", "App/B.swift", "--baseline", "b.json", "--strict-baseline"], in: tree.root)
        #expect(subset.status == 0, "\(subset.standardError)")
        // A scanned file whose finding is gone still counts as fixed.
        try tree.file("App/A.swift", "let value = 1\n")
        let fixed = try CLI.run(
            ["scan", "--files-from", "changed.txt", "--baseline", "b.json", "--strict-baseline", "--quiet"],
            in: tree.root)
        #expect(fixed.status == 1)
        #expect(fixed.standardError.contains("b.json: 1 baseline entry is fixed"))
    }

    @Test func writeBaselineSaysWhatItWrote() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", unusedDirective)
        try tree.file("B.swift", unusedDirective)
        let write = try CLI.run(["scan", "--write-baseline", "b.json", "."], in: tree.root)
        #expect(write.status == 0)
        #expect(write.standardError.hasPrefix("lckmigrate: wrote 2 entries to b.json\nlckmigrate: scanned 2 files"))
        let quiet = try CLI.run(["scan", "--write-baseline", "b.json", "--quiet", "."], in: tree.root)
        #expect(quiet.standardError.isEmpty)
    }

    @Test func requireReasonAsksNothingOfEnable() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "A.swift",
            "// lckmigrate:disable unused_suppression -- region\nlet value = 1\n// lckmigrate:enable unused_suppression\n"
        )
        let result = try CLI.run(["scan", "--require-reason", "--quiet", "A.swift"], in: tree.root)
        #expect(!result.standardOutput.contains("suppression_without_reason"), "\(result.standardOutput)")
        #expect(result.status == 0)
        try tree.file("B.swift", "// lckmigrate:disable unused_suppression\nlet value = 1\n")
        let missing = try CLI.run(["scan", "--require-reason", "--quiet", "B.swift"], in: tree.root)
        #expect(missing.standardOutput.contains("'lckmigrate:disable' has no reason"))
        #expect(missing.status == 1)
    }

    @Test func shortOptionsTakeAnEqualsSign() throws {
        let tree = try TemporaryTree()
        let result = try CLI.run(["config", "--print", "-j=3"], in: tree.root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\njobs: 3 "))
        let attached = try CLI.run(["config", "--print", "-j3"], in: tree.root)
        #expect(attached.standardOutput == result.standardOutput)
    }

    @Test func configPrintsJSONWithValuesAndOrigins() throws {
        let tree = try TemporaryTree()
        try tree.file(".lckmigrate.json", "{\n  \"failOn\": \"warning\"\n}\n")
        let result = try CLI.run(
            ["config", "--print", "--format", "json", "--jobs", "2", "--severity", "cxprovider=error"], in: tree.root)
        #expect(result.status == 0, "\(result.standardError)")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(root["config"] as? String == ".lckmigrate.json")
        let jobs = try #require(root["jobs"] as? [String: Any])
        #expect(jobs["value"] as? Int == 2 && jobs["origin"] as? String == "command line (--jobs)")
        let failOn = try #require(root["failOn"] as? [String: Any])
        #expect(failOn["value"] as? String == "warning" && failOn["origin"] as? String == ".lckmigrate.json:2:13")
        let formats = try #require(root["formats"] as? [String: Any])
        #expect(formats["value"] as? [String] == ["text"] && formats["origin"] as? String == "default")
        #expect(root["baseline"].flatMap { ($0 as? [String: Any])?["value"] } is NSNull)
        let severity = try #require(root["severity"] as? [String: [String: String]])
        #expect(severity["cxprovider"]?["value"] == "error")
        let bad = try CLI.run(["config", "--print", "--format", "sarif"], in: tree.root)
        #expect(bad.status == 2)
    }

    @Test func rulesListFitsOneHundredColumnsAndKeepsIdsWhole() throws {
        let tree = try TemporaryTree()
        let result = try CLI.run(["rules", "list"], in: tree.root)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let wide = lines.filter { $0.count > 100 }
        #expect(wide.isEmpty, "\(wide)")
        let json = try CLI.run(["rules", "list", "--format", "json"], in: tree.root)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let ids = try #require(root["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.contains { $0.count > 60 }, "the list has ids longer than its ID column")
        for id in ids {
            #expect(lines.contains { $0.hasPrefix(id + " ") || $0 == id[...] }, "\(id)")
        }
        #expect(lines.contains { $0.hasSuffix("…") })
    }
}
