import LCKCore
import LCKRules
import Testing

@Suite struct RuleValidatorTests {
    private func validate(_ files: [RuleSourceFile]) -> [String] {
        RuleValidator.validate(layers: [RuleLayer(displayRoot: "pack", files: files)]).map(\.description)
    }

    @Test func schemaErrorsAndMissingExamplesAreReportedTogetherWithPositions() {
        // Line 3 is ` "severity": "warning", "title": "Wrapper is renamed", "note": "Rename it.", "colour": 1, …`:
        // 24 + 31 + 22 bytes precede `"colour"`, so it starts at column 78.
        let first = Packs.mapping(id: "Wrapper", symbol: "Wrapper", match: #"{"type": "Wrapper"}"#)
        let text = Packs.mappingFile(
            first.replacingOccurrences(of: "\"Rename it.\",", with: "\"Rename it.\", \"colour\": 1,"))
        let problems = validate([RuleSourceFile(path: "mappings/app.json", contents: text)])
        // Line 2 is `{"id": "Wrapper", …`: the id value starts at column 8.
        #expect(
            problems == [
                "pack/mappings/app.json:2:8: error: rule id 'Wrapper' must start with a lowercase letter",
                "pack/mappings/app.json:3:78: error: unknown key 'colour' in mapping entry (expected one of 'id', 'symbol', 'replacement', 'mappingKind', 'area', 'severity', 'title', 'note', 'availability', 'effort', 'docs', 'tags', 'example', 'match')",
                "pack/mappings/app.json:2:1: error: mapping 'Wrapper' has no example; add \"example\": {\"before\": …, \"after\": …}",
            ])
    }

    @Test func exampleThatDoesNotLexIsReportedInsideTheJSONString() {
        // The example text is `let a = 1\nlet s = "open`; the string starts on decoded offset 18, which
        // is raw column 43 of line 1 because the `\n` escape takes two bytes (so the `"` escape starts at 42).
        let entry =
            #"{"id": "a", "symbol": "A", "replacement": "B", "mappingKind": "rename", "area": "provider", "#
            + #""severity": "warning", "title": "t", "note": "n", "match": {"type": "A"},"# + "\n"
            + #" "example": {"before": "let a = 1\nlet s = \"open", "after": "let b: B"}}"#
        let problems = validate([RuleSourceFile(path: "mappings/app.json", contents: "{\"entries\": [\(entry)]}")])
        #expect(problems.count == 1)
        let prefix = #" "example": {"before": "let a = 1\nlet s = \""#
        #expect(
            problems.first
                == "pack/mappings/app.json:2:\(prefix.utf8.count + 1): error: example.before does not lex cleanly: unterminated string literal"
        )
    }

    @Test func duplicateIdsAndClaimedSymbolsComeFromTheLoader() {
        let a = Packs.mapping(
            id: "wrap_a", symbol: "A", match: #"{"type": "A"}"#, example: #"{"before": "A", "after": "B"}"#)
        let b = Packs.mapping(
            id: "wrap_a", symbol: "Other", match: #"{"type": "O"}"#, example: #"{"before": "O", "after": "B"}"#)
        let c = Packs.mapping(
            id: "wrap_c", symbol: "A", match: #"{"type": "C"}"#, example: #"{"before": "C", "after": "B"}"#)
        let problems = validate([RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(a, b, c))])
        #expect(
            problems == [
                "pack/mappings/app.json:4:1: error: duplicate id 'wrap_a' (first defined at pack/mappings/app.json:2:1)",
                "pack/mappings/app.json:6:1: error: 'wrap_c' claims symbol 'A', already mapped by 'wrap_a' at pack/mappings/app.json:2:1",
            ])
    }

    @Test func renameCyclesAreFoundButSelfReferencesAreNot() {
        let a = Packs.mapping(
            id: "wrap_a", symbol: "A", match: #"{"type": "A"}"#, example: #"{"before": "A", "after": "B"}"#
        )
        .replacingOccurrences(of: "\"Replacement\"", with: "\"B\"")
        let b = Packs.mapping(
            id: "wrap_b", symbol: "B", match: #"{"type": "B"}"#, example: #"{"before": "B", "after": "A"}"#
        )
        .replacingOccurrences(of: "\"Replacement\"", with: "\"A\"")
        let same = Packs.mapping(
            id: "wrap_same", symbol: "S", match: #"{"type": "S"}"#, example: #"{"before": "S", "after": "S"}"#
        )
        .replacingOccurrences(of: "\"Replacement\"", with: "\"S\"")
        let problems = validate([RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(a, b, same))])
        #expect(
            problems == [
                "pack/mappings/app.json:2:1: error: rename cycle: 'wrap_a' → 'wrap_b' → 'wrap_a' (each replacement is the symbol of the next entry)"
            ])
    }

    @Test func analyzerNeedsBothKindsOfExample() {
        let text = """
            {"id": "lonely", "kind": "analyzer", "title": "t", "severity": "warning", "summary": "s", "rationale": "r",
             "lck": "l", "sources": [], "examples": {"triggering": ["↓f()"], "nonTriggering": []}}
            """
        // Columns count UTF-8 bytes: `↓` is three, so the empty array after "nonTriggering" is at 85.
        let problems = validate([RuleSourceFile(path: "analyzers/lonely.json", contents: text)])
        #expect(problems == ["pack/analyzers/lonely.json:2:85: error: 'nonTriggering' needs at least one example"])
    }

    @Test func theBuiltinTableIsValid() {
        #expect(RuleValidator.validate(directories: []).isEmpty)
    }
}
