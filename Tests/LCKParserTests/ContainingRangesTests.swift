import LCKTestSupport
import Testing

@testable import LCKParser

/// `ContainingRanges` answers what the scans it replaced answered (issue 29, the `samples-apps` shape):
/// the smallest range around a token and the first range around it, for nested, disjoint, empty, equal
/// and overlapping ranges.
@Suite struct ContainingRangesTests {
    /// Random ranges: nested and disjoint ones (with equal and empty ones), or also overlapping ones.
    static func ranges(_ random: inout SeededRandom, overlapping: Bool) -> [Range<Int>?] {
        var ranges: [Range<Int>?] = []
        var open: [Int] = []
        var position = 0
        for _ in 0..<60 {
            position += random.below(3)
            if !open.isEmpty, random.below(3) == 0 {
                let start = open.removeLast()
                ranges.append(start..<position)
                if random.below(6) == 0 { ranges.append(start..<position) }
            } else if random.below(8) == 0 {
                ranges.append(random.below(2) == 0 ? nil : position..<position)
            } else {
                open.append(position)
            }
        }
        // The ones still open end last, innermost first, so that they nest.
        while let start = open.popLast() {
            position += random.below(2)
            ranges.append(start..<position)
        }
        if overlapping { ranges.append(1..<(position / 2 + 1)) }
        // In no particular order: the lowest index is not always the outermost range.
        for slot in ranges.indices.reversed() { ranges.swapAt(slot, random.below(slot + 1)) }
        return ranges
    }

    /// The scan the lookups replaced: the smallest range around the token, the first of equal ones.
    static func smallest(containing token: Int, in ranges: [Range<Int>?]) -> Int? {
        var smallest: Int?
        for (entry, range) in ranges.enumerated() {
            guard let range, range.contains(token) else { continue }
            if let current = smallest, ranges[current]!.count <= range.count { continue }
            smallest = entry
        }
        return smallest
    }

    @Test(arguments: [false, true])
    func agreesWithTheScans(overlapping: Bool) {
        var random = SeededRandom(seed: 29)
        for _ in 0..<50 {
            let ranges = Self.ranges(&random, overlapping: overlapping)
            let lookup = ContainingRanges(ranges)
            let end = ranges.compactMap { $0?.upperBound }.max() ?? 0
            for token in -1...(end + 1) {
                let smallest = Self.smallest(containing: token, in: ranges)
                let first = ranges.firstIndex { $0?.contains(token) ?? false }
                #expect(lookup.innermost(containing: token) == smallest, "token \(token) in \(ranges)")
                #expect(lookup.first(containing: token) == first, "token \(token) in \(ranges)")
            }
        }
    }
}
