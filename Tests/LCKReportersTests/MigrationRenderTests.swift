import Foundation
import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKRules
import Testing

@testable import LCKReporters

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
        #expect(html.contains("App/<wbr>&lt;script&gt;.swift"))
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
        // Ten steps and the two-stack one, which may be needed: the fixture names no deployment target.
        #expect(items.count == 11)
        #expect(items.contains { $0.hasPrefix("- [x] **4. Start outgoing calls") })
        #expect(items.contains { $0.hasSuffix("— may be needed: deployment target unknown (3 files)") })
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
                "<tr><td class=\"short\">Outgoing</td><td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">1</td><td class=\"num\">0</td></tr>"
            ))
        let markdown = String(decoding: MarkdownMigrationReport().render(report), as: UTF8.self)
        // The fixture's 9 active findings are all new; the old CXCallController usage is gone.
        #expect(markdown.contains("### Since the earlier scan: 1 migrated, 9 added"))
        #expect(markdown.contains("| Outgoing | 1 | 0 | 1 | 0 |"))
    }

    /// Paths break only after a slash; a part with a hyphen or space stays on one line.
    @Test func pathsWrapOnlyAtSlashes() {
        #expect(
            HTMLText.path("App/Call-Kit/x.swift")
                == "<span class=\"path\">App/<wbr><span class=\"nb\">Call-Kit</span>/<wbr>x.swift</span>")
        #expect(HTMLText.code("A.b(c:)") == "<code>A.<wbr>b(<wbr>c:<wbr>)</code>")
        #expect(HTMLText.prose("use A.b(c:d) now: ok (x)") == "use A.<wbr>b(<wbr>c:<wbr>d) now: ok (x)")
    }

    @Test func htmlShowsSeverityColoursTimeBandAndFixFirst() {
        let html = String(decoding: HTMLMigrationReport().render(MigrationFixture.report), as: UTF8.self)
        // unreported_voip_push is an error, transient_handle a warning: each bar takes its own colour.
        #expect(html.contains("<rect class=\"bar-error\""))
        #expect(html.contains("<rect class=\"bar-warning\""))
        #expect(html.contains("1 warning</text>") && html.contains("1 error</text>"))
        #expect(html.contains("<span class=\"band\">about 1 developer-day</span>"))
        let fixFirst = html.components(separatedBy: "<section id=\"fix-first\">").last ?? ""
        let order = ["unreported_voip_push", "transient_handle"].map { fixFirst.range(of: $0)?.lowerBound }
        #expect(order[0] != nil && order[1] != nil && order[0]! < order[1]!)
        #expect(html.range(of: "id=\"fix-first\"")!.lowerBound < html.range(of: "id=\"plan\"")!.lowerBound)
        // The hostile file's line 2 carries two findings and is shown once.
        #expect(html.components(separatedBy: "alert(1)&lt;/script&gt;&quot;)</pre>").count == 2)
    }
}
