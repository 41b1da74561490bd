import Foundation
import LCKTestSupport
import Testing

/// `scan --rules DIR` end to end, the JSON report of mapping findings, and bad input next to real findings.
@Suite struct ScanRulesTests {
    static let wrapperRule = """
        {
          "entries": [
            {
              "id": "callservice_report_incoming",
              "symbol": "CallService.reportIncoming(_:)",
              "replacement": "ConversationManager.reportNewIncomingConversation(uuid:update:)",
              "mappingKind": "reshape",
              "area": "incoming",
              "severity": "warning",
              "title": "The app wrapper reports through CXProvider",
              "note": "Port the wrapper to ConversationManager.",
              "match": {"member": "reportIncoming", "labels": ["_"], "receiverTypes": ["CallService"]},
              "example": {"before": "service.reportIncoming(call)", "after": "manager.reportNewIncomingConversation(uuid: id, update: u)"}
            }
          ]
        }
        """

    static let wrapperUse = """
        final class Pusher {
            let service = CallService()
            func push(_ call: IncomingCall) {
                service.reportIncoming(call)
            }
        }
        """

    func findings(_ json: String) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(root["findings"] as? [[String: Any]])
    }

    @Test func customPackAddsAMappingWithoutCodeChanges() throws {
        let tree = try TemporaryTree()
        try tree.file("app/Pusher.swift", Self.wrapperUse)
        try tree.file("custom/mappings/wrapper.json", Self.wrapperRule)
        let plain = try CLI.run(["scan", "-q", "--format", "json", "app"], in: tree.root)
        #expect(plain.status == 0)
        #expect(try findings(plain.standardOutput).isEmpty)

        let custom = try CLI.run(["scan", "-q", "--format", "json", "--rules", "custom", "app"], in: tree.root)
        #expect(custom.status == 0, "\(custom.standardError)")
        let found = try findings(custom.standardOutput)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding["ruleId"] as? String == "callservice_report_incoming")
        #expect(finding["path"] as? String == "app/Pusher.swift")
        #expect(finding["line"] as? Int == 4)
        #expect(finding["column"] as? Int == 17)
        #expect(finding["endColumn"] as? Int == 31)
        #expect(finding["mappingKind"] as? String == "reshape")
        #expect(finding["replacement"] as? String == "ConversationManager.reportNewIncomingConversation(uuid:update:)")
        #expect(
            finding["message"] as? String
                == "CallService.reportIncoming(_:) → ConversationManager.reportNewIncomingConversation(uuid:update:): Port the wrapper to ConversationManager."
        )
    }

    @Test func laterRulesOverrideBuiltinIDs() throws {
        let tree = try TemporaryTree()
        try tree.file("app/A.swift", "let provider: CXProvider\n")
        try tree.file(
            "strict/mappings/provider.json",
            """
            {"entries": [{"id": "cxprovider", "symbol": "CXProvider", "replacement": "ConversationManager",
              "mappingKind": "merge", "area": "provider", "severity": "error", "title": "Stricter",
              "note": "House rule.", "match": {"type": "CXProvider"},
              "example": {"before": "let p: CXProvider", "after": "let m: ConversationManager"}}]}
            """)
        let result = try CLI.run(["scan", "-q", "--format", "json", "--rules", "strict", "app"], in: tree.root)
        // Severity error meets the default --fail-on error.
        #expect(result.status == 1)
        let finding = try #require(try findings(result.standardOutput).first)
        #expect(finding["severity"] as? String == "error")
        #expect(finding["message"] as? String == "CXProvider → ConversationManager: House rule.")
    }

    @Test func brokenRuleFileStopsBeforeScanningWithItsPosition() throws {
        let tree = try TemporaryTree()
        try tree.file("app/A.swift", "let provider: CXProvider\n")
        try tree.file("bad/mappings/broken.json", "{\n  \"entries\": [\n    {\"id\": 3}\n  ]\n}\n")
        let result = try CLI.run(["scan", "--format", "json", "--rules", "bad", "app"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty, "no report when the rules cannot be loaded")
        let lines = result.standardError.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("lckmigrate: "))
            #expect(line.contains("bad/mappings/broken.json:3:"), "\(line)")
        }
    }

    @Test func missingRulesDirectoryIsAnError() throws {
        let tree = try TemporaryTree()
        try tree.file("app/A.swift", "let a = 1\n")
        let result = try CLI.run(["scan", "--rules", "nowhere", "app"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.contains("nowhere"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func jsonReportIsSortedRelativeAndRepeatable() throws {
        let tree = try TemporaryTree()
        try tree.file("b/Later.swift", "let update = CXCallUpdate()\nupdate.hasVideo = true\n")
        try tree.file("a/Earlier.swift", "import CallKit\nlet controller: CXCallController\n")
        let first = try CLI.run(["scan", "-q", "--format", "json", "-j", "2", "."], in: tree.root)
        let second = try CLI.run(["scan", "-q", "--format", "json", "-j", "1", "."], in: tree.root)
        #expect(first.standardOutput == second.standardOutput)
        let found = try findings(first.standardOutput)
        let summary = found.map { "\($0["path"]!):\($0["line"]!):\($0["column"]!):\($0["ruleId"]!)" }
        #expect(
            summary == [
                "a/Earlier.swift:2:17:cxcallcontroller", "b/Later.swift:1:14:cxcallupdate_init",
                "b/Later.swift:2:8:cxcallupdate_has_video",
            ])
        let keys: Set<String> = [
            "ruleId", "severity", "path", "line", "column", "endLine", "endColumn", "message", "symbol", "replacement",
            "mappingKind",
        ]
        for finding in found { #expect(keys.isSubset(of: Set(finding.keys)), "\(finding.keys.sorted())") }
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let summaryObject = try #require(root["summary"] as? [String: Any])
        #expect(summaryObject["filesWithCallKit"] as? Int == 2)
        #expect((root["rulesFingerprint"] as? String)?.count == 64)
    }

    @Test func unreadableFileDoesNotStopTheScan() throws {
        let tree = try TemporaryTree()
        try tree.file("src/Call.swift", "let provider: CXProvider\n")
        try tree.bytes("src/Latin1.swift", [0x6C, 0x65, 0x74, 0x20, 0x73, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22, 0x0A])
        let result = try CLI.run(["scan", "--format", "json", "src", "Missing.swift"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.contains("lckmigrate: error: Missing.swift: "))
        #expect(
            result.standardError.contains("lckmigrate: error: src/Latin1.swift: line 1, column 10: not valid UTF-8"))
        let found = try findings(result.standardOutput)
        #expect(found.map { $0["ruleId"] as? String } == ["cxprovider"])
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((root["problems"] as? [Any])?.count == 2)
    }
}
