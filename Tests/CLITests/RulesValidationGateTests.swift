import LCKTestSupport
import Testing

/// Packs and configs from an untrusted tree: a pack `rules validate` rejects is never scanned with nor
/// passed by `rules test`, an empty `--rules` gets a real message, a duplicate config key is an error.
@Suite struct RulesValidationGateTests {
    /// Loads (the loader accepts it) but fails `rules validate`: the mapping has no example.
    private func treeWithInvalidPack() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file(
            "pack/mappings/app.json",
            """
            {"entries": [
              {"id": "my_provider", "symbol": "MyProvider", "replacement": "ConversationManager", "mappingKind": "merge",
               "area": "provider", "severity": "note", "title": "Ours", "note": "n", "match": {"type": "MyProvider"}}
            ]}
            """)
        try tree.file("A.swift", "let p: MyProvider\n")
        return tree
    }

    @Test func scanReportAndRulesTestLoadPacksThroughTheValidator() throws {
        let tree = try treeWithInvalidPack()
        let validate = try CLI.run(["rules", "validate", "pack"], in: tree.root)
        #expect(validate.status == 2)
        let expected = "pack/mappings/app.json:2:3: mapping 'my_provider' has no example"
        for arguments in [["scan", "A.swift", "--rules", "pack"], ["report", "A.swift", "--rules", "pack"]] {
            let result = try CLI.run(arguments, in: tree.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("lckmigrate: error: \(expected)"), "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
        let test = try CLI.run(["rules", "test", "pack"], in: tree.root)
        #expect(test.status == 2)
        #expect(!test.standardOutput.contains("PASS"))
        #expect(test.standardError.hasPrefix("pack/mappings/app.json:2:3: error: mapping 'my_provider' has no example"))
    }

    @Test func emptyRulesPathAndDuplicateConfigKeysAreErrors() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "let a = 1\n")
        let empty = try CLI.run(["scan", "A.swift", "--rules", ""], in: tree.root)
        #expect(empty.status == 2)
        #expect(empty.standardError.hasPrefix("lckmigrate: error: \"\": an empty path is not a rules directory;"))
        try tree.file(".lckmigrate.json", "{\"failOn\": \"never\",\n  \"jobs\": 1, \"failOn\": \"error\"}\n")
        let duplicate = try CLI.run(["scan", "A.swift"], in: tree.root)
        #expect(duplicate.status == 2)
        #expect(
            duplicate.standardError
                == "lckmigrate: error: .lckmigrate.json:2:14: duplicate key \"failOn\" (first at line 1, column 2); "
                + "keep one of them\n")
    }
}
