import Foundation
import LCKCore
import LCKMigrateKit
import LCKRules
import LCKTestSupport
import Testing

/// Linux does not enforce `@available`, so `swiftc -typecheck` cannot tell whether the two-stack scaffold
/// guards every LiveCommunicationKit use. Our own `unguarded_lck_availability` can: it runs over the
/// generated files at the app's deployment target (iOS 15, from the project file) and must find nothing,
/// and over a copy with the `@available` marks removed, where it must find something.
///
/// Runs once the rule is in the built-in table (issue 17, branch s21-avail); until then it is skipped with
/// that reason. It drives the rule through the scan pipeline by id, so nothing here needs retargeting.
@Suite struct ScaffoldAvailabilityTests {
    static let rule = "unguarded_lck_availability"

    /// The `rule` findings of a scan of the Swift files in `directory`, with the settings files of
    /// `project` (so each file gets the project's deployment target).
    static func availabilityFindings(in directory: String, project: String) -> [Finding] {
        let options = DiscoveryOptions()
        let files = FileDiscovery.discover(paths: [directory], currentDirectory: PackageRoot.path, options: options)
        let settings = FileDiscovery.discover(paths: [project], currentDirectory: PackageRoot.path, options: options)
        let scan = ScanPipeline.run(
            files: files.files, settingsFiles: settings.settingsFiles,
            request: ScanRequest(paths: [directory], currentDirectory: PackageRoot.path, jobs: 1))
        return scan.findings.filter { $0.ruleID == rule }
    }

    @Test(
        .enabled(
            if: BuiltinRuleTable.table.analyzer(id: rule) != nil,
            "needs the unguarded_lck_availability rule (issue 17, branch s21-avail)"))
    func twoStackScaffoldGuardsEveryLiveCommunicationKitUse() throws {
        let tree = try TemporaryTree()
        let app = try ScaffoldTypeCheckTests.project(in: tree, "app", debug: "16.0", release: "15.0")
        // Inside the app's folder: a project's deployment target reaches only the files under it.
        let output = app + "/Generated"
        try ScaffoldTypeCheckTests.scaffold([app], into: output)
        let findings = Self.availabilityFindings(in: output, project: app)
        #expect(findings.isEmpty, "\(findings.map { "\($0.path):\($0.start.line) \($0.message)" })")

        // The same files without their @available marks: the check must see the unguarded uses.
        let stripped = app + "/Stripped"
        try FileManager.default.createDirectory(atPath: stripped, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: output) where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: output + "/" + name, encoding: .utf8)
            try text.replacingOccurrences(of: "@available(iOS 17.4, *)\n", with: "")
                .write(toFile: stripped + "/" + name, atomically: true, encoding: .utf8)
        }
        let unguarded = Self.availabilityFindings(in: stripped, project: app)
        #expect(
            Set(unguarded.compactMap { $0.path.split(separator: "/").last.map(String.init) }).contains(
                "CallingSystem.swift"))
    }
}
