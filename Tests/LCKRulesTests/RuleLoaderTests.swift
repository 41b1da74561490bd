import Foundation
import LCKCore
import LCKRules
import Testing

@Suite struct RuleLoaderTests {
    /// A valid one-line mapping entry; it starts at column 3 when placed after two spaces.
    static func entry(
        id: String, symbol: String, severity: String = "warning", match: String = #"{"type": "CallService"}"#
    ) -> String {
        #"{"id": "\#(id)", "symbol": "\#(symbol)", "replacement": "ConversationManager", "mappingKind": "rename", "area": "provider", "severity": "\#(severity)", "title": "t", "note": "n", "match": \#(match)}"#
    }

    static func mappingFile(_ entries: [String]) -> String {
        "{\"entries\": [\n" + entries.map { "  " + $0 }.joined(separator: ",\n") + "\n]}\n"
    }

    static func diagnostics(_ layers: [RuleLayer]) -> [String] {
        do {
            _ = try RuleLoader.load(layers: layers)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func reportsEveryProblemWithItsPosition() {
        let broken = """
            {"entries": [
              {
                "id": "bad_rule",
                "symbol": "CallService.ring()",
                "replacement": "ring",
                "mappingKind": "rename",
                "area": "incoming",
                "severity": "loud",
                "title": "Ring",
                "colour": "red",
                "match": {"member": "ring"}
              }
            ]}
            """
        let syntax = "{\"id\": \"x\",\n  \"kind\" \"analyzer\"}\n"
        let layer = RuleLayer(
            displayRoot: "custom",
            files: [
                RuleSourceFile(path: "mappings/app.json", contents: broken),
                RuleSourceFile(path: "analyzers/x.json", contents: syntax),
            ])
        let keys =
            "'id', 'symbol', 'replacement', 'mappingKind', 'area', 'severity', 'title', 'note', 'availability', 'effort', 'docs', 'tags', 'example', 'match'"
        #expect(
            Self.diagnostics([layer]) == [
                "custom/analyzers/x.json:2:10: error: expected ':' after an object key, found '\"'",
                "custom/mappings/app.json:2:3: error: mapping entry is missing required key 'note'",
                "custom/mappings/app.json:3:11: error: rule id 'bad_rule' must not end in '_rule'",
                "custom/mappings/app.json:8:17: error: unknown severity 'loud' (expected one of 'note', 'warning', 'error')",
                "custom/mappings/app.json:10:5: error: unknown key 'colour' in mapping entry (expected one of \(keys))",
                "custom/mappings/app.json:11:14: error: match is missing required key 'receiverTypes'",
            ])
    }

    @Test func wrongTypesAndBadMatches() {
        let file = Self.mappingFile([
            Self.entry(id: "one", symbol: "A", match: #"{"type": 3}"#),
            Self.entry(id: "two", symbol: "B", match: #"{"member": "ring", "type": "X", "receiverTypes": ["A"]}"#),
            Self.entry(id: "three", symbol: "C", match: #"{"delegateMethod": "ring", "receiverTypes": ["A"]}"#),
        ])
        let layer = RuleLayer(displayRoot: "custom", files: [RuleSourceFile(path: "mappings/app.json", contents: file)])
        // Each entry line is `  {"id": …` and its match object starts at column 205 + the id/symbol lengths.
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func column(of needle: String, line: Int) -> Int {
            let text = lines[line - 1]
            return text.distance(from: text.startIndex, to: text.range(of: needle)!.lowerBound) + 1
        }
        #expect(
            Self.diagnostics([layer]) == [
                "custom/mappings/app.json:2:\(column(of: "3}", line: 2)): error: expected 'type' to be a string, found a number",
                "custom/mappings/app.json:3:\(column(of: #"{"member""#, line: 3)): error: a match needs exactly one of 'type', 'initializer', 'member', 'delegateMethod', 'enumCase', found 2",
                "custom/mappings/app.json:4:\(column(of: #""ring", "rec"#, line: 4)): error: 'delegateMethod' must be a selector such as 'provider(_:perform:)', found 'ring'",
                "custom/mappings/app.json:4:\(column(of: #""receiverTypes""#, line: 4)): error: unknown key 'receiverTypes' in match (expected one of 'delegateMethod', 'parameterTypes', 'protocol', 'isAsync')",
            ])
    }

    @Test func duplicateIDsAndSymbolsInTheActiveTable() throws {
        let file = Self.mappingFile([
            Self.entry(id: "ring", symbol: "CallService.ring()"),
            Self.entry(id: "ring", symbol: "CallService.ring2()"),
            Self.entry(id: "ring_again", symbol: "CXProvider"),
        ])
        let custom = RuleLayer(
            displayRoot: "custom", files: [RuleSourceFile(path: "mappings/app.json", contents: file)])
        let builtin = try #require(BuiltinTableTests.table.mapping(id: "cxprovider")).location
        #expect(
            Self.diagnostics([BuiltinRules.layer, custom]) == [
                "custom/mappings/app.json:3:3: error: duplicate id 'ring' (first defined at custom/mappings/app.json:2:3)",
                "custom/mappings/app.json:4:3: error: 'ring_again' claims symbol 'CXProvider', already mapped by 'cxprovider' at \(builtin)",
                "custom/mappings/app.json:4:3: error: 'ring_again' has the same match as 'ring' at custom/mappings/app.json:2:3; detection could not tell them apart",
            ])
    }

    @Test func analyzerFileNameMustMatchID() {
        let text =
            #"{"id": "other", "kind": "analyzer", "title": "t", "severity": "note", "summary": "s", "rationale": "r", "lck": "l", "sources": [], "examples": {"triggering": ["↓x"], "nonTriggering": ["y", "z↓"]}}"#
        let layer = RuleLayer(displayRoot: "pack", files: [RuleSourceFile(path: "analyzers/mine.json", contents: text)])
        #expect(
            Self.diagnostics([layer]) == [
                "pack/analyzers/mine.json:1:8: error: analyzer id 'other' does not match its file name 'mine.json'",
                // Byte column: the earlier "↓" takes 3 UTF-8 bytes, so `"z↓"` starts at byte 192 (character 190).
                "pack/analyzers/mine.json:1:192: error: non-triggering example must not contain a '↓' marker",
            ])
    }

    @Test func laterLayerOverridesByID() throws {
        let file = Self.mappingFile([
            Self.entry(id: "cxprovider", symbol: "CXProvider", severity: "error", match: #"{"type": "CXProvider"}"#),
            Self.entry(
                id: "call_service_ring", symbol: "CallService.ring()",
                match: #"{"member": "ring", "labels": [], "receiverTypes": ["CallService"], "unknownReceiver": "skip"}"#
            ),
        ])
        let custom = RuleLayer(
            displayRoot: "team-rules", files: [RuleSourceFile(path: "mappings/app.json", contents: file)])
        let table = try RuleLoader.load(layers: [BuiltinRules.layer, custom])
        #expect(table.mappings.count == BuiltinTableTests.table.mappings.count + 1)
        #expect(table.mapping(id: "cxprovider")?.severity == .error)
        #expect(table.overrides.count == 1)
        let override = try #require(table.overrides.first)
        #expect(override.id == "cxprovider")
        #expect(override.replaced.file == "Rules/mappings/provider.json")
        #expect(override.replacement.description == "team-rules/mappings/app.json:2:3")
        #expect(table.fingerprint != BuiltinTableTests.table.fingerprint)
        let ring = try #require(table.mapping(id: "call_service_ring"))
        #expect(
            ring.matches == [
                .member(.init(name: "ring", labels: [], receiverTypes: ["CallService"], unknownReceiver: .skip))
            ])
    }

    @Test func fingerprintIgnoresFormattingButNotContent() throws {
        let compact = Self.mappingFile([Self.entry(id: "ring", symbol: "CallService.ring()")])
        let spaced = """
            {
              "entries": [
                {
                  "match": { "type": "CallService" },
                  "note": "n", "title": "t", "severity": "warning", "area": "provider", "mappingKind": "rename",
                  "replacement": "ConversationManager", "symbol": "CallService.ring()", "id": "ring"
                }
              ]
            }
            """
        let changed = Self.mappingFile([Self.entry(id: "ring", symbol: "CallService.ring()", severity: "note")])
        func fingerprint(_ text: String) throws -> String {
            try RuleLoader.load(layers: [
                RuleLayer(displayRoot: "p", files: [RuleSourceFile(path: "mappings/a.json", contents: text)])
            ]).fingerprint
        }
        #expect(try fingerprint(compact) == fingerprint(spaced))
        #expect(try fingerprint(compact) != fingerprint(changed))
        #expect(try RuleLoader.loadBuiltin().fingerprint == BuiltinTableTests.table.fingerprint)
    }

    @Test func loadsDirectoriesFromDisk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lckrules-\(UUID().uuidString)")
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let text = Self.mappingFile([Self.entry(id: "call_service", symbol: "CallService")])
        try text.write(to: mappings.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        let table = try RuleLoader.load(directories: [root.path])
        #expect(table.mapping(id: "call_service")?.location.description == root.path + "/mappings/app.json:2:3")
        #expect(table.analyzers.count == BuiltinTableTests.table.analyzers.count)

        let empty = root.appendingPathComponent("nothing-here")
        #expect(throws: RuleLoadError.self) { try RuleLoader.load(directories: [empty.path]) }
        do {
            _ = try RuleLoader.load(directories: [empty.path])
        } catch {
            #expect(
                error.description == empty.path
                    + ": error: not a rules directory: it has neither a 'mappings' nor an 'analyzers' folder")
        }
    }
}
