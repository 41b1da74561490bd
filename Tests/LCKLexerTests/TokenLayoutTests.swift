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

    /// Issue 15, bounded memory: token-dense input (a token a byte, five times the first guess) ends with
    /// room for at most a quarter more tokens than it has; grown by doubling it had 1.6 times, at two sizes.
    @Test func tokenArrayGrowsToTheDensitySeen() {
        for pairs in [50_000, 400_000] {
            let source = "let x = [" + String(repeating: "a,", count: pairs) + "a]\n"
            let file = Lexer.tokenize(Array(source.utf8), trivia: .lineComments)
            #expect(file.tokens.count > 2 * pairs)
            #expect(file.tokens.capacity <= file.tokens.count + file.tokens.count / 4 + 64, "\(pairs) pairs")
        }
    }
}
