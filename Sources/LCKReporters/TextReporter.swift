import LCKCore

/// The default report: `xcode`'s compiler-style lines, or, for a person at a terminal (`grouped`), the
/// anti-patterns first and then the mapping inventory condensed to one line per file and symbol.
///
/// Grouped, the anti-pattern findings (analyzer and suppression rules) keep their compiler-style lines
/// with witness notes, so they stay clickable; each inventory line reads
/// `path:line: Symbol ×count → Replacement`, with the line of the symbol's first use in that file. The
/// first line of each rule (anti-pattern or mapping) adds what to write and `(lckmigrate rules explain ID)`.
/// Files and pipes never get the grouped form, so scripts reading `text` see the same bytes as `xcode`.
public struct TextReporter: Reporter {
    public var grouped: Bool
    /// Colours locations, severities and rule ids on a terminal (`--color`).
    public var style: TerminalStyle

    public init(grouped: Bool = false, style: TerminalStyle = .plain) {
        self.grouped = grouped
        self.style = style
    }

    public func render(_ report: ScanReport) -> [UInt8] {
        guard grouped else { return XcodeReporter(style: style).render(report) }
        let digest = ReportDigest(report)
        var antiPatterns = ""
        var antiPatternCount = 0
        var inventory = Inventory(style: style)
        var explained: Set<String> = []
        for finding in digest.active {
            let descriptor = digest.descriptor(for: finding.ruleID)
            let explain = explained.insert(finding.ruleID).inserted
            if descriptor?.kind == .mapping || (descriptor == nil && finding.mappingKind != nil) {
                inventory.add(finding, advice: explain ? descriptor?.rationale ?? "" : nil)
            } else {
                antiPatternCount += 1
                antiPatterns += XcodeReporter.lines(for: finding, explain: explain, style: style)
            }
        }
        var out = ""
        if antiPatternCount > 0 {
            out += "Anti-patterns to fix (\(plural(antiPatternCount, "finding"))):\n" + antiPatterns
        }
        if inventory.count > 0 {
            if !out.isEmpty { out += "\n" }
            out +=
                "CallKit and PushKit usages to migrate (\(plural(inventory.count, "usage")) in "
                + "\(plural(inventory.fileCount, "file")); one line per file and symbol):\n" + inventory.text
        }
        return Array(out.utf8)
    }
}

/// Mapping findings counted per file and symbol, in report order (findings arrive grouped by path).
private struct Inventory {
    private struct Row {
        var location: String
        var symbol: String
        var replacement: String
        var count: Int
        /// For the rule's first row in the output: what to write, then the `rules explain` hint.
        var explanation: String?
    }

    let style: TerminalStyle
    private(set) var count = 0
    private(set) var fileCount = 0
    private var lines = ""
    private var currentPath: String?
    private var rows: [Row] = []
    private var rowIndex: [String: Int] = [:]

    init(style: TerminalStyle) {
        self.style = style
    }

    /// `advice` is non-nil for the rule's first finding in the output.
    mutating func add(_ finding: Finding, advice: String?) {
        count += 1
        if currentPath == nil || !currentPath!.hasSameBytes(as: finding.path) {
            flush()
            currentPath = finding.path
            fileCount += 1
        }
        let symbol = finding.symbol ?? finding.ruleID
        let replacement = finding.replacement ?? "no equivalent"
        let key = symbol + "\u{0}" + replacement
        let explanation = advice.map { ($0.isEmpty ? "" : ": " + $0) + XcodeReporter.explainHint(finding.ruleID) }
        if let index = rowIndex[key] {
            rows[index].count += 1
            if rows[index].explanation == nil { rows[index].explanation = explanation }
        } else {
            rowIndex[key] = rows.count
            let location = finding.start.line > 0 ? "\(finding.path):\(finding.start.line)" : finding.path
            rows.append(
                Row(
                    location: location, symbol: symbol, replacement: replacement, count: 1, explanation: explanation))
        }
    }

    /// The finished inventory's lines (call once, after the last finding).
    var text: String {
        var copy = self
        copy.flush()
        return copy.lines
    }

    private mutating func flush() {
        for row in rows {
            let rest = "\(row.symbol) ×\(row.count) → \(row.replacement)\(row.explanation ?? "")"
            if style.isColored {
                lines += style.path(VisibleText.escaped(row.location)) + ": " + VisibleText.line(rest)
            } else {
                lines += VisibleText.line("\(row.location): \(rest)")
            }
        }
        rows.removeAll(keepingCapacity: true)
        rowIndex.removeAll(keepingCapacity: true)
    }
}
