/// Which of a set of nested token ranges (type bodies, closures) is the innermost around a token, in
/// O(log n) per question: asking by scanning every range made each member use cost the file's number of
/// types, and one large file quadratic.
///
/// Built once by a sweep over the ranges in start order with a stack of the open ones: the innermost
/// range changes only where a range starts or ends, so at most two segments per range are kept.
public struct InnermostRangeIndex: Sendable {
    /// Segment starts (token indices), increasing, and the range index in effect from there (-1: none).
    private var starts: [Int32] = []
    private var values: [Int32] = []
    /// Whether every two ranges nest or are disjoint: then the answers are exactly "the smallest range
    /// around the token, the lowest index among equal ones".
    public private(set) var rangesNest = true

    /// `ranges[i]` is the range of entry `i` (nil or empty: not indexed). Ranges are expected to nest or
    /// be disjoint, as bracket pairs are; where two overlap, the later-starting one counts as inner.
    public init(_ ranges: [Range<Int>?]) {
        let order = ranges.indices.filter { ranges[$0].map { !$0.isEmpty } ?? false }.sorted {
            let left = ranges[$0]!
            let right = ranges[$1]!
            if left.lowerBound != right.lowerBound { return left.lowerBound < right.lowerBound }
            if left.upperBound != right.upperBound { return left.upperBound > right.upperBound }
            return $0 > $1  // equal ranges: the lower index ends up innermost, as the first found used to
        }
        var open: [Int] = []
        for index in order {
            close(upTo: ranges[index]!.lowerBound, open: &open, ranges: ranges)
            if let outer = open.last, ranges[outer]!.upperBound < ranges[index]!.upperBound { rangesNest = false }
            open.append(index)
            emit(at: ranges[index]!.lowerBound, index)
        }
        close(upTo: Int.max, open: &open, ranges: ranges)
    }

    /// Ends the open ranges that end at or before `position`, recording who is innermost after each.
    private mutating func close(upTo position: Int, open: inout [Int], ranges: [Range<Int>?]) {
        while let top = open.last, ranges[top]!.upperBound <= position {
            open.removeLast()
            let end = ranges[top]!.upperBound
            // An improperly overlapping range below may have ended already: it no longer counts.
            while let below = open.last, ranges[below]!.upperBound <= end { open.removeLast() }
            emit(at: end, open.last ?? -1)
        }
    }

    private mutating func emit(at position: Int, _ value: Int) {
        let start = Int32(clamping: position)
        if let last = starts.last, last == start {
            values[values.count - 1] = Int32(value)
        } else {
            starts.append(start)
            values.append(Int32(value))
        }
    }

    /// The innermost range containing `token`, if any.
    public func innermost(containing token: Int) -> Int? {
        var steps = 0
        return innermost(containing: token, steps: &steps)
    }

    /// `innermost(containing:)`, adding the bisection steps taken to `steps` (tests count them).
    public func innermost(containing token: Int, steps: inout Int) -> Int? {
        let low = starts.partitioningIndex { start in
            steps += 1
            return Int(start) > token
        }
        guard low > 0, values[low - 1] >= 0 else { return nil }
        return Int(values[low - 1])
    }

    /// How many segments the index holds (at most two per range): for tests.
    public var segmentCount: Int { starts.count }
}
