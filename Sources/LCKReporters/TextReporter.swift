import LCKCore

/// The default report, for a person reading a terminal or a CI log: the anti-patterns in full, then the
/// CallKit/PushKit usage inventory as a table with one row per symbol.
///
/// The anti-pattern findings (analyzer and suppression rules) keep `xcode`'s compiler-style lines with
/// their witness notes, so they stay clickable, and come first: they are what to fix. The inventory
/// answers "how much is there to migrate": a row per symbol with its number of uses, its severity, its
/// first use (`path:line:column`), the LiveCommunicationKit replacement and the rule id, in
/// `UsageInventory` order (warnings first, then most used). At most `tableRows` rows are printed; one
/// line counts the rest. `listsEveryUse` (`--verbose`, `--only mappings`) prints every use as a
/// compiler-style line instead. Terminal or not, the bytes are the same (colour aside).
public struct TextReporter: Reporter {
    /// The two section headings (the counts follow them): an earlier text report is recognized by them.
    public static let antiPatternHeading = "Anti-patterns to fix ("
    public static let usageHeading = "CallKit and PushKit usages to migrate ("

    /// Every usage as its own line instead of the table (`--verbose`, `--only mappings`).
    public var listsEveryUse: Bool
    /// Colours locations, severities and rule ids on a terminal (`--color`).
    public var style: TerminalStyle

    /// Rows of the inventory table: enough for the symbols that carry a migration, few enough that the
    /// anti-patterns stay on the first screen of a real app's report.
    public static let tableRows = 20

    public init(listsEveryUse: Bool = false, style: TerminalStyle = .plain) {
        self.listsEveryUse = listsEveryUse
        self.style = style
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        let digest = ReportDigest(report)
        var antiPatterns = ""
        var antiPatternCount = 0
        var usages: [Finding] = []
        var explained: Set<String> = []
        for finding in digest.active {
            if UsageInventory.isUsage(finding, in: digest) {
                usages.append(finding)
            } else {
                antiPatternCount += 1
                let explain = explained.insert(finding.ruleID).inserted
                antiPatterns += XcodeReporter.lines(for: finding, explain: explain, style: style)
            }
        }
        var out = ""
        if antiPatternCount > 0 {
            out += Self.antiPatternHeading + "\(plural(antiPatternCount, "finding"))):\n" + antiPatterns
        }
        if !usages.isEmpty {
            if !out.isEmpty { out += "\n" }
            let inventory = UsageInventory(usages)
            let heading = Self.usageHeading + "\(inventory.totals))"
            if listsEveryUse {
                out += heading + ", every use:\n"
                for finding in usages {
                    let explain = explained.insert(finding.ruleID).inserted
                    out += XcodeReporter.lines(for: finding, explain: explain, style: style)
                }
            } else {
                out += heading + ", by symbol:\n" + table(inventory)
            }
        }
        return Array(out.utf8)
    }

    /// The header, the first `tableRows` rows, the line counting the rest, and the `rules explain` hint.
    private func table(_ inventory: UsageInventory) -> String {
        let shown = inventory.rows.prefix(Self.tableRows)
        let countWidth = max(4, String(shown.map(\.count).max() ?? 0).count)
        let locations = shown.map { VisibleText.escaped($0.first.compilerLocation) }
        let locationWidth = max("first use".count, locations.map(\.count).max() ?? 0)
        let levelWidth = "warning".count
        var out =
            "  " + pad("uses", countWidth, left: true) + "  " + pad("level", levelWidth) + "  "
            + pad("first use", locationWidth) + "  symbol → LiveCommunicationKit [rule]\n"
        for (row, location) in zip(shown, locations) {
            let level = style.severity(row.severity, row.severity.rawValue)
            let mapping = VisibleText.escaped("\(row.symbol) → \(row.replacement)")
            out += "  " + pad(String(row.count), countWidth, left: true) + "  "
            out += level + String(repeating: " ", count: levelWidth - row.severity.rawValue.count) + "  "
            out += style.path(location) + String(repeating: " ", count: locationWidth - location.count) + "  "
            out += mapping + " [" + style.ruleID(VisibleText.escaped(row.ruleID)) + "]\n"
        }
        let hidden = inventory.rows.dropFirst(Self.tableRows)
        if !hidden.isEmpty {
            let uses = hidden.reduce(0) { $0 + $1.count }
            let warnings = hidden.count(where: { $0.severity >= .warning })
            out += "  … \(plural(hidden.count, "more symbol")) with \(plural(uses, "use"))"
            out += warnings > 0 ? " (\(plural(warnings, "warning")))" : ""
            out += "; --verbose lists every use, --format summary counts every rule\n"
        }
        out += "  '\(ToolInfo.name) rules explain RULE' says what to write for a row\n"
        return out
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? fill + text : text + fill
    }
}
