import LCKCore
import LCKLexer

/// The lines one rule id of one directive covers, as a 1-based inclusive range.
struct SuppressionScope {
    var directive: Int
    var ruleID: String
    var firstLine: Int
    var lastLine: Int
    var specificity: Int  // lower wins
    var used = false
}

/// For each line, the first line at or after it holding a token, skipping comment-only lines, or 0 when a
/// blank line or the end of the file comes first: the target of `disable-next-line`.
///
/// Built in one backward pass over the lines, so a stack of N `disable-next-line` comments costs N lines,
/// not N lines each (it was quadratic: every directive walked the stack below it).
struct NextCodeLines {
    /// 1-based line → its next code line (0: none); index `lineCount + 1` is the end of the file.
    private var next: [Int]

    init(file: TokenizedFile, lines: LineTable, work: inout Int) {
        let count = lines.lineCount
        var holdsToken = [Bool](repeating: false, count: count + 2)
        var line = 0
        for token in file.tokens {
            while line + 1 < count && lines.lineStarts[line + 1] <= token.start { line += 1 }
            if token.start < lines.rangeOfLine(line + 1, in: file.bytes).end { holdsToken[line + 1] = true }
        }
        next = [Int](repeating: 0, count: count + 2)
        var candidate = count
        while candidate >= 1 {
            work += 1
            let range = lines.rangeOfLine(candidate, in: file.bytes)
            var index = range.start
            while index < range.end && (file.bytes[index] == 0x20 || file.bytes[index] == 0x09) { index += 1 }
            if index == range.end {
                next[candidate] = 0
            } else {
                next[candidate] = holdsToken[candidate] ? candidate : next[candidate + 1]
            }
            candidate -= 1
        }
    }

    /// The first code line after `line`; nil at a blank line or the end of the file.
    func after(_ line: Int) -> Int? {
        guard line + 1 >= 1 && line + 1 < next.count, next[line + 1] > 0 else { return nil }
        return next[line + 1]
    }
}

/// The scopes of a file's directives indexed for `claim`: one dictionary lookup per kind and finding,
/// so N directives and M findings cost N + M, not N × M.
///
/// The winner is the scope `SuppressionPass` always chose: the most specific kind; among regions the one
/// that started last (innermost); among equals the first in scope order.
struct SuppressionScopeIndex {
    private struct LineKey: Hashable {
        var line: Int
        var ruleID: String
    }

    /// The regions of one rule id (or `all`) that start on one line. A rule id's regions open until an
    /// `enable` that closes all of them, so of those starting on a line only the ones still open after it
    /// reach later lines, and they share their last line.
    private struct RegionStart {
        var firstLine: Int
        var first: Int
        var firstPast: Int?
        var lastLinePast = 0
    }

    private var lineScopes: [LineKey: Int] = [:]
    private var regions: [String: [RegionStart]] = [:]
    private var fileScopes: [String: Int] = [:]

    init(_ scopes: [SuppressionScope]) {
        var regionScopes: [String: [Int]] = [:]
        for (index, scope) in scopes.enumerated() {
            switch scope.specificity {
            case 0 where scope.firstLine >= 1:
                let key = LineKey(line: scope.firstLine, ruleID: scope.ruleID)
                if lineScopes[key] == nil { lineScopes[key] = index }
            case 1: regionScopes[scope.ruleID, default: []].append(index)
            case 2: if fileScopes[scope.ruleID] == nil { fileScopes[scope.ruleID] = index }
            default: break
            }
        }
        for (ruleID, indices) in regionScopes {
            let sorted = indices.sorted { (scopes[$0].firstLine, $0) < (scopes[$1].firstLine, $1) }
            var starts: [RegionStart] = []
            for index in sorted {
                let scope = scopes[index]
                if starts.last?.firstLine != scope.firstLine {
                    starts.append(RegionStart(firstLine: scope.firstLine, first: index))
                }
                if scope.lastLine > scope.firstLine && starts[starts.count - 1].firstPast == nil {
                    starts[starts.count - 1].firstPast = index
                    starts[starts.count - 1].lastLinePast = scope.lastLine
                }
            }
            regions[ruleID] = starts
        }
    }

    /// The index of the scope that claims a finding of `ruleID` on `line`, if any.
    func claimant(line: Int, ruleID: String) -> Int? {
        let lineCandidates = [
            lineScopes[LineKey(line: line, ruleID: ruleID)], lineScopes[LineKey(line: line, ruleID: "all")],
        ]
        if let best = lineCandidates.compactMap({ $0 }).min() { return best }
        let regionCandidates = [region(line: line, ruleID: ruleID), region(line: line, ruleID: "all")].compactMap { $0 }
        if let best = regionCandidates.min(by: { ($1.firstLine, $0.index) < ($0.firstLine, $1.index) }) {
            return best.index
        }
        return [fileScopes[ruleID], fileScopes["all"]].compactMap { $0 }.min()
    }

    /// The innermost region of `ruleID` covering `line`: the last start at or before it (binary search).
    private func region(line: Int, ruleID: String) -> (firstLine: Int, index: Int)? {
        guard let starts = regions[ruleID] else { return nil }
        let low = starts.partitioningIndex { $0.firstLine > line }
        guard low > 0 else { return nil }
        let start = starts[low - 1]
        if start.firstLine == line { return (line, start.first) }
        guard let past = start.firstPast, start.lastLinePast >= line else { return nil }
        return (start.firstLine, past)
    }
}

/// The `disable` regions not yet ended, per rule id, so an `enable` touches only the regions it ends
/// (a list filtered on every `enable` made N regions and N `enable`s quadratic).
struct OpenRegions {
    private var byRuleID: [String: [(sequence: Int, directive: Int, line: Int)]] = [:]
    private var opened = 0

    mutating func open(_ ruleID: String, directive: Int, line: Int) {
        byRuleID[ruleID, default: []].append((opened, directive, line))
        opened += 1
    }

    /// Ends the regions of `ruleID` (`all`: every region) at `line`, as scopes in the order they opened;
    /// empty when nothing was open.
    mutating func close(_ ruleID: String, atLine line: Int) -> [SuppressionScope] {
        var closing: [(ruleID: String, region: (sequence: Int, directive: Int, line: Int))] = []
        if ruleID == "all" {
            for (id, regions) in byRuleID { closing += regions.map { (id, $0) } }
            closing.sort { $0.region.sequence < $1.region.sequence }
            byRuleID.removeAll()
        } else if let regions = byRuleID.removeValue(forKey: ruleID) {
            closing = regions.map { (ruleID, $0) }
        }
        return closing.map {
            SuppressionScope(
                directive: $0.region.directive, ruleID: $0.ruleID, firstLine: $0.region.line, lastLine: line,
                specificity: 1)
        }
    }
}
