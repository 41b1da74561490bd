import LCKLexer
import Testing

@Suite struct RawStringTests {
    @Test func quoteInsideRawString() {
        #expect(
            kinds(##"#"a"b"#"##)
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, #"a"b"#),
                    (.stringQuote, "\""), (.rawStringPoundDelimiter, "#"),
                ]))
    }

    @Test func moreThanOnePound() {
        #expect(
            kinds(###"##"x"#y"##"###)
                == expect([
                    (.rawStringPoundDelimiter, "##"), (.stringQuote, "\""), (.stringSegment, ##"x"#y"##),
                    (.stringQuote, "\""), (.rawStringPoundDelimiter, "##"),
                ]))
    }

    @Test func plainBackslashParenIsTextInARawString() {
        #expect(
            kinds(##"#"\(x)"#"##)
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, #"\(x)"#),
                    (.stringQuote, "\""), (.rawStringPoundDelimiter, "#"),
                ]))
    }

    @Test func rawInterpolationNeedsThePounds() {
        #expect(
            kinds(##"#"a\#(x)b"#"##)
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, "a"), (.backslash, "\\"),
                    (.rawStringPoundDelimiter, "#"), (.leftParen, "("), (.identifier, "x"), (.rightParen, ")"),
                    (.stringSegment, "b"), (.stringQuote, "\""), (.rawStringPoundDelimiter, "#"),
                ]))
    }

    @Test func poundQuoteQuoteQuotePoundIsASingleLineString() {
        // `#"""#` is a one-line raw string whose text is one quote.
        #expect(
            kinds(##"#"""#"##)
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, "\""), (.stringQuote, "\""),
                    (.rawStringPoundDelimiter, "#"),
                ]))
    }

    @Test func rawRegexLikeContent() {
        #expect(
            kinds(##"#"\d+\.\d*"#"##)
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, #"\d+\.\d*"#),
                    (.stringQuote, "\""), (.rawStringPoundDelimiter, "#"),
                ]))
    }
}
