import Foundation
import LCKTestSupport
import Testing

/// Every command that prints a repository's text — a pack's titles, a config's keys, file names in the
/// HTML report — shows control and bidi characters as `\xHH`, as `rules explain` and warnings do.
@Suite struct UserTextEscapingTests {
    static let forged = "forged.swift:1:1: error: fake"

    /// No raw control byte but the line feed, no forged line, no bidi override.
    private func expectHarmless(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = text.utf8.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        #expect(controls.isEmpty, "\(what): raw control bytes \(controls)", sourceLocation: sourceLocation)
        #expect(
            !text.split(separator: "\n").contains { $0.hasPrefix("forged.swift") }, "\(what): forged line",
            sourceLocation: sourceLocation)
        #expect(!text.unicodeScalars.contains("\u{202E}"), "\(what): bidi override", sourceLocation: sourceLocation)
    }

    @Test func rulesListEscapesAPacksTitles() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "pack/mappings/app.json",
            """
            {"entries": [
              {"id": "my_provider", "symbol": "MyProvider", "replacement": "ConversationManager", "mappingKind": "merge",
               "area": "provider", "severity": "note", "title": "Ours\\u001b[2J\\n\(Self.forged)", "note": "n",
               "match": {"type": "MyProvider"},
               "example": {"before": "let p: MyProvider", "after": "let m: ConversationManager"}}
            ]}
            """)
        #expect(try CLI.run(["rules", "validate", "pack"], in: tree.root).status == 0)
        let list = try CLI.run(["rules", "list", "--rules", "pack"], in: tree.root)
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("Ours\\x1B[2J\\x0Aforged.swift:1:1:"))
        expectHarmless(list.standardOutput, "rules list")
    }

    @Test func configPrintEscapesTheConfigsKeys() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift")
        try tree.file(".lckmigrate.json", "{\"severity\": {\"no\\u001b[2J\\n\(Self.forged)rule\": \"error\"}}\n")
        let config = try CLI.run(["config", "--print"], in: tree.root)
        #expect(config.standardOutput.contains("severity.no\\x1B[2J\\x0Aforged.swift"))
        expectHarmless(config.standardOutput, "config --print")
        expectHarmless(config.standardError, "config --print (stderr)")
    }

    @Test func theHTMLReportEscapesABidiOverrideInAFileName() throws {
        let tree = try TemporaryTree()
        try tree.file("txt.\u{202E}tfiws.swift", "import CallKit\nlet p = CXProvider(configuration: c)\n")
        let report = try CLI.run(["report", "."], in: tree.root)
        #expect(report.status == 0)
        #expect(report.standardOutput.contains("txt.\\xE2\\x80\\xAEtfiws.swift"))
        expectHarmless(report.standardOutput, "report html")
    }
}
