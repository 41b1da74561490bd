import LCKCore
import LCKMigrationModel
import LCKReporters
import LCKRules

/// Builds the migration report: scan, plan and counts, then the source lines it shows.
///
/// `ScanReport` carries no source text, so after the scan only the files with listed findings are
/// read again, one at a time, keeping only the lines the report shows (memory follows the number of
/// listed findings, which `MigrationReport.Limits` caps, not the size of the tree).
public enum MigrationReportBuilder {
    /// Why the report could not be built (the earlier report of `--compare` is unreadable).
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// How `report --by` breaks the plan down.
    public enum Breakdown: String, Sendable, CaseIterable {
        /// Per Xcode target (project membership) or SwiftPM target (folder); "(no target)" for the rest.
        case target
    }

    /// The report for a finished scan; throws only when `earlierJSON` (from `--compare`) is not a scan report.
    public static func build(
        scan: ScanReport,
        files: [DiscoveredFile],
        rules: RuleTable,
        earlierJSON: [UInt8]? = nil,
        plan: MigrationPlan = .builtin,
        limits: MigrationReport.Limits = MigrationReport.Limits(),
        breakdown: Breakdown? = nil
    ) throws(Failure) -> MigrationReport {
        var report = MigrationReport(scan: scan, rules: rules, plan: plan, limits: limits)
        if breakdown == .target { report.breakDownByTarget() }
        if let earlierJSON {
            do {
                report.comparison = try MigrationComparison(
                    earlierJSON: earlierJSON, current: scan, rules: rules, plan: plan)
            } catch {
                throw Failure(message: error.message)
            }
        }
        report.attach(readExcerpts(report.neededLines, files: files))
        return report
    }

    /// Reads each needed file once and keeps only the requested lines; unreadable files are skipped
    /// (their findings are shown without code).
    public static func readExcerpts(_ needed: [PathKey: Set<Int>], files: [DiscoveredFile]) -> SourceExcerpts {
        var excerpts = SourceExcerpts()
        guard !needed.isEmpty else { return excerpts }
        for file in files {
            guard let lineNumbers = needed[PathKey(file.displayPath)],
                case .success(let bytes) = SourceReader.read(file, requireUTF8: false)
            else { continue }
            let table = LineTable(bytes)
            for number in lineNumbers.sorted() where number <= table.lineCount {
                let range = table.rangeOfLine(number, in: bytes)
                excerpts.set(file.displayPath, number, String(decoding: bytes[range.start..<range.end], as: UTF8.self))
            }
        }
        return excerpts
    }
}
