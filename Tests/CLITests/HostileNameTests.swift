import Foundation
import LCKTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// File names and list contents an attacker controls: identity is the byte path, and no name, message
/// or list line can drive a terminal or forge a line in a human-readable output.
@Suite struct HostileNameTests {
    /// A file named by raw bytes (Foundation's String paths cannot spell invalid UTF-8).
    private func rawFile(_ directory: String, _ name: [UInt8], _ contents: String) throws {
        let path = Array(directory.utf8) + [0x2F] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    private func paths(ofJSON text: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        return findings.compactMap { $0["path"] as? String }
    }

    @Test func namesThatDecodeAlikeAreTwoFilesShownWithEscapes() throws {
        let tree = try TemporaryTree()
        let source = "import CallKit\nlet p = CXProvider(configuration: c)\n"
        try rawFile(tree.root, Array("bad".utf8) + [0xFF, 0xFE] + Array(".swift".utf8), source)
        try rawFile(tree.root, Array("bad".utf8) + [0xFF, 0xFD] + Array(".swift".utf8), source)
        // A literal backslash cannot pose as an escape: it is shown doubled.
        try tree.file("bad\\xFF\\xFE.swift", source)
        let result = try CLI.run(["scan", ".", "--format", "json", "--fail-on", "never"], in: tree.root)
        #expect(result.status == 0)
        #expect(
            try paths(ofJSON: result.standardOutput) == [
                "bad\\\\xFF\\\\xFE.swift", "bad\\xFF\\xFD.swift", "bad\\xFF\\xFE.swift",
            ])
        #expect(result.standardError.contains("scanned 3 files"))
        let list = try CLI.run(["scan", ".", "--list-files"], in: tree.root)
        #expect(list.standardOutput == "bad\\\\xFF\\\\xFE.swift\nbad\\xFF\\xFD.swift\nbad\\xFF\\xFE.swift\n")
    }

    @Test func canonicallyEquivalentNamesKeepTheirOwnSourceLinesAndBaselineEntries() throws {
        let tree = try TemporaryTree()
        try tree.file("caf\u{E9}.swift", "import CallKit\nlet p = CXProvider(configuration: composed)\n")
        try tree.file("cafe\u{301}.swift", "import CallKit\nlet p = CXProvider(configuration: decomposed)\n")
        for format in ["html", "markdown"] {
            let report = try CLI.run(["report", ".", "--format", format, "--quiet"], in: tree.root)
            #expect(report.status == 0)
            if format == "html" {
                #expect(report.standardOutput.contains("configuration: composed)"))
                #expect(report.standardOutput.contains("configuration: decomposed)"))
            }
            let fileRows = report.standardOutput.split(separator: "\n").filter {
                $0.utf8.starts(with: "| caf\u{E9}.swift |".utf8) || $0.utf8.starts(with: "| cafe\u{301}.swift |".utf8)
            }
            if format == "markdown" { #expect(fileRows.count == 2) }
        }
        let written = try CLI.run(["scan", ".", "--write-baseline", "b.json", "--quiet"], in: tree.root)
        #expect(written.status == 0)
        let baseline = try String(contentsOfFile: tree.root + "/b.json", encoding: .utf8)
        #expect(baseline.split(separator: "\n").filter { $0.contains("\"path\"") }.count == 2)
        let rescan = try CLI.run(["scan", ".", "--baseline", "b.json", "--strict-baseline"], in: tree.root)
        #expect(rescan.status == 0)
        #expect(rescan.standardError.contains("baseline: 2 known, 0 fixed"))
    }

    @Test func outOfRangeBaselineCountsAreOneLineErrorsAndLeaveNothingBehind() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "import CallKit\nlet p = CXProvider(configuration: c)\n")
        let entry = "{\"path\": \"A.swift\", \"rule\": \"r\", \"fingerprint\": \"f\", \"count\": \(Int.max)}"
        try tree.file("b.json", "{\"version\": 1, \"entries\": [\n\(entry),\n\(entry)\n]}\n")
        let before = try tree.entries()
        let result = try CLI.run(
            ["scan", ".", "--baseline", "b.json", "--format", "json", "--output", "out.json"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: b.json:2:"))
        #expect(result.standardError.contains("re-create the baseline with --write-baseline"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try tree.entries() == before)
    }

    @Test func filesFromListsAreBoundedAndRefuseNulBytes() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "let a = 1\n")
        try tree.file("B.swift", "import CallKit\nlet p = CXProvider(configuration: c)\n")
        try tree.bytes("nul.txt", Array("A.swift".utf8) + [0] + Array("B.swift\n".utf8))
        let nul = try CLI.run(["scan", "--files-from", "nul.txt"], in: tree.root)
        #expect(nul.status == 2)
        #expect(nul.standardError.hasPrefix("lckmigrate: error: nul.txt:1: a NUL byte inside a path"))
        try tree.file("long.txt", "A.swift\n" + String(repeating: "x", count: 5000) + "\n")
        let long = try CLI.run(["scan", "--files-from", "long.txt"], in: tree.root)
        #expect(long.status == 2)
        #expect(long.standardError.hasPrefix("lckmigrate: error: long.txt:2: a line of 5000 bytes"))
        let endless = try CLI.run(["scan", "--files-from", "/dev/zero"], in: tree.root)
        #expect(endless.status == 2)
        #expect(endless.standardError.contains("/dev/zero: --files-from list is larger than 64 MiB"))
    }
}
