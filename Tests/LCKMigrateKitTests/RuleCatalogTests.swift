import Foundation
import LCKCore
import LCKMigrateKit
import LCKRules
import LCKTestSupport
import Testing

@Suite struct RuleCatalogTests {
    private let override = Packs.mapping(
        id: "cxprovider", symbol: "CXProvider", match: #"{"type": "CXProvider"}"#,
        example: #"{"before": "let p: CXProvider", "after": "let m: ConversationManager"}"#)

    @Test func overridesAreListedWithBothLocations() throws {
        let table = try Packs.table(
            [RuleSourceFile(path: "mappings/app.json", contents: Packs.mappingFile(override))], includeBuiltin: true)
        let row = try #require(RuleCatalog.entries(table).first { $0.id == "cxprovider" })
        #expect(row.source == "pack/mappings/app.json:2:1")
        #expect(row.overrides?.hasPrefix("Rules/mappings/provider.json:") == true)
        let text = RuleCatalog.listText(table)
        #expect(
            text.contains(
                "\nOverrides:\n  cxprovider: pack/mappings/app.json:2:1 replaces Rules/mappings/provider.json:"))
        #expect(text.contains(", 1 overridden;\nfingerprint \(table.fingerprint)\n"))
        let json = try JSONSerialization.jsonObject(with: Data(RuleCatalog.listJSON(table).utf8)) as? [String: Any]
        let overrides = json?["overrides"] as? [[String: String]]
        #expect(overrides?.first?["id"] == "cxprovider")
        #expect(overrides?.first?["replacement"] == "pack/mappings/app.json:2:1")
        #expect((json?["rules"] as? [Any])?.count == table.mappings.count + table.analyzers.count)
    }

    @Test func suggestionsFindNearIds() throws {
        let table = try RuleLoader.loadBuiltin()
        #expect(RuleCatalog.suggestion(for: "cxprovidr", in: table) == "cxprovider")
        #expect(RuleCatalog.suggestion(for: "premature_fulfil", in: table) == "premature_fulfill")
        #expect(RuleCatalog.suggestion(for: "zzzzzzzzzzzz", in: table) == nil)
    }

    @Test func explainPageHasTheLiveCommunicationKitWay() throws {
        let table = try RuleLoader.loadBuiltin()
        let page = try #require(RuleDocsGenerator.page(forID: "cxprovider", in: table))
        #expect(page.hasPrefix("# `cxprovider`: CXProvider becomes ConversationManager\n"))
        #expect(page.contains("| Kind | mapping (`merge`) |"))
        #expect(page.contains("## The LiveCommunicationKit way\n\n`ConversationManager` (available from iOS 17.4)\n"))
        #expect(page.contains("Before:\n\n```swift\nlet provider: CXProvider\n```\n"))
        #expect(page.contains("- <https://developer.apple.com/documentation/callkit/cxprovider>"))
    }
}

@Suite struct RuleDocsTests {
    @Test func committedDocsAreUpToDate() throws {
        let root = PackageRoot.path
        let files = RuleDocsGenerator.files(for: try RuleLoader.loadBuiltin())
        let stale = RuleDocsWriter.staleFiles(files, in: root + "/Rules/docs")
        #expect(
            stale.count == 0,
            "Rules/docs is stale (\(stale.prefix(5).joined(separator: ", "))…); regenerate it with `\(RuleDocsGenerator.regenerateCommand)`"
        )
    }

    @Test func generationIsDeterministicAndCoversEveryRule() throws {
        let table = try RuleLoader.loadBuiltin()
        let first = RuleDocsGenerator.files(for: table)
        let second = RuleDocsGenerator.files(for: table)
        #expect(first.map(\.path) == second.map(\.path) && first.map(\.contents) == second.map(\.contents))
        #expect(first.count == table.mappings.count + table.analyzers.count + 1)
        let index = try #require(first.first { $0.path == "README.md" })
        for rule in table.analyzers { #expect(index.contents.contains("[`\(rule.id)`](\(rule.id).md)")) }
    }
}
