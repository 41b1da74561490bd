/// Answers "which of these ranges hold a token" by bisection instead of a scan of every range, for
/// questions asked once per call or construction of a file (a scan each made repeated app code
/// quadratic). Exact when the ranges nest or are disjoint, as blocks and bodies do; when they overlap
/// (`#if` clauses crossing braces) every answer comes from the scan, as before.
public struct ContainingRanges: Sendable {
    private let ranges: [Range<Int>?]
    /// Nil when the ranges overlap.
    private let index: InnermostRangeIndex?
    /// Per range, the lowest index among it and the ranges around it.
    private let firstAround: [Int]

    public init(_ ranges: [Range<Int>?]) {
        self.ranges = ranges
        let index = InnermostRangeIndex(ranges)
        guard index.rangesNest else {
            self.index = nil
            firstAround = []
            return
        }
        self.index = index
        // Outer ranges first (earlier start, then later end; equal ones by decreasing index, as the index
        // orders them), so the stack of open ranges gives each its enclosing one.
        let order = ranges.indices.filter { ranges[$0].map { !$0.isEmpty } ?? false }.sorted {
            let (left, right) = (ranges[$0]!, ranges[$1]!)
            if left.lowerBound != right.lowerBound { return left.lowerBound < right.lowerBound }
            if left.upperBound != right.upperBound { return left.upperBound > right.upperBound }
            return $0 > $1
        }
        var first = Array(ranges.indices)
        var open: [Int] = []
        for entry in order {
            let range = ranges[entry]!
            while let top = open.last, ranges[top]!.upperBound <= range.lowerBound { open.removeLast() }
            if let outer = open.last { first[entry] = min(entry, first[outer]) }
            open.append(entry)
        }
        firstAround = first
    }

    /// The smallest range holding `token`, the lowest index among equal ones.
    public func innermost(containing token: Int) -> Int? {
        if let index { return index.innermost(containing: token) }
        var best: Int?
        for (entry, range) in ranges.enumerated() {
            guard let range, range.contains(token) else { continue }
            if let current = best, let currentRange = ranges[current], currentRange.count <= range.count { continue }
            best = entry
        }
        return best
    }

    /// The lowest index among the ranges holding `token`.
    public func first(containing token: Int) -> Int? {
        if let index { return index.innermost(containing: token).map { firstAround[$0] } }
        return ranges.firstIndex { $0?.contains(token) ?? false }
    }
}
