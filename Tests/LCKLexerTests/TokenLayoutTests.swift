import LCKCore
import LCKLexer
import Testing

/// Tokens and trivia are most of a lexed file's memory (`a,a,a,…` has one token per byte): 12 bytes each.
@Suite struct TokenLayoutTests {
    @Test func tokensAndTriviaTakeTwelveBytes() {
        #expect(MemoryLayout<Token>.stride == 12)
        #expect(MemoryLayout<TriviaPiece>.stride == 12)
    }

    @Test func offsetsRoundTripThroughThirtyTwoBits() {
        var token = Token(kind: .identifier, start: 4_000_000_000, length: 7)
        #expect(token.start == 4_000_000_000 && token.end == 4_000_000_007)
        token.length = 70_000
        #expect(token.range == ByteRange(start: 4_000_000_000, end: 4_000_070_000))
    }
}
