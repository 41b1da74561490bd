import LCKCore

/// The CallKit/PushKit usages of a report counted per symbol, for the compact inventory of `text` and
/// `xcode`: a real app has hundreds of uses of a few dozen symbols, and one line per use buried the
/// anti-patterns.
///
/// Rows are sorted by severity (a warning first: a symbol whose behaviour is lost), then by count
/// (most used first), then by symbol and rule id in byte order, so the table never depends on `--jobs`
/// or file order. A row's first use is the earliest in report order (path, line, column).
struct UsageInventory {
    struct Row {
        var ruleID: String
        var symbol: String
        var replacement: String
        /// The highest severity among the symbol's uses (one rule's uses normally share one).
        var severity: Severity
        var count: Int
        var fileCount: Int
        /// The symbol's first use in report order.
        var first: Finding
        /// Path of the last use counted, to count files (uses arrive grouped by path).
        fileprivate var lastPath: String
    }

    /// In table order.
    let rows: [Row]
    let useCount: Int
    let fileCount: Int

    /// Whether `finding` is a usage (a mapping rule's finding) rather than an anti-pattern.
    static func isUsage(_ finding: Finding, in digest: ReportDigest) -> Bool {
        let kind = digest.descriptor(for: finding.ruleID)?.kind
        return kind == .mapping || (kind == nil && finding.mappingKind != nil)
    }

    /// `usages` in report order (as `ReportDigest.active` gives them).
    init(_ usages: [Finding]) {
        var rows: [Row] = []
        var index: [String: Int] = [:]
        var files = 0
        var lastPath: String?
        for finding in usages {
            if lastPath == nil || !lastPath!.hasSameBytes(as: finding.path) {
                files += 1
                lastPath = finding.path
            }
            let symbol = finding.symbol ?? finding.ruleID
            let replacement = finding.replacement ?? "no equivalent"
            let key = finding.ruleID + "\u{0}" + symbol + "\u{0}" + replacement
            if let position = index[key] {
                rows[position].count += 1
                rows[position].severity = max(rows[position].severity, finding.severity)
                if !rows[position].lastPath.hasSameBytes(as: finding.path) {
                    rows[position].fileCount += 1
                    rows[position].lastPath = finding.path
                }
            } else {
                index[key] = rows.count
                rows.append(
                    Row(
                        ruleID: finding.ruleID, symbol: symbol, replacement: replacement, severity: finding.severity,
                        count: 1, fileCount: 1, first: finding, lastPath: finding.path))
            }
        }
        self.rows = rows.sorted(by: Self.tableOrder)
        useCount = usages.count
        fileCount = files
    }

    private static func tableOrder(_ lhs: Row, _ rhs: Row) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.count != rhs.count { return lhs.count > rhs.count }
        if !lhs.symbol.hasSameBytes(as: rhs.symbol) {
            return lhs.symbol.utf8.lexicographicallyPrecedes(rhs.symbol.utf8)
        }
        if !lhs.ruleID.hasSameBytes(as: rhs.ruleID) {
            return lhs.ruleID.utf8.lexicographicallyPrecedes(rhs.ruleID.utf8)
        }
        return lhs.replacement.utf8.lexicographicallyPrecedes(rhs.replacement.utf8)
    }

    /// `97 uses of 12 symbols in 3 files`.
    var totals: String {
        "\(plural(useCount, "use")) of \(plural(rows.count, "symbol")) in \(plural(fileCount, "file"))"
    }

    /// The `xcode` line of a row: a diagnostic at the first use, so an editor or Xcode opens it.
    static func compilerLine(_ row: Row, style: TerminalStyle) -> String {
        let uses = "\(plural(row.count, "use")) in \(plural(row.fileCount, "file"))"
        let message = "\(row.symbol) → \(row.replacement): \(uses), this one first"
        guard style.isColored else {
            return VisibleText.line(
                "\(row.first.compilerLocation): \(row.severity.rawValue): \(message) [\(row.ruleID)]")
        }
        let location = style.path(VisibleText.escaped(row.first.compilerLocation))
        let severity = style.severity(row.severity, row.severity.rawValue + ":")
        return
            "\(location): \(severity) \(VisibleText.escaped(message)) [\(style.ruleID(VisibleText.escaped(row.ruleID)))]\n"
    }
}
