import Foundation
import LCKTestSupport
import Testing

/// Outputs are judged where they land, after `..`, links and missing folders are resolved as the kernel
/// will: none may replace an input of the run (scanned file, baseline, `--files-from` list, rule pack,
/// `--compare` report) or another output, and a refused one leaves no folder behind.
@Suite struct OutputCollisionTests {
    private let finding = "import CallKit\nlet provider = CXProvider(configuration: c)\n"
    private let baseline = "{\"version\": 1, \"entries\": []}\n"

    private func tree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file("a.swift", finding)
        try tree.file("bl.json", baseline)
        try tree.file("list", "a.swift\n")
        try tree.file("old.json", "{\"version\": \"0\", \"findings\": []}\n")
        try FileManager.default.copyItem(
            atPath: PackageRoot.path + "/Samples/Wrappers/rules", toPath: tree.root + "/p")
        return tree
    }

    private func snapshot(_ tree: TemporaryTree) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: tree.root) {
            files[path] = FileManager.default.contents(atPath: tree.root + "/" + path) ?? Data()
        }
        return files
    }

    /// Each case exits 2 naming the output, changes no byte and creates no folder.
    private func expectRefused(
        _ arguments: [String], _ message: String, config: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let tree = try tree()
        if let config { try tree.file(".lckmigrate.json", config) }
        let before = try snapshot(tree)
        let result = try CLI.run(arguments, in: tree.root)
        #expect(result.status == 2, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
        #expect(try snapshot(tree) == before, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test func anOutputThroughAMissingFolderOntoAnInputIsRefused() throws {
        let scanned = "would replace the scanned file a.swift"
        try expectRefused(["scan", ".", "--output", "json=./sub/../a.swift"], "./sub/../a.swift: \(scanned)")
        try expectRefused(["scan", ".", "--write-baseline", "nx/../a.swift"], "nx/../a.swift: \(scanned)")
        try expectRefused(
            ["scan", "a.swift", "--baseline", "bl.json", "--output", "json=nx/../bl.json"], "would replace the baseline"
        )
        try expectRefused(
            ["scan", "--files-from", "list", "--output", "json=nx/../list"], "would replace the --files-from list")
        let absolute = try TemporaryTree()
        try absolute.file("a.swift", finding)
        let result = try CLI.run(["scan", ".", "--output", "json=\(absolute.root)/nx/../a.swift"], in: absolute.root)
        #expect(result.status == 2)
        #expect(try absolute.entries() == ["a.swift"])
        #expect(try String(contentsOfFile: absolute.root + "/a.swift", encoding: .utf8) == finding)
    }

    @Test func twoOutputsOnOneFileAreRefused() throws {
        try expectRefused(
            ["scan", "a.swift", "--output", "json=y", "--output", "sarif=./sub/../y"],
            "./sub/../y: is also the file of --output json=y")
        try expectRefused(
            ["scan", "a.swift", "--output", "json=z", "--write-baseline", "z"], "z: is also the file of --output json=z"
        )
        try expectRefused(
            ["scan", ".", "--write-baseline", "wb.json"],
            "\"formats\" output 'wb.json' is also the file of --write-baseline",
            config: #"{"formats": ["json=wb.json"]}"#)
    }

    @Test func aRulePackAndTheCompareReportAreInputs() throws {
        try expectRefused(
            ["scan", "a.swift", "--rules", "p", "--output", "json=p/mappings/m.json"],
            "would write inside the rule pack")
        try expectRefused(
            ["scan", "a.swift", "--output", "json=p/mappings/../mappings/callservice.json", "--rules", "p"],
            "would write inside the rule pack p")
        try expectRefused(
            ["scan", "a.swift"], "would write inside the rule pack",
            config: #"{"rules": ["p"], "formats": ["json=p/mappings/m.json"]}"#)
        try expectRefused(
            ["report", "a.swift", "--compare", "old.json", "--output", "old.json"],
            "old.json: would replace the --compare report old.json")
    }

    @Test func aRefusedOutputCreatesNoFolder() throws {
        try expectRefused(
            ["report", "a.swift", "--output", "nx6/../a.swift"], "would replace the scanned file a.swift")
        try expectRefused(["scan", "a.swift", "--output", "json=nx7/../a.swift"], "would replace the scanned file")
    }

    /// Still written: a report through a missing folder that lands on a new file, and a baseline rewritten in place.
    @Test func anOutputThroughAMissingFolderOntoANewFileIsWritten() throws {
        let tree = try tree()
        let result = try CLI.run(
            [
                "scan", "a.swift", "--baseline", "bl.json", "--write-baseline", "./nx/../bl.json", "--output",
                "json=nx8/../fresh.json", "-q",
            ],
            in: tree.root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try String(contentsOfFile: tree.root + "/fresh.json", encoding: .utf8).contains("\"cxprovider_init\""))
        #expect(try String(contentsOfFile: tree.root + "/bl.json", encoding: .utf8).contains("\"cxprovider_init\""))
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/nx"))
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/nx8"))
    }

    /// A device is written in place, never replaced: a report and the baseline may both go to `/dev/null`.
    @Test func outputsMayShareADevice() throws {
        let tree = try tree()
        let result = try CLI.run(
            ["scan", "a.swift", "--output", "json=/dev/null", "--write-baseline", "/dev/null", "-q"], in: tree.root)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
