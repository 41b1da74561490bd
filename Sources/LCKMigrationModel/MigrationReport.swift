import LCKCore
import LCKRules

/// Everything the HTML and Markdown migration reports show, computed once from a scan, the rule
/// table and the plan, so both renderers agree on counts, statuses and which findings are listed.
public struct MigrationReport: Sendable {
    /// Usages and effort of one rule-table area.
    public struct AreaSummary: Sendable, Hashable {
        public var id: String
        public var title: String
        /// Active mapping findings in the area.
        public var usages: Int
        /// Of those, the ones that must change (`Finding.mustChange`).
        public var pending: Int
        public var effort: Int
    }

    /// One row of the mapping table: a CallKit symbol the app uses and what replaces it.
    public struct MappingRow: Sendable, Hashable {
        public var ruleID: String
        public var symbol: String
        public var replacement: String
        public var mappingKind: MappingKind?
        public var area: String
        public var count: Int
        /// Distinct files, sorted.
        public var files: [String]
        public var hasNoEquivalent: Bool { mappingKind == .noEquivalent }
    }

    /// Where a plan step stands.
    public enum StepState: Sendable, Hashable {
        case done
        case toDo
        case blocked(Int)
        /// A conditional step whose condition cannot be decided: no deployment target is known.
        case mayBeNeeded
    }

    /// A plan step with its computed status, the findings behind it and the files it touches.
    public struct StepStatus: Sendable, Hashable {
        public var step: MigrationPlan.Step
        public var state: StepState
        /// Warning-level mapping findings still to migrate.
        public var pendingUsages: Int
        /// Indexes into `entries` of the analyzer findings that block the step.
        public var blockingEntries: [Int]
        public var files: [String]
    }

    /// One active finding, numbered in report order (the number is its HTML anchor).
    public struct Entry: Sendable, Hashable {
        public var index: Int
        public var finding: Finding
        /// Index into `files`.
        public var fileIndex: Int
        public var area: String?
        public var isUsage: Bool { finding.mappingKind != nil }
        /// Listed in the per-file section (false when the per-file or total cap left it out).
        public var isListed: Bool
        public var example: MappingExample?
    }

    /// A file with at least one active finding.
    public struct FileSection: Sendable, Hashable {
        public var index: Int
        public var path: String
        /// The file's role (`FileRole`): test, example and vendored files are shown apart.
        public var role = FileRole.app
        public var usages: Int
        public var findings: Int
        /// Effort points of the file's usages.
        public var effort = 0
        /// Indexes into `entries`, in report order; those with `isListed` are shown.
        public var entries: [Int]
        public var listedCount: Int
        /// The listed entries grouped by first line, so each source line is shown once with all its findings.
        public var lineGroups: [LineGroup] = []
    }

    /// Listed entries of one file that start on the same line.
    public struct LineGroup: Sendable, Hashable {
        public var line: Int
        /// Indexes into `entries`, in report order.
        public var entries: [Int]
    }

    /// Caps that keep the report readable and bounded for very large scans.
    public struct Limits: Sendable, Hashable {
        /// Findings listed with source per file; the rest are counted.
        public var findingsPerFile: Int
        /// Findings listed with source in the whole report.
        public var listedFindings: Int
        /// Anti-pattern findings in the "fix these first" list; the rest are counted.
        public var fixFirst: Int

        public init(findingsPerFile: Int = 25, listedFindings: Int = 3_000, fixFirst: Int = 10) {
            self.findingsPerFile = findingsPerFile
            self.listedFindings = listedFindings
            self.fixFirst = fixFirst
        }
    }

    public var plan: MigrationPlan
    public var filesScanned: Int
    public var filesWithCallKit: Int
    public var linesScanned: Int
    public var problems: [FileProblem]
    public var toolVersion: String
    public var rulesFingerprint: String
    public var errorCount = 0
    public var warningCount = 0
    public var noteCount = 0
    public var suppressedCount = 0
    public var usageCount = 0
    public var effortPoints = 0
    /// Usages whose LiveCommunicationKit replacement needs iOS 26.
    public var iOS26Usages = 0
    public var areas: [AreaSummary] = []
    public var mappingRows: [MappingRow] = []
    /// Analyzer (anti-pattern) findings per rule id, most first, with the highest severity among them.
    public var findingsByRule: [(ruleID: String, title: String, count: Int, severity: Severity)] = []
    /// Active analyzer (anti-pattern) findings.
    public var antiPatternCount = 0
    /// Indexes into `entries` of the anti-pattern findings to fix first: most severe first, then by
    /// file and line, at most `Limits.fixFirst`.
    public var fixFirst: [Int] = []
    public var steps: [StepStatus] = []
    public var entries: [Entry] = []
    public var files: [FileSection] = []
    /// Usages in files that are not the app's own code, per role (`FileRole`); the plan counts them too.
    public var usagesByRole: [FileRole: Int] = [:]
    /// Source lines of listed entries, filled by `attach(_:)`.
    public var excerpts = SourceExcerpts()
    public var comparison: MigrationComparison?
    /// Targets with their deployment targets, the files' targets, Objective-C files not analyzed.
    public var project = ProjectOverview()
    /// Effort points of conditional plan steps (the two-stack period), included in `effortPoints`.
    public var stepEffort = 0
    /// The plan per target (`report --by target`); nil when not asked for.
    public var targetSections: [TargetSection]?

    public var findingCount: Int { errorCount + warningCount + noteCount }
    public var effortBand: String { plan.effortBand(for: effortPoints) }
    /// The effort as developer time (`about 2–4 developer-weeks`), from the plan's `effortTimes`.
    public var effortTime: String { plan.effortTime(for: effortPoints) }
}

extension MigrationReport {
    public init(scan: ScanReport, rules: RuleTable, plan: MigrationPlan = .builtin, limits: Limits = Limits()) {
        self.plan = plan
        filesScanned = scan.filesScanned
        filesWithCallKit = scan.filesWithCallKit
        linesScanned = scan.linesScanned
        problems = scan.problems
        toolVersion = scan.toolVersion
        rulesFingerprint = scan.rulesFingerprint
        project = scan.project

        let sorted = scan.findings.sorted(by: Finding.reportOrder)
        suppressedCount = sorted.count(where: { $0.suppression != nil })
        var tally = UsageTally()
        var listedTotal = 0
        var ruleSeverity: [String: Severity] = [:]
        for finding in sorted where finding.suppression == nil {
            countSeverity(of: finding)
            let mapping = rules.mapping(id: finding.ruleID)
            let area = finding.mappingKind == nil ? nil : (mapping?.area.rawValue ?? "other")
            if let area {
                countUsage(finding, mapping: mapping, area: area, into: &tally)
            } else {
                tally.analyzerCounts[finding.ruleID, default: 0] += 1
                ruleSeverity[finding.ruleID] = max(ruleSeverity[finding.ruleID] ?? .note, finding.severity)
            }
            appendEntry(
                finding, area: area, effort: area == nil ? 0 : mapping?.effort ?? 1, example: mapping?.example,
                limits: limits, listedTotal: &listedTotal)
        }

        areas = Self.orderedAreas(tally.areaUsage, plan: plan)
        mappingRows = Self.orderedMappingRows(tally, areas: areas)
        findingsByRule = tally.analyzerCounts.map {
            (
                ruleID: $0.key, title: rules.analyzer(id: $0.key)?.title ?? $0.key, count: $0.value,
                severity: ruleSeverity[$0.key] ?? .note
            )
        }
        .sorted { $0.count != $1.count ? $0.count > $1.count : $0.ruleID < $1.ruleID }
        steps = plan.steps.compactMap { step in
            Self.status(of: step, entries: entries, deploymentTarget: project.lowestDeploymentTarget)
        }
        stepEffort = steps.reduce(0) {
            $0 + ($1.step.condition != nil && $1.state != .mayBeNeeded ? $1.step.effort : 0)
        }
        effortPoints += stepEffort
        antiPatternCount = tally.analyzerCounts.values.reduce(0, +)
        fixFirst = Self.fixFirst(entries, limit: limits.fixFirst)
        groupListedLines()
    }

    /// Per-area, per-rule and per-analyzer counts gathered while walking the findings; `init(scan:…)` turns
    /// them into the sorted `areas`, `mappingRows` and `findingsByRule` once every finding is counted.
    private struct UsageTally {
        var areaUsage: [String: AreaSummary] = [:]
        var rows: [String: MappingRow] = [:]
        var rowFiles: [String: Set<PathKey>] = [:]
        var analyzerCounts: [String: Int] = [:]
    }

    private mutating func countSeverity(of finding: Finding) {
        switch finding.severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: noteCount += 1
        }
    }

    /// Adds a mapping finding (a CallKit usage) to the totals, its area and its mapping-table row. Effort
    /// defaults to 1 for a usage whose rule has no mapping entry.
    private mutating func countUsage(
        _ finding: Finding, mapping: MappingRule?, area: String, into tally: inout UsageTally
    ) {
        usageCount += 1
        let effort = mapping?.effort ?? 1
        effortPoints += effort
        if mapping?.availability?.ios26 == true { iOS26Usages += 1 }
        var summary =
            tally.areaUsage[area]
            ?? AreaSummary(id: area, title: plan.title(ofArea: area), usages: 0, pending: 0, effort: 0)
        summary.usages += 1
        summary.effort += effort
        if finding.mustChange { summary.pending += 1 }
        tally.areaUsage[area] = summary
        var row =
            tally.rows[finding.ruleID]
            ?? MappingRow(
                ruleID: finding.ruleID, symbol: mapping?.symbol ?? finding.symbol ?? finding.ruleID,
                replacement: mapping?.replacement ?? finding.replacement ?? "", mappingKind: finding.mappingKind,
                area: area, count: 0, files: [])
        row.count += 1
        tally.rows[finding.ruleID] = row
        tally.rowFiles[finding.ruleID, default: []].insert(PathKey(finding.path))
    }

    /// Numbers the finding as the next entry and files it under its file's section (findings arrive in report
    /// order, so a new path starts a new section). It is listed with source only while both caps allow.
    private mutating func appendEntry(
        _ finding: Finding, area: String?, effort: Int, example: MappingExample?, limits: Limits,
        listedTotal: inout Int
    ) {
        let index = entries.count
        if files.last.map({ $0.path.hasSameBytes(as: finding.path) }) != true {
            var section = FileSection(
                index: files.count, path: finding.path, usages: 0, findings: 0, entries: [], listedCount: 0)
            section.role = finding.role ?? .app
            files.append(section)
        }
        let fileIndex = files.count - 1
        let listed = files[fileIndex].listedCount < limits.findingsPerFile && listedTotal < limits.listedFindings
        if listed {
            listedTotal += 1
            files[fileIndex].listedCount += 1
        }
        files[fileIndex].entries.append(index)
        if area != nil { files[fileIndex].usages += 1 } else { files[fileIndex].findings += 1 }
        if area != nil, let role = finding.role, role != .app { usagesByRole[role, default: 0] += 1 }
        files[fileIndex].effort += effort
        entries.append(
            Entry(index: index, finding: finding, fileIndex: fileIndex, area: area, isListed: listed, example: example))
    }

    /// The plan's areas in plan order (unused ones with zero counts, so the report always shows them), then
    /// areas the plan does not name, by id.
    private static func orderedAreas(_ areaUsage: [String: AreaSummary], plan: MigrationPlan) -> [AreaSummary] {
        let knownAreas = plan.areas.map(\.id)
        var areas = knownAreas.map {
            areaUsage[$0] ?? AreaSummary(id: $0, title: plan.title(ofArea: $0), usages: 0, pending: 0, effort: 0)
        }
        areas += areaUsage.values.filter { !knownAreas.contains($0.id) }.sorted { $0.id < $1.id }
        return areas
    }

    /// Mapping-table rows grouped by area in `areas` order, most used first within an area, with their files
    /// sorted by bytes.
    private static func orderedMappingRows(_ tally: UsageTally, areas: [AreaSummary]) -> [MappingRow] {
        let order = Dictionary(
            areas.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return tally.rows.values.map { row in
            var row = row
            row.files = tally.rowFiles[row.ruleID, default: []].sorted().map(\.path)
            return row
        }.sorted {
            let lhs = order[$0.area] ?? .max
            let rhs = order[$1.area] ?? .max
            if lhs != rhs { return lhs < rhs }
            if $0.count != $1.count { return $0.count > $1.count }
            return $0.ruleID < $1.ruleID
        }
    }

    /// Blocked while an analyzer of the step has an active finding; to do while a usage that must change
    /// (`Finding.mustChange`) in its areas or rules remains; done otherwise.
    static func status(of step: MigrationPlan.Step, entries: [Entry]) -> StepStatus {
        let areas = Set(step.areas)
        let rules = Set(step.rules)
        let analyzers = Set(step.analyzers)
        var blocking: [Int] = []
        var pending = 0
        var files: Set<PathKey> = []
        for entry in entries {
            if let area = entry.area {
                guard areas.contains(area) || rules.contains(entry.finding.ruleID) else { continue }
                files.insert(PathKey(entry.finding.path))
                if entry.finding.mustChange { pending += 1 }
            } else if analyzers.contains(entry.finding.ruleID) {
                files.insert(PathKey(entry.finding.path))
                blocking.append(entry.index)
            }
        }
        let state: StepState = !blocking.isEmpty ? .blocked(blocking.count) : pending > 0 ? .toDo : .done
        return StepStatus(
            step: step, state: state, pendingUsages: pending, blockingEntries: blocking,
            files: files.sorted().map(\.path))
    }

    /// The source lines the listed entries show, per path (by bytes): what `SourceExcerpts` must be filled with.
    public var neededLines: [PathKey: Set<Int>] {
        var needed: [PathKey: Set<Int>] = [:]
        for entry in entries where entry.isListed {
            needed[PathKey(entry.finding.path), default: []].formUnion(Self.lineNumbers(of: entry.finding))
        }
        return needed
    }

    /// The first line of a finding, plus up to two more when it spans lines.
    static func lineNumbers(of finding: Finding) -> ClosedRange<Int> {
        let first = max(1, finding.start.line)
        return first...max(first, min(finding.end.line, first + 2))
    }

    /// Adds the source lines read after the scan; the report is built first so it can say which lines it needs.
    public mutating func attach(_ excerpts: SourceExcerpts) {
        self.excerpts = excerpts
    }

    /// The source lines shown for an entry (empty when the file could not be read again).
    public func sourceLines(of entry: Entry) -> [(number: Int, text: String)] {
        Self.lineNumbers(of: entry.finding).compactMap { number in
            excerpts.line(entry.finding.path, number).map { (number: number, text: $0) }
        }
    }

    /// The anchor a link to an entry should use: its own when listed, else its file's.
    public func anchor(ofEntry index: Int) -> String {
        let entry = entries[index]
        if entry.isListed { return "finding-\(index)" }
        return "file-\(entry.fileIndex)"
    }
}
