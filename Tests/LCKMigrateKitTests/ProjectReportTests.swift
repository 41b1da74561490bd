import LCKCore
import LCKMigrationModel
import LCKReporters
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The project in the report: deployment targets, the two-stack step, `--by target` and the
/// Objective-C files not analyzed.
@Suite struct ProjectReportTests {
    static let callKitCode = """
        import CallKit
        final class CallManager {
            let provider = CXProvider(configuration: CXProviderConfiguration())
            func end(_ call: UUID) { provider.reportCall(with: call, endedAt: nil, reason: .remoteEnded) }
        }

        """

    /// Scans `tree` and builds the migration report, broken down by target when asked.
    static func report(_ tree: TemporaryTree, byTarget: Bool = false) throws -> (ScanReport, MigrationReport) {
        let scan = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        let report = try MigrationReportBuilder.build(
            scan: scan, files: [], rules: BuiltinRuleTable.table, breakdown: byTarget ? .target : nil)
        return (scan, report)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// An Xcode app (Caller, debug/release given) with a widget at 17.4, the CallKit code in the app.
    static func appTree(debug: String, release: String) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.file("App.xcodeproj/project.pbxproj", SettingsFixtures.project(debug: debug, release: release))
        try tree.file("Caller/CallManager.swift", callKitCode)
        return tree
    }

    @Test func eachTargetsDeploymentTargetInEverySummary() throws {
        let (scan, report) = try Self.report(try Self.appTree(debug: "16.0", release: "15.0"))
        #expect(scan.project.targets.map(\.name) == ["Caller", "Widget"])
        #expect(scan.project.targets.map(\.deploymentTarget) == [OSVersion(15, 0), OSVersion(17, 4)])
        #expect(report.project.lowestDeploymentTarget == OSVersion(15, 0))
        let summary = Self.text(SummaryReporter().render(scan))
        #expect(summary.contains("Deployment targets: Caller iOS 15.0, Widget iOS 17.4.\n"))
        let markdown = Self.text(MarkdownMigrationReport().render(report))
        #expect(markdown.contains("- Caller: iOS 15.0 (App.xcodeproj/project.pbxproj)"))
        let html = Self.text(HTMLMigrationReport().render(report))
        #expect(html.contains("<li>Caller: iOS 15.0 "))
        let json = Self.text(JSONReporter().render(scan))
        #expect(json.contains(#""deploymentTarget": "15.0""#))
    }

    @Test func withoutSettingsTheDeploymentTargetIsUnknown() throws {
        let tree = try TemporaryTree()
        try tree.file("Caller/CallManager.swift", Self.callKitCode)
        let (scan, report) = try Self.report(tree)
        #expect(scan.project.targets.isEmpty)
        #expect(Self.text(SummaryReporter().render(scan)).contains("Deployment target: unknown.\n"))
        #expect(Self.text(MarkdownMigrationReport().render(report)).contains("Deployment target: unknown"))
        #expect(Self.text(HTMLMigrationReport().render(report)).contains("Deployment target: unknown"))
        #expect(!Self.text(JSONReporter().render(scan)).contains("\"targets\""))
    }

    @Test func belowSeventeenFourThePlanGainsTheTwoStackStepAndItsEffort() throws {
        let (_, below) = try Self.report(try Self.appTree(debug: "16.0", release: "15.0"))
        let step = try #require(below.steps.first { $0.step.id == "two_stack" })
        #expect(step.state == .toDo)
        #expect(step.step.effort == 40)
        #expect(below.stepEffort == 40)
        #expect(below.effortPoints == below.areas.reduce(0) { $0 + $1.effort } + 40)
        #expect(Self.text(MarkdownMigrationReport().render(below)).contains("40 of them for running both stacks"))

        let (_, above) = try Self.report(try Self.appTree(debug: "17.4", release: "18.0"))
        #expect(!above.steps.contains { $0.step.id == "two_stack" })
        #expect(above.stepEffort == 0)
        #expect(above.effortPoints == below.effortPoints - 40)
        #expect(above.steps.count == below.steps.count - 1)
    }

    @Test func anUnknownTargetShowsTheStepAsMayBeNeededWithoutEffort() throws {
        let tree = try TemporaryTree()
        try tree.file("Caller/CallManager.swift", Self.callKitCode)
        let (_, report) = try Self.report(tree)
        let step = try #require(report.steps.first { $0.step.id == "two_stack" })
        #expect(step.state == .mayBeNeeded)
        #expect(report.stepEffort == 0)
        #expect(report.effortPoints == report.areas.reduce(0) { $0 + $1.effort })
        #expect(
            Self.text(MarkdownMigrationReport().render(report)).contains("— may be needed: deployment target unknown"))
        // Nothing to migrate: no two-stack period either.
        let empty = try TemporaryTree()
        try empty.file("Plain.swift", "let x = 1\n")
        #expect(try !Self.report(empty).1.steps.contains { $0.step.id == "two_stack" })
    }

    @Test func byTargetGroupsXcodeSwiftPMAndUnresolvedFiles() throws {
        let tree = try Self.appTree(debug: "16.0", release: "15.0")
        try tree.file("Widget/WidgetCalls.swift", Self.callKitCode)
        try tree.file("Caller/Unlisted.swift", Self.callKitCode)
        try tree.file("Kit/Package.swift", "let package = Package(platforms: [.iOS(.v16)])\n")
        try tree.file("Kit/Sources/CallCore/Core.swift", Self.callKitCode)
        let (scan, report) = try Self.report(tree, byTarget: true)
        #expect(scan.project.fileTargets[PathKey("Kit/Sources/CallCore/Core.swift")]?.name == "CallCore")
        let sections = try #require(report.targetSections)
        #expect(sections.map(\.name) == ["CallCore", "Caller", "Widget", "(no target)"])
        #expect(
            sections.map { $0.files.map { report.files[$0].path } } == [
                ["Kit/Sources/CallCore/Core.swift"], ["Caller/CallManager.swift"], ["Widget/WidgetCalls.swift"],
                ["Caller/Unlisted.swift"],
            ])
        #expect(
            sections.map(\.deploymentTarget) == [
                OSVersion(16, 0), OSVersion(15, 0), OSVersion(17, 4), OSVersion(15, 0),
            ])
        // The widget is at 17.4: no two-stack step, and no effort for it.
        let widget = sections[2]
        #expect(!widget.steps.contains { $0.step.id == "two_stack" })
        #expect(sections[1].steps.contains { $0.step.id == "two_stack" })
        #expect(widget.effort == report.files[widget.files[0]].effort)
        #expect(sections.reduce(0) { $0 + $1.usages } == report.usageCount)
        let markdown = Self.text(MarkdownMigrationReport().render(report))
        #expect(markdown.contains("### Plan by target"))
        #expect(markdown.contains("| Widget | iOS 17.4 | 1 |"))
        #expect(markdown.contains("#### (no target)"))
        let html = Self.text(HTMLMigrationReport().render(report))
        #expect(html.contains("<section id=\"targets\"><h2>Plan by target</h2>"))
        // Without the option the report has no section.
        #expect(try Self.report(tree).1.targetSections == nil)
    }

    @Test func objectiveCFilesNamingCallKitAreListedAsNotAnalyzed() throws {
        let tree = try TemporaryTree()
        try tree.file("App/Call.swift", "let x = 1\n")
        try tree.file(
            "Legacy/Old.m",
            "#import <CallKit/CallKit.h>\n@interface P : NSObject <CXProviderDelegate>\n"
                + "@property CXProvider *provider; // CXProvider\n@property PKPushRegistry *registry;\n"
                + "@property CXProviderX *notAType;\n@end\n")
        try tree.file("Legacy/Old.h", "@class CXCallController;\n")
        try tree.file("Legacy/Plain.mm", "int x = 1; // no framework names\n")
        try tree.file("Pods/Vendor/Vendored.m", "CXProvider *p;\n")
        let (scan, report) = try Self.report(tree)
        #expect(scan.project.notAnalyzed.map(\.path) == ["Legacy/Old.h", "Legacy/Old.m"])
        let old = try #require(scan.project.notAnalyzed.last)
        #expect(old.mentions == 4)
        #expect(old.symbols.map(\.name) == ["CXProvider", "CXProviderDelegate", "PKPushRegistry"])
        #expect(old.symbols.map(\.count) == [2, 1, 1])
        #expect(scan.filesScanned == 1)
        let summary = Self.text(SummaryReporter().render(scan))
        #expect(
            summary.contains(
                "Not analyzed (Objective-C naming CallKit/PushKit; mentions):\n  1  Legacy/Old.h\n  4  Legacy/Old.m\n"))
        #expect(Self.text(MarkdownMigrationReport().render(report)).contains("| Legacy/Old.m | 4 | CXProvider ×2, "))
        #expect(Self.text(HTMLMigrationReport().render(report)).contains("<h2>Not analyzed: Objective-C</h2>"))
        #expect(Self.text(JSONReporter().render(scan)).contains(#""mentions": 4"#))
    }

    @Test func anOversizedObjectiveCFileIsANoteNotARead() throws {
        let tree = try TemporaryTree()
        try tree.file("App/Call.swift", "let x = 1\n")
        try tree.file("Legacy/Big.m", "CXProvider *p;\n" + String(repeating: "// filler\n", count: 20))
        var request = ScanRequest(paths: [tree.root], currentDirectory: tree.root)
        request.discovery.maxFileSize = 100
        let scan = ScanPipeline.run(request)
        #expect(scan.project.notAnalyzed.isEmpty)
        #expect(scan.problems.contains { $0.path == "Legacy/Big.m" && $0.kind == .skipped })
    }

    @Test func theTypeNamesComeFromTheRuleTable() {
        let names = BuiltinRuleTable.table.frameworkTypeNames
        #expect(names.contains("CXProvider"))
        #expect(names.contains("CXCallController"))
        #expect(names.contains("PKPushRegistry"))
        #expect(!names.contains { $0.contains(".") })
        #expect(!names.contains("ConversationManager"))
    }

    @Test func discoveryKeepsObjectiveCFilesApartFromSwiftAndSettings() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift")
        try tree.file("B.m", "x")
        try tree.file("C.mm", "x")
        try tree.file("D.h", "x")
        try tree.file("E.hm", "x")
        try tree.file(".m", "x")
        try tree.file("Info.plist", "<plist><dict></dict></plist>")
        let result = FileDiscovery.discover(paths: ["."], currentDirectory: tree.root)
        #expect(result.files.map(\.displayPath) == ["A.swift"])
        #expect(result.objectiveCFiles.map(\.displayPath) == ["B.m", "C.mm", "D.h"])
        #expect(result.settingsFiles.map(\.displayPath) == ["Info.plist"])
    }

    @Test func occurrencesCountEveryWholeIdentifierInOnePass() {
        let search = IdentifierSearch(names: ["CXProvider", "PKPushRegistry", "CX"])
        let text = Array("CXProvider CXProviderDelegate x.CXProvider PKPushRegistry CX CXa".utf8)
        #expect(search.occurrences(in: text) == ["CXProvider": 2, "PKPushRegistry": 1, "CX": 1])
    }
}
