import Foundation
import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKReporters
import LCKRules
import Testing

@Suite struct MigrationRenderTests {
    @Test func htmlGolden() {
        Golden.check(HTMLMigrationReport().render(MigrationFixture.report), named: "migration.html")
    }

    @Test func markdownGolden() {
        Golden.check(MarkdownMigrationReport().render(MigrationFixture.report), named: "migration.md")
    }

    @Test func htmlEscapesFileNamesAndSource() {
        let html = String(decoding: HTMLMigrationReport().render(MigrationFixture.report), as: UTF8.self)
        // No script element at all: the only "<script" text would come from the hostile file.
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("</script>"))
        #expect(html.contains("App/&lt;script&gt;.swift"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("handle made from a &lt;/script&gt; name"))
    }

    @Test func markdownEscapesFileNames() {
        let markdown = String(decoding: MarkdownMigrationReport().render(MigrationFixture.report), as: UTF8.self)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains(#"App/\<script\>.swift"#))
    }

    @Test func markdownPlanIsATaskList() {
        let markdown = String(decoding: MarkdownMigrationReport().render(MigrationFixture.report), as: UTF8.self)
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- [") }
        #expect(items.count == 10)
        #expect(items.contains { $0.hasPrefix("- [x] **4. Start outgoing calls") })
        #expect(
            items.contains { $0.hasPrefix("- [ ] **3. Report PushKit calls") && $0.contains("blocked by 1 finding") })
    }

    @Test func htmlHasNoExternalReferences() {
        let html = String(decoding: HTMLMigrationReport().render(MigrationFixture.report), as: UTF8.self)
        for forbidden in ["src=", "<link", "@import", "url(", "http://", "https://"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        #expect(html.contains("prefers-color-scheme:dark"))
        #expect(html.contains("<svg"))
    }

    @Test func bothFormatsShowTheProgress() throws {
        var report = MigrationFixture.report
        report.comparison = try MigrationComparison(
            earlierJSON: JSONReporter().render(
                ScanReport(
                    findings: [MigrationFixture.finding("cxcallcontroller", "Old.swift", line: 1)], rules: [],
                    filesScanned: 3)),
            current: MigrationFixture.scan, rules: MigrationFixture.rules)
        let html = String(decoding: HTMLMigrationReport().render(report), as: UTF8.self)
        #expect(html.contains("<section id=\"compare\">"))
        #expect(
            html.contains(
                "<tr><td>Outgoing</td><td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">1</td><td class=\"num\">0</td></tr>"
            ))
        let markdown = String(decoding: MarkdownMigrationReport().render(report), as: UTF8.self)
        // The fixture's 9 active findings are all new; the old CXCallController usage is gone.
        #expect(markdown.contains("### Since the earlier scan: 1 migrated, 9 added"))
        #expect(markdown.contains("| Outgoing | 1 | 0 | 1 | 0 |"))
    }
}
