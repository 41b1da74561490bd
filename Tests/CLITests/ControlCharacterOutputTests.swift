import Foundation
import LCKTestSupport
import Testing

/// A file name with ESC, BEL, CR and LF — the LF followed by a forged diagnostic — scanned in every
/// format: human-readable outputs show the controls as `\xHH` and never start a forged line; machine
/// formats keep their own escaping and still name the file exactly.
@Suite struct ControlCharacterOutputTests {
    static let forged = "forged.swift:2:9: warning: planted"
    static let name = "e\u{1B}[31m\u{07}x\rz\n\(forged).swift"

    /// No control byte but the line feed, and no line that starts with the forged diagnostic.
    private func expectHarmless(_ text: String, _ what: String) {
        let controls = text.utf8.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        #expect(controls.isEmpty, "\(what): raw control bytes \(controls)")
        let forgedLines = text.split(separator: "\n").filter { $0.contains("forged.swift") && $0.hasPrefix("forged") }
        #expect(forgedLines.isEmpty, "\(what): forged line")
    }

    private func hostileTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file(Self.name, "import CallKit\nlet p = CXProvider(configuration: c)\n")
        return tree
    }

    @Test func humanReadableFormatsEscapeControlsAndMachineFormatsKeepTheName() throws {
        let tree = try hostileTree()
        for format in ["text", "summary", "markdown", "github", "checkstyle", "junit"] {
            let result = try CLI.run(["scan", ".", "--format", format, "--fail-on", "never"], in: tree.root)
            #expect(result.status == 0)
            expectHarmless(result.standardError, format + " (stderr)")
            if format == "checkstyle" || format == "junit" {
                // XML: a line feed in element content is the name's own; no other raw control byte.
                #expect(!result.standardOutput.utf8.contains { $0 < 0x20 && $0 != 0x0A }, "\(format)")
                #expect(result.standardOutput.contains("e\\x1B[31m\\x07x"), "\(format)")
            } else {
                expectHarmless(result.standardOutput, format)
            }
        }
        // Every use on its own line: the escaped name starts the line, so it cannot forge one.
        let text = try CLI.run(["scan", ".", "--fail-on", "never", "--verbose"], in: tree.root)
        #expect(text.standardOutput.contains("\ne\\x1B[31m\\x07x\\x0Dz\\x0A\(Self.forged).swift:2:9: note: "))
        for format in ["json", "sarif"] {
            let result = try CLI.run(["scan", ".", "--format", format, "--fail-on", "never"], in: tree.root)
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            if format == "json", let findings = (object as? [String: Any])?["findings"] as? [[String: Any]] {
                #expect(findings.first?["path"] as? String == Self.name)
            }
        }
        let report = try CLI.run(["report", ".", "--format", "markdown"], in: tree.root)
        expectHarmless(report.standardOutput, "report markdown")
        expectHarmless(report.standardError, "report (stderr)")
        let list = try CLI.run(["scan", ".", "--list-files"], in: tree.root)
        #expect(list.standardOutput == "e\\x1B[31m\\x07x\\x0Dz\\x0A\(Self.forged).swift\n")
        let tokens = try CLI.run(["tokens", Self.name], in: tree.root)
        #expect(tokens.status == 0)
        expectHarmless(tokens.standardOutput.replacingOccurrences(of: "\t", with: " "), "tokens")
    }

    @Test func stderrDiagnosticsConfigWarningsAndRulePacksAreEscaped() throws {
        let tree = try TemporaryTree()
        try tree.directory("src")
        try tree.link("src/" + Self.name, to: "missing-target")
        try tree.file("src/A.swift", "let a = 1\n")
        try tree.file(".lckmigrate.json", "{\"x\\u001b[2J\\n\(Self.forged)\": 1}\n")
        let scan = try CLI.run(["scan", "."], in: tree.root)
        #expect(scan.status == 2)
        #expect(scan.standardError.contains("broken symbolic link"))
        #expect(scan.standardError.contains("unknown key"))
        expectHarmless(scan.standardError, "scan stderr")
        let config = try CLI.run(["config", "--print"], in: tree.root)
        expectHarmless(config.standardError, "config stderr")
        let missing = try CLI.run(["scan", "nope\u{1B}]0;title\u{07}\n\(Self.forged)"], in: tree.root)
        #expect(missing.status == 2)
        expectHarmless(missing.standardError, "missing path")

        try tree.file(
            "pack/mappings/app.json",
            """
            {"entries": [
              {"id": "my_provider", "symbol": "MyProvider", "replacement": "ConversationManager", "mappingKind": "merge",
               "area": "provider", "severity": "note", "title": "Ours\\u001b[2J\\r\\n\(Self.forged)", "note": "n",
               "match": {"type": "MyProvider"},
               "example": {"before": "let p: MyProvider", "after": "let m: ConversationManager"}}
            ]}
            """)
        let explain = try CLI.run(["rules", "explain", "my_provider", "--rules", "pack"], in: tree.root)
        #expect(explain.status == 0)
        #expect(explain.standardOutput.contains("Ours\\x1B[2J\\x0D\\x0A"))
        expectHarmless(explain.standardOutput, "rules explain")
    }
}
