import LCKTestSupport
import Testing

@testable import LCKAnalyzers

/// The detector's token lookups, as sorted arrays: the same answers as the dictionaries they replaced
/// (a later entry for a token wins), in order or not.
@Suite struct TokenKeyedIndexTests {
    @Test func answersAsADictionaryFilledInTheSameOrder() {
        var random = SeededRandom(seed: 42)
        for sorted in [true, false] {
            var entries: [(Int, Int)] = (0..<500).map { _ in (random.below(300), random.below(1_000)) }
            if sorted { entries.sort { $0.0 < $1.0 } }
            var dictionary: [Int: Int] = [:]
            for (token, value) in entries { dictionary[token] = value }
            let index = TokenKeyedIndex<Int> { add in for (token, value) in entries { add(token, value) } }
            #expect(index.count == dictionary.count)
            for token in -2..<305 { #expect(index[token] == dictionary[token], "token \(token)") }
        }
    }

    /// Memory by counting: given the number of entries, the index holds room for no more than that
    /// (grown by doubling and copied to drop repeated tokens, it held up to four times its entries at a
    /// large file's peak), at two sizes, sorted or not.
    @Test func holdsNoMoreRoomThanItsEntries() {
        var random = SeededRandom(seed: 7)
        for size in [1_000, 20_000] {
            for sorted in [true, false] {
                var entries: [(Int, Int)] = (0..<size).map { _ in (random.below(size * 4), random.below(1_000)) }
                if sorted { entries.sort { $0.0 < $1.0 } }
                let index = TokenKeyedIndex<Int>(capacity: entries.count) { add in
                    for (token, value) in entries { add(token, value) }
                }
                // The allocator may round a request up a little; doubling would leave up to twice the room.
                #expect(index.storageCapacity <= entries.count + entries.count / 16, "\(size) sorted: \(sorted)")
                #expect(index.count <= entries.count)
            }
        }
    }
}
