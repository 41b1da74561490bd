import Foundation
import LCKTestSupport
import Testing

/// Custom packs end to end: the Wrappers sample's pack, overrides in a config file, and the rule
/// table's fingerprint in reports.
@Suite struct RulesPackTests {
    @Test func wrapperPackPassesItsOwnTests() throws {
        let result = try CLI.run(["rules", "test", "Samples/Wrappers/rules"], in: PackageRoot.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("PASS  callservice_end_call (mapping, 5 checks)\n"))
        #expect(result.standardOutput.hasSuffix("rules test: 7 rules passed, 0 failed, 0 skipped\n"))
    }

    @Test func scanWithTheWrapperPackFindsEveryWrapperCallSite() throws {
        let result = try CLI.run(
            [
                "scan", "--quiet", "--verbose", "--fail-on", "never", "--rules", "Samples/Wrappers/rules",
                "Samples/Wrappers",
            ],
            in: PackageRoot.path)
        #expect(result.status == 0)
        let wrapperLines = result.standardOutput.split(separator: "\n").filter { $0.contains("[callservice_") }
        let sites = Set(
            wrapperLines.map { line -> String in
                let parts = line.split(separator: ":")
                let rule = line[line.index(after: line.lastIndex(of: "[")!)...].dropLast()
                return "\(parts[0].dropFirst("Samples/Wrappers/".count)):\(parts[1]):\(parts[2]) \(rule)"
            })
        // The call sites listed in Samples/Wrappers/README.md (member name columns counted by hand:
        // `        callService.` is 20 bytes, `            callService.` 24), plus the facade's own
        // static `shared.reportIncoming` forwarding call.
        #expect(
            sites == [
                "CallService.swift:57:16 callservice_report_incoming",
                "DialerViewModel.swift:45:21 callservice_start_call",
                "DialerViewModel.swift:50:21 callservice_start_call",
                "DialerViewModel.swift:55:21 callservice_start_call",
                "DialerViewModel.swift:61:21 callservice_end_call",
                "DialerViewModel.swift:65:21 callservice_set_muted",
                "DialerViewModel.swift:69:21 callservice_set_on_hold",
                "DialerViewModel.swift:74:21 callservice_send_digits",
                "DialerViewModel.swift:79:25 callservice_end_call",
                "SignalingInbox.swift:65:25 callservice_report_incoming",
                "SignalingInbox.swift:69:25 callservice_report_incoming",
                "SignalingInbox.swift:76:25 callservice_remote_hung_up",
            ])
        // Without the pack nothing of it is reported.
        let plain = try CLI.run(["scan", "--quiet", "--fail-on", "never", "Samples/Wrappers"], in: PackageRoot.path)
        #expect(!plain.standardOutput.contains("[callservice_"))
    }

    @Test func configRulesOverrideIsShownAndReportsCarryTheFingerprint() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "pack/mappings/app.json",
            """
            {"entries": [
              {"id": "cxprovider", "symbol": "CXProvider", "replacement": "ConversationManager", "mappingKind": "merge",
               "area": "provider", "severity": "note", "title": "Our wording", "note": "n", "match": {"type": "CXProvider"},
               "example": {"before": "let p: CXProvider", "after": "let m: ConversationManager"}}
            ]}
            """)
        try tree.file(".lckmigrate.json", "{\"rules\": [\"pack\"]}\n")
        try tree.file("A.swift", "import CallKit\nlet p: CXProvider\n")
        let config = try CLI.run(["config", "--print"], in: tree.root)
        #expect(config.status == 0)
        #expect(
            config.standardOutput.hasSuffix(
                "\noverride.cxprovider: pack/mappings/app.json:2:3  # replaces Rules/mappings/provider.json:4:5\n"))

        let list = try CLI.run(["rules", "list", "--format", "json", "--rules", "pack"], in: tree.root)
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        let fingerprint = try #require(listed["fingerprint"] as? String)
        let builtin = try CLI.run(["rules", "list", "--format", "json"], in: tree.root)
        #expect(!builtin.standardOutput.contains(fingerprint), "an override must change the fingerprint")

        let json = try CLI.run(["scan", "--quiet", "--format", "json", "A.swift"], in: tree.root)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["rulesFingerprint"] as? String == fingerprint)
        #expect(report["version"] as? String == listed["toolVersion"] as? String)
        #expect(json.standardOutput.contains("\"severity\": \"note\""), "the override's severity is used")

        let sarif = try CLI.run(["scan", "--quiet", "--format", "sarif", "A.swift"], in: tree.root)
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["rulesFingerprint"] as? String == fingerprint)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["semanticVersion"] as? String == listed["toolVersion"] as? String)
    }

    @Test func everySampleAppMatchesItsAnnotations() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path + "/Samples")
            .filter { !$0.contains(".") }.sorted()
        #expect(apps.count >= 9)
        let result = try CLI.run(
            ["rules", "test", "-q"] + apps.flatMap { ["--samples", "Samples/" + $0] }, in: PackageRoot.path)
        #expect(!result.standardOutput.contains("FAIL  Samples/"), "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix(" samples passed, 0 failed, 0 skipped\n"))
    }

    @Test func brokenPackStopsTheScanBeforeAnalysing() throws {
        let tree = try TemporaryTree()
        try tree.file("broken/mappings/app.json", "{\"entries\": [\n  {\"id\": 7}\n]}")
        try tree.file("A.swift", "import CallKit\nlet p: CXProvider\n")
        let result = try CLI.run(["scan", "--rules", "broken", "--format", "json", "A.swift"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("broken/mappings/app.json:2:"))
        #expect(!result.standardError.contains("scanned"))
    }
}
