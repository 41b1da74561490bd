import LCKCore
import LCKMigrationFixture
import LCKMigrationModel
import LCKReporters
import LCKRules
import Testing

@Suite struct MigrationComparisonTests {
    let rules = MigrationFixture.rules

    /// An earlier scan as `scan --format json` writes it (JSONReporter), so the test reads the real format.
    func earlierJSON(_ findings: [Finding]) -> [UInt8] {
        JSONReporter().render(ScanReport(findings: findings, rules: [], filesScanned: 3))
    }

    @Test func countsMigratedAndAddedPerAreaIgnoringLines() throws {
        let earlier = earlierJSON([
            MigrationFixture.finding(
                "cxprovider", "A.swift", line: 1, column: 1, length: 3, message: "usage", severity: nil,
                suppressed: false),
            MigrationFixture.finding(
                "cxprovider", "A.swift", line: 9, column: 1, length: 3, message: "usage", severity: nil,
                suppressed: false),
            MigrationFixture.finding(
                "cxendcallaction_init", "B.swift", line: 4, column: 1, length: 3, message: "usage", severity: nil,
                suppressed: false),
            MigrationFixture.finding(
                "unreported_voip_push", "C.swift", line: 2, column: 1, length: 3, message: "push", severity: .error,
                suppressed: false),
        ])
        let now = ScanReport(
            findings: [
                // Moved from line 1 to line 30: not migrated, not added.
                MigrationFixture.finding(
                    "cxprovider", "A.swift", line: 30, column: 1, length: 3, message: "usage", severity: nil,
                    suppressed: false),
                // A new file with a new usage.
                MigrationFixture.finding(
                    "cxhandle_init", "D.swift", line: 2, column: 1, length: 3, message: "usage", severity: nil,
                    suppressed: false),
                MigrationFixture.finding(
                    "unreported_voip_push", "C.swift", line: 7, column: 1, length: 3, message: "push", severity: .error,
                    suppressed: false),
            ], rules: [], filesScanned: 4)
        let comparison = try MigrationComparison(earlierJSON: earlier, current: now, rules: rules)
        func area(_ id: String) throws -> MigrationComparison.AreaChange {
            try #require(comparison.areas.first { $0.id == id })
        }
        #expect(
            try area("provider")
                == .init(id: "provider", title: "Provider & configuration", before: 2, now: 1, migrated: 1, added: 0))
        #expect(try area("actions").migrated == 1)
        #expect(try area("handles").added == 1)
        #expect(
            try area("anti-patterns")
                == .init(id: "anti-patterns", title: "Anti-patterns", before: 1, now: 1, migrated: 0, added: 0))
        #expect(comparison.migrated == 2 && comparison.added == 1)
        #expect(comparison.changes.count == 3)
        #expect(comparison.areas.last?.id == "anti-patterns")
        // A.swift and C.swift have findings in both reports.
        #expect(comparison.earlierPaths == 3 && comparison.commonPaths == 2)
    }

    @Test func suppressedFindingsDoNotCount() throws {
        let earlier = earlierJSON([
            MigrationFixture.finding(
                "cxprovider", "A.swift", line: 1, column: 1, length: 3, message: "u", severity: nil, suppressed: true)
        ])
        let now = ScanReport(findings: [], rules: [], filesScanned: 1)
        let comparison = try MigrationComparison(earlierJSON: earlier, current: now, rules: rules)
        #expect(comparison.migrated == 0 && comparison.added == 0)
    }

    @Test func rejectsFilesThatAreNotScanReports() {
        let now = ScanReport(findings: [], rules: [], filesScanned: 0)
        #expect(throws: MigrationComparisonError.self) {
            try MigrationComparison(earlierJSON: Array("nope".utf8), current: now, rules: rules)
        }
        #expect(throws: MigrationComparisonError.self) {
            try MigrationComparison(earlierJSON: Array("{}".utf8), current: now, rules: rules)
        }
    }
}
