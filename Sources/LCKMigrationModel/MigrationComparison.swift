import LCKCore
import LCKRules

/// Progress since an earlier `scan --format json`: what was migrated and what was added, per area.
///
/// Findings are matched by rule id + path + symbol and compared as counts, never by line, so code
/// that only moved is neither migrated nor added.
public struct MigrationComparison: Sendable, Hashable {
    /// One area's counts then and now, the rows of the report's progress table.
    public struct AreaChange: Sendable, Hashable {
        public var id: String
        public var title: String
        public var before: Int
        public var now: Int
        /// Matched findings that are gone (counted per rule id + path + symbol).
        public var migrated: Int
        /// Findings that are new since the earlier scan.
        public var added: Int

        public init(id: String, title: String, before: Int, now: Int, migrated: Int, added: Int) {
            self.id = id
            self.title = title
            self.before = before
            self.now = now
            self.migrated = migrated
            self.added = added
        }
    }

    /// One rule id + path + symbol whose count changed.
    public struct Change: Sendable, Hashable {
        public var ruleID: String
        public var path: String
        public var symbol: String?
        public var before: Int
        public var now: Int
    }

    /// Per area in plan order, then `anti-patterns` for analyzer findings; unchanged areas included.
    public var areas: [AreaChange]
    /// Changed keys, largest change first.
    public var changes: [Change]
    public var earlierVersion: String
    /// Files with findings in both reports; 0 with findings on both sides usually means the two
    /// scans ran from different directories, so their relative paths cannot match.
    public var commonPaths: Int
    public var earlierPaths: Int

    public var migrated: Int { areas.reduce(0) { $0 + $1.migrated } }
    public var added: Int { areas.reduce(0) { $0 + $1.added } }

    /// The area id used for findings that are not mapping usages.
    public static let antiPatternArea = "anti-patterns"
}

/// Why an earlier report could not be compared.
public struct MigrationComparisonError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension MigrationComparison {
    private struct Key: Hashable {
        var ruleID: String
        /// Compared by bytes: two spellings of one name are two files.
        var path: PathKey
        var symbol: String?
    }

    /// Compares the active findings of `current` with those in `earlierJSON` (a `scan --format json` file).
    public init(
        earlierJSON: [UInt8], current: ScanReport, rules: RuleTable, plan: MigrationPlan = .builtin
    ) throws(MigrationComparisonError) {
        let root: JSONValue
        do {
            root = try JSONParser().parse(earlierJSON).root
        } catch {
            throw MigrationComparisonError(message: "not a JSON report: \(error.description)")
        }
        guard let findings = root["findings"]?.arrayValue else {
            throw MigrationComparisonError(message: "not a 'scan --format json' report: it has no \"findings\" array")
        }
        var before: [Key: Int] = [:]
        var isUsage: [String: Bool] = [:]
        for finding in findings {
            guard let ruleID = finding["ruleId"]?.stringValue, let path = finding["path"]?.stringValue else {
                throw MigrationComparisonError(message: "a finding in the earlier report has no \"ruleId\" or \"path\"")
            }
            if finding["suppressed"] != nil { continue }
            before[Key(ruleID: ruleID, path: PathKey(path), symbol: finding["symbol"]?.stringValue), default: 0] += 1
            if let kind = finding["mappingKind"], !kind.isNull { isUsage[ruleID] = true }
        }
        var now: [Key: Int] = [:]
        for finding in current.findings where finding.suppression == nil {
            now[Key(ruleID: finding.ruleID, path: PathKey(finding.path), symbol: finding.symbol), default: 0] += 1
            if finding.mappingKind != nil { isUsage[finding.ruleID] = true }
        }
        func area(of ruleID: String) -> String {
            guard isUsage[ruleID] == true else { return Self.antiPatternArea }
            return rules.mapping(id: ruleID)?.area.rawValue ?? "other"
        }
        var perArea: [String: AreaChange] = [:]
        var changes: [Change] = []
        for key in Set(before.keys).union(now.keys) {
            let old = before[key] ?? 0
            let new = now[key] ?? 0
            let id = area(of: key.ruleID)
            var change =
                perArea[id]
                ?? AreaChange(
                    id: id, title: id == Self.antiPatternArea ? "Anti-patterns" : plan.title(ofArea: id),
                    before: 0, now: 0, migrated: 0, added: 0)
            change.before += old
            change.now += new
            change.migrated += max(0, old - new)
            change.added += max(0, new - old)
            perArea[id] = change
            if old != new {
                changes.append(
                    Change(ruleID: key.ruleID, path: key.path.path, symbol: key.symbol, before: old, now: new))
            }
        }
        var ordered = plan.areas.map {
            perArea.removeValue(forKey: $0.id)
                ?? AreaChange(id: $0.id, title: $0.title, before: 0, now: 0, migrated: 0, added: 0)
        }
        let antiPatterns = perArea.removeValue(forKey: Self.antiPatternArea)
        ordered += perArea.values.sorted { $0.id < $1.id }
        ordered.append(
            antiPatterns
                ?? AreaChange(
                    id: Self.antiPatternArea, title: "Anti-patterns", before: 0, now: 0, migrated: 0, added: 0))
        self.areas = ordered
        self.changes = changes.sorted {
            let lhs = abs($0.now - $0.before)
            let rhs = abs($1.now - $1.before)
            if lhs != rhs { return lhs > rhs }
            if !$0.path.hasSameBytes(as: $1.path) { return $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            if $0.ruleID != $1.ruleID { return $0.ruleID < $1.ruleID }
            return ($0.symbol ?? "") < ($1.symbol ?? "")
        }
        earlierVersion = root["version"]?.stringValue ?? ""
        let earlierPathSet = Set(before.keys.map(\.path))
        earlierPaths = earlierPathSet.count
        commonPaths = earlierPathSet.intersection(now.keys.map(\.path)).count
    }
}
