import Foundation
import LCKCore
import LCKRules
import LCKTestSupport
import Testing

/// `Rules/bridges.json`: the calls and types that hand work to another runtime, loaded with the built-in
/// table, checked like any rule file, replaced runtime by runtime by a later pack, part of the fingerprint.
@Suite struct BridgeTableTests {
    static func layer(_ table: String, root: String = "pack") -> RuleLayer {
        RuleLayer(displayRoot: root, files: [RuleSourceFile(path: "bridges.json", contents: table)])
    }

    @Test func theBuiltinTableKnowsFlutterReactNativeCapacitorAndCordova() throws {
        let bridges = try RuleLoader.loadBuiltin().bridges
        #expect(bridges.bridge(calling: "invokeMethod", labels: ["_", "arguments"])?.runtime == "Flutter")
        #expect(bridges.bridge(ofType: "FlutterEventSink")?.runtime == "Flutter")
        #expect(bridges.bridge(calling: "sendEvent", labels: ["withName", "body"])?.runtime == "React Native")
        #expect(bridges.bridge(calling: "notifyListeners", labels: ["_", "data"])?.runtime == "Capacitor")
        #expect(bridges.bridge(ofType: "CAPPluginCall")?.runtime == "Capacitor")
        #expect(bridges.bridge(calling: "send", labels: ["_", "callbackId"])?.runtime == "Cordova")
        for entry in bridges.entries {
            #expect(!entry.source.isEmpty && !entry.otherSide.isEmpty, "\(entry.runtime) lacks a source or otherSide")
        }
    }

    @Test func labelsInACallSpecMustLeadTheArguments() throws {
        let bridges = try RuleLoader.loadBuiltin().bridges
        // An analytics `sendEvent("x")` or a socket's `send(data)` is not a bridge.
        #expect(bridges.bridge(calling: "sendEvent", labels: ["_"]) == nil)
        #expect(bridges.bridge(calling: "send", labels: ["_"]) == nil)
        #expect(bridges.bridge(calling: "send", labels: ["_", "to"]) == nil)
        #expect(RuntimeBridge.CallSpec("send(_:callbackId:)")?.labels == ["_", "callbackId"])
        #expect(RuntimeBridge.CallSpec("invokeMethod")?.labels == [])
        for bad in ["", "send(", "send(_)", "2send", "send(a b:)", "a.b"] {
            #expect(RuntimeBridge.CallSpec(bad) == nil, "\(bad) was accepted")
        }
    }

    @Test func everyProblemIsReportedWithItsPosition() {
        let text = """
            {"bridges": [
              {"runtime": "A", "calls": ["go"], "types": [], "otherSide": "there"},
              {"runtime": "B", "calls": ["send(x"], "types": ["Bad Type"], "otherSide": "x", "source": "s"},
              {"runtime": "C", "calls": [], "types": [], "otherSide": "x", "source": "s", "extra": 1},
              {"runtime": "D", "calls": ["go"], "types": [], "otherSide": "x", "source": "s"},
              {"runtime": "D", "calls": ["go"], "types": [], "otherSide": "x", "source": "s"}
            ]}
            """
        do {
            _ = try RuleLoader.load(layers: [Self.layer(text)])
            Issue.record("a broken bridge table loaded")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(messages.contains { $0.hasPrefix("pack/bridges.json:2:3:") && $0.contains("'source'") })
            #expect(messages.contains { $0.hasPrefix("pack/bridges.json:3:") && $0.contains("'send(x'") })
            #expect(messages.contains { $0.hasPrefix("pack/bridges.json:3:") && $0.contains("'Bad Type'") })
            #expect(messages.contains { $0.hasPrefix("pack/bridges.json:4:") && $0.contains("at least one entry") })
            #expect(messages.contains { $0.contains("unknown key 'extra'") })
            #expect(messages.contains { $0.hasPrefix("pack/bridges.json:6:") && $0.contains("duplicate runtime 'D'") })
        }
    }

    @Test func aLaterPackAddsASDKOrReplacesARuntimeAndTheFingerprintFollows() throws {
        let builtin = try RuleLoader.loadBuiltin()
        let pack = """
            {"bridges": [
              {"runtime": "Flutter", "calls": ["invokeMethod"], "types": [], "otherSide": "the Dart side",
               "source": "team"},
              {"runtime": "NativeScript", "calls": ["notify(eventName:)"], "types": [], "otherSide": "the JS side",
               "source": "team"}
            ]}
            """
        let table = try RuleLoader.load(layers: [BuiltinRules.layer, Self.layer(pack)])
        #expect(table.bridges.entries.count == builtin.bridges.entries.count + 1)
        #expect(table.bridges.bridge(ofType: "FlutterEventSink") == nil)
        #expect(table.bridges.bridge(calling: "notify", labels: ["eventName"])?.runtime == "NativeScript")
        #expect(table.computedFingerprint != builtin.computedFingerprint)
        let again = try RuleLoader.load(layers: [
            BuiltinRules.layer, Self.layer(pack.replacingOccurrences(of: "\n", with: " ")),
        ])
        #expect(again.computedFingerprint == table.computedFingerprint)
    }

    @Test func aRulesDirectoryWithOnlyABridgeTableLoads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridges-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let table =
            #"{"bridges": [{"runtime": "Unity", "calls": ["UnitySendMessage"], "types": [], "otherSide": "C#", "source": "s"}]}"#
        try table.write(to: directory.appendingPathComponent("bridges.json"), atomically: true, encoding: .utf8)
        let layer = try RuleLoader.readDirectory(directory.path)
        #expect(layer.files.map(\.path) == ["bridges.json"])
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
            for bad in [
                {"bridges": [{"runtime": "X", "calls": ["send(x"], "types": [], "otherSide": "o", "source": "s"}]},
                {"bridges": [{"runtime": "X", "calls": [], "types": [], "otherSide": "o", "source": "s"}]},
            ]:
                try:
                    jsonschema.validate(bad, schema)
                    sys.exit("a bad entry passed the schema: %r" % bad)
                except jsonschema.ValidationError:
                    pass
            """
        let result = ExternalCommand.run([
            "python3", "-c", script, PackageRoot.path + "/Rules/schemas/bridges.schema.json",
            PackageRoot.path + "/Rules/bridges.json",
        ])
        #expect(result.status == 0, "\(result.output)")
    }
}
