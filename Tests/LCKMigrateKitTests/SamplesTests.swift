import Foundation
import LCKAnalyzers
import LCKCore
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Scans every app under `Samples/` and compares its findings with the `// expect: id[, id]`
/// annotations (each names the findings of the line below it; `id (medium)` also its confidence), in
/// both directions.
@Suite struct SamplesTests {
    struct Expectation: Hashable, Comparable, CustomStringConvertible {
        var path: String
        var line: Int
        var rule: String
        var confidence: Confidence? = nil
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
        var description: String { "\(path):\(line): \(rule)" + (confidence.map { " (\($0.rawValue))" } ?? "") }
        /// The same place and rule without the confidence.
        var place: Self { Self(path: path, line: line, rule: rule) }
    }

    static let apps: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackageRoot.path + "/Samples")) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: PackageRoot.path + "/Samples/" + name, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }()

    static let analyzer = AnalyzerSuite(rules: BuiltinRuleTable.table)

    /// `(path, line + 1, id)` for every `// expect:` comment line (`<!-- expect: -->` in plists and
    /// entitlements, `/* expect: */` in a `project.pbxproj`), in the app's folder and its subfolders; paths
    /// relative to the package root.
    static func annotations(in app: String) throws -> Set<Expectation> {
        var expected: Set<Expectation> = []
        let folder = "Samples/" + app
        let names = FileManager.default.enumerator(atPath: PackageRoot.path + "/" + folder)?.allObjects ?? []
        for case let name as String in names where Self.annotatedSuffixes.contains(where: { name.hasSuffix($0) }) {
            let path = folder + "/" + name
            // The same annotation reader as `lckmigrate rules test`.
            let source = try String(contentsOfFile: PackageRoot.path + "/" + path, encoding: .utf8)
            for expectation in AnnotatedSample.expectations(in: source).findings {
                expected.insert(
                    Expectation(
                        path: path, line: expectation.line, rule: expectation.ruleID, confidence: expectation.confidence
                    ))
            }
        }
        return expected
    }

    static let annotatedSuffixes = [".swift", ".plist", ".entitlements", ".pbxproj"]

    /// The settings files of the samples, with their annotations and findings: the iOS 15, iOS 17.4 and
    /// iOS 26 apps carry a project, an Info.plist and entitlements, and some settings finding is annotated.
    @Test func samplesWithSettingsAnnotateTheirSettingsFindings() throws {
        var settingsAnnotations = 0
        for app in Self.apps {
            settingsAnnotations += try Self.annotations(in: app).filter { !$0.path.hasSuffix(".swift") }.count
        }
        #expect(settingsAnnotations >= 3)
        for app in ["TwoStack", "MigratedLCK", "Translation"] {
            let names = FileManager.default.enumerator(atPath: PackageRoot.path + "/Samples/" + app)?.allObjects ?? []
            let files = names.compactMap { $0 as? String }
            #expect(files.contains { $0.hasSuffix("project.pbxproj") }, "\(app)")
            #expect(files.contains { $0.hasSuffix("Info.plist") }, "\(app)")
            #expect(files.contains { $0.hasSuffix(".entitlements") }, "\(app)")
        }
    }

    static func scan(_ app: String) -> ScanReport {
        ScanPipeline.run(
            ScanRequest(paths: ["Samples/" + app], currentDirectory: PackageRoot.path, jobs: 2, analyzer: analyzer))
    }

    @Test func samplesExist() {
        #expect(Self.apps.count >= 9, "\(Self.apps)")
        #expect(Self.apps.contains("MigratedLCK"))
    }

    @Test(arguments: SamplesTests.apps)
    func findingsMatchAnnotations(app: String) throws {
        let active = Self.analyzer.activeRuleIDs
        let report = Self.scan(app)
        #expect(report.problems.isEmpty, "\(report.problems)")
        // Annotations for analyzers that are not registered yet cannot be checked; every id must still exist.
        let annotated = try Self.annotations(in: app)
        // A finding's confidence is compared where its annotation names one.
        let checked = Set(annotated.filter { $0.confidence != nil }.map(\.place))
        let actual = Set(
            report.findings.map { finding in
                let place = Expectation(path: finding.path, line: finding.start.line, rule: finding.ruleID)
                return checked.contains(place)
                    ? Expectation(
                        path: place.path, line: place.line, rule: place.rule, confidence: finding.confidence) : place
            })
        let known = Self.analyzer.rules.allIDs
        let unknownIDs = annotated.filter { !known.contains($0.rule) }
        #expect(unknownIDs.isEmpty, "annotations name unknown rule ids: \(unknownIDs.sorted())")
        let expected = annotated.filter { active.contains($0.rule) }
        let missing = expected.subtracting(actual).sorted()
        let unexpected = actual.subtracting(expected).sorted()
        let missingList = missing.map { "  \($0)" }.joined(separator: "\n")
        let unexpectedList = unexpected.map { "  \($0)" }.joined(separator: "\n")
        #expect(missing.isEmpty, "\(app): annotated but not reported:\n\(missingList)")
        #expect(unexpected.isEmpty, "\(app): reported but not annotated:\n\(unexpectedList)")
    }

    /// Code Climate and GitLab merge issues with one fingerprint: every finding needs its own.
    @Test func everyFindingOfTheSamplesHasItsOwnFingerprint() throws {
        let report = ScanPipeline.run(
            ScanRequest(paths: ["Samples"], currentDirectory: PackageRoot.path, jobs: 2, analyzer: Self.analyzer))
        let fingerprints = report.findings.compactMap(\.fingerprint)
        try #require(fingerprints.count == report.findings.count && fingerprints.count > 500)
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(report.findings.contains { $0.sharedFingerprint != nil }, "the samples hold identical findings")
    }

    @Test func migratedAppHasNoMappingFindings() {
        let report = Self.scan("MigratedLCK")
        #expect(report.filesScanned > 0)
        #expect(report.findings.filter { $0.mappingKind != nil }.isEmpty)
        #expect(report.filesWithCallKit == 0)
    }

    /// "Uses CallKit" comes from code: a comment or string naming CallKit types leaves a finished
    /// migration with nothing to report, while one line of CallKit code brings PushKit's notes back.
    @Test func onlyCodeNamingCallKitMakesAMigrationPending() throws {
        let tree = try TemporaryTree()
        let folder = PackageRoot.path + "/Samples/MigratedLCK"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
            try tree.file(name, try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
        try tree.file("Notes.swift", "// TODO: remove the old CXProvider code\nlet note = \"CXCallController\"\n")
        func scan() -> ScanReport {
            ScanPipeline.run(ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: 2, analyzer: Self.analyzer))
        }
        #expect(scan().findings.isEmpty)
        try tree.file("Legacy.swift", "import CallKit\nlet legacy: CXProvider? = nil\n")
        let pending = scan()
        #expect(pending.findings.contains { $0.path == "VoIPPushService.swift" && $0.mappingKind == .unchanged })
    }
}
