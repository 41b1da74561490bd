/// For each token, the index of its matching bracket, or -1: stored for the bracket tokens only.
///
/// A dense table took 4 bytes a token, as much as a fifth of a large file's parse (issue 15, bounded
/// memory). Here a bit per token says which tokens are brackets, a count per 64 tokens gives a
/// bracket's ordinal with one population count, and only brackets store their match: about 1.2
/// bytes a token for real code (a bracket every five tokens), a quarter of a byte without brackets.
public struct BracketMatches: Sendable {
    /// Bit `i % 64` of word `i / 64`: token `i` is a bracket.
    private var bits: [UInt64]
    /// Brackets before word `w`.
    private var ranks: [Int32]
    /// The match of each bracket, in token order, or -1.
    private var matches: [Int32]
    /// How many tokens the table covers.
    public let count: Int

    /// A table for `count` tokens; `isBracket(i)` says which ones can match.
    init(count: Int, isBracket: (Int) -> Bool) {
        self.count = count
        let words = (count + 63) / 64
        var bits = [UInt64](repeating: 0, count: words)
        var ranks = [Int32](repeating: 0, count: words)
        var total = 0
        for word in 0..<words {
            ranks[word] = Int32(clamping: total)
            var value: UInt64 = 0
            for bit in 0..<min(64, count - word * 64) where isBracket(word * 64 + bit) { value |= 1 << UInt64(bit) }
            bits[word] = value
            total += value.nonzeroBitCount
        }
        self.bits = bits
        self.ranks = ranks
        matches = [Int32](repeating: -1, count: total)
    }

    /// The bracket ordinal of a token that is a bracket, else nil.
    @inline(__always) private func slot(_ token: Int) -> Int? {
        guard token >= 0, token < count else { return nil }
        let word = bits[token >> 6]
        let mask: UInt64 = 1 << UInt64(token & 63)
        guard word & mask != 0 else { return nil }
        return Int(ranks[token >> 6]) + (word & (mask &- 1)).nonzeroBitCount
    }

    /// The matching token, or -1 (not a bracket, unbalanced, or out of range).
    public subscript(token: Int) -> Int32 {
        guard let slot = slot(token) else { return -1 }
        return matches[slot]
    }

    /// Records `opener` and `closer` as a pair (both must be brackets).
    mutating func pair(_ opener: Int, _ closer: Int) {
        guard let open = slot(opener), let close = slot(closer) else { return }
        matches[open] = Int32(clamping: closer)
        matches[close] = Int32(clamping: opener)
    }

    /// Bytes held by the table's arrays (capacity, not count), for tests that bound the parse's memory.
    public var heldBytes: Int {
        bits.capacity * MemoryLayout<UInt64>.stride + ranks.capacity * MemoryLayout<Int32>.stride
            + matches.capacity * MemoryLayout<Int32>.stride
    }
}
