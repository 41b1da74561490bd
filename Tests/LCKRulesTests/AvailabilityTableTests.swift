import Foundation
import LCKCore
import LCKRules
import LCKTestSupport
import Testing

/// `Rules/availability.json`: loaded with the built-in table, checked like any rule file, replaced
/// entry by entry by a later pack, part of the fingerprint, and described by its schema.
@Suite struct AvailabilityTableTests {
    static func layer(_ table: String, root: String = "pack") -> RuleLayer {
        RuleLayer(displayRoot: root, files: [RuleSourceFile(path: "availability.json", contents: table)])
    }

    @Test func theBuiltinTableHasTheFrameworkTheIOS26SymbolsAndThePushKitHandler() throws {
        let table = try RuleLoader.loadBuiltin().availability
        func introduced(_ symbol: String) -> [Int]? { table.entries.first { $0.symbol == symbol }?.introduced }
        #expect(introduced("ConversationManager") == [17, 4])
        #expect(introduced("ConversationManagerDelegate") == [17, 4])
        #expect(introduced("Conversation.Update") == [17, 4])
        #expect(introduced("EndConversationAction") == [17, 4])
        #expect(introduced("TelephonyConversationManager") == [26, 0])
        #expect(introduced("SetTranslatingAction") == [26, 0])
        #expect(introduced("PKVoIPPushMetadata") == [26, 4])
        #expect(table.modules == ["LiveCommunicationKit", "PushKit", "CallKit"])
        for entry in table.entries { #expect(!entry.source.isEmpty, "\(entry.symbol) has no source") }
    }

    @Test func everyProblemIsReportedWithItsPosition() {
        let text = """
            {"entries": [
              {"symbol": "Handle", "kind": "type", "module": "LiveCommunicationKit", "introduced": "17.4"},
              {"symbol": "Bad Name", "kind": "type", "module": "M", "introduced": "17.4", "source": "S1"},
              {"symbol": "X", "kind": "method", "module": "M", "introduced": "seventeen", "source": "S1", "extra": 1},
              {"symbol": "Y", "kind": "type", "module": "M", "introduced": "17.4", "source": "S1"},
              {"symbol": "Y", "kind": "type", "module": "M", "introduced": "18", "source": "S1"}
            ]}
            """
        do {
            _ = try RuleLoader.load(layers: [Self.layer(text)])
            Issue.record("a broken availability table loaded")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(messages.contains { $0.hasPrefix("pack/availability.json:2:3:") && $0.contains("'source'") })
            #expect(messages.contains { $0.hasPrefix("pack/availability.json:3:") && $0.contains("dotted Swift name") })
            #expect(messages.contains { $0.contains("unknown kind 'method'") })
            #expect(messages.contains { $0.contains("'introduced' must be an iOS version") })
            #expect(messages.contains { $0.contains("unknown key 'extra'") })
            #expect(
                messages.contains { $0.hasPrefix("pack/availability.json:6:") && $0.contains("duplicate symbol 'Y'") })
        }
    }

    @Test func aLaterPackReplacesAnEntryAndTheFingerprintFollows() throws {
        let builtin = try RuleLoader.loadBuiltin()
        let pack = """
            {"entries": [
              {"symbol": "Handle", "kind": "type", "module": "LiveCommunicationKit", "introduced": "18.0",
               "source": "app team"},
              {"symbol": "AppOnly", "kind": "member", "module": "AppKitLike", "introduced": "16.0", "source": "app"}
            ]}
            """
        let table = try RuleLoader.load(layers: [BuiltinRules.layer, Self.layer(pack)])
        #expect(table.availability.entries.first { $0.symbol == "Handle" }?.introduced == [18, 0])
        #expect(table.availability.entries.count == builtin.availability.entries.count + 1)
        #expect(table.computedFingerprint != builtin.computedFingerprint)
        let reformatted = pack.replacingOccurrences(of: "\n", with: " ")
        let again = try RuleLoader.load(layers: [BuiltinRules.layer, Self.layer(reformatted)])
        #expect(again.computedFingerprint == table.computedFingerprint)
    }

    @Test(
        .enabled(
            if: ExternalTool.pythonJSONSchema.shouldRun, Comment(rawValue: ExternalTool.pythonJSONSchema.missingMessage)
        )
    )
    func theTableValidatesAgainstItsSchemaAndTheSchemaRejectsWhatTheLoaderRejects() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.validate(json.load(open(sys.argv[2])), schema)
            bad = {"entries": [{"symbol": "X", "kind": "type", "module": "M", "introduced": "17.4.x", "source": "S"}]}
            try:
                jsonschema.validate(bad, schema)
                sys.exit("a bad version passed the schema")
            except jsonschema.ValidationError:
                pass
            """
        let result = ExternalCommand.run([
            "python3", "-c", script, PackageRoot.path + "/Rules/schemas/availability.schema.json",
            PackageRoot.path + "/Rules/availability.json",
        ])
        #expect(result.status == 0, "\(result.output)")
    }
}
