import LCKLexer
import Testing

@Suite struct StringLiteralTests {
    @Test func plainString() {
        #expect(
            kinds(#"let s = "hello""#)
                == expect([
                    (.keyword, "let"), (.identifier, "s"), (.equal, "="), (.stringQuote, "\""),
                    (.stringSegment, "hello"), (.stringQuote, "\""),
                ]))
    }

    @Test func emptyStringHasNoSegment() {
        #expect(kinds("\"\"") == expect([(.stringQuote, "\""), (.stringQuote, "\"")]))
    }

    @Test func escapedQuoteDoesNotCloseTheString() {
        #expect(kinds(#""a\"b""#) == expect([(.stringQuote, "\""), (.stringSegment, #"a\"b"#), (.stringQuote, "\"")]))
        #expect(kinds(#""a\\""#) == expect([(.stringQuote, "\""), (.stringSegment, #"a\\"#), (.stringQuote, "\"")]))
    }

    @Test func escapedLineBreakEndsASegmentLikeTheCompiler() {
        #expect(
            kinds(#""a\nb""#)
                == expect([
                    (.stringQuote, "\""), (.stringSegment, #"a\n"#), (.stringSegment, "b"), (.stringQuote, "\""),
                ]))
        #expect(
            kinds(#""a\u{0A}b""#)
                == expect([
                    (.stringQuote, "\""), (.stringSegment, #"a\u{0A}"#), (.stringSegment, "b"), (.stringQuote, "\""),
                ]))
        #expect(
            kinds(#""\u{1F600}\t""#)
                == expect([(.stringQuote, "\""), (.stringSegment, #"\u{1F600}\t"#), (.stringQuote, "\"")]))
    }

    @Test func unterminatedStringStopsAtTheNewline() {
        let source = "let s = \"abc\nlet t = 1"
        #expect(
            kinds(source)
                == expect([
                    (.keyword, "let"), (.identifier, "s"), (.equal, "="), (.stringQuote, "\""), (.stringSegment, "abc"),
                    (.keyword, "let"), (.identifier, "t"), (.equal, "="), (.integerLiteral, "1"),
                ]))
        #expect(Lexer.tokenize(Array(source.utf8)).diagnostics.count == 1)
    }

    @Test func unterminatedStringAtEndOfFile() {
        #expect(kinds("\"abc") == expect([(.stringQuote, "\""), (.stringSegment, "abc")]))
    }

    @Test func singleQuotedLiteral() {
        #expect(kinds("'a'") == expect([(.singleQuote, "'"), (.stringSegment, "a"), (.singleQuote, "'")]))
    }

    @Test func nonASCIITextStaysInOneSegment() {
        #expect(
            kinds("\"größe 😀\"") == expect([(.stringQuote, "\""), (.stringSegment, "größe 😀"), (.stringQuote, "\"")]))
    }
}
