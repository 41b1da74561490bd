import LCKLexer
import Testing

@Suite struct MultilineStringTests {
    @Test func oneSegmentPerLineAndIndentationIsTrivia() {
        let source = "let s = \"\"\"\n    hello\n      world\n    \"\"\""
        #expect(
            kinds(source)
                == expect([
                    (.keyword, "let"), (.identifier, "s"), (.equal, "="), (.multilineStringQuote, "\"\"\""),
                    (.stringSegment, "hello\n"), (.stringSegment, "  world"), (.multilineStringQuote, "\"\"\""),
                ]))
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(file.trivia.filter { $0.kind == .multilineStringIndentation }.map(\.length) == [4, 4, 4])
        #expect(reassembled(file) == file.bytes)
    }

    @Test func emptyMultilineString() {
        #expect(
            kinds("\"\"\"\n\"\"\"") == expect([(.multilineStringQuote, "\"\"\""), (.multilineStringQuote, "\"\"\"")]))
    }

    @Test func blankLinesAreTheirOwnSegments() {
        #expect(
            kinds("\"\"\"\n  a\n\n  b\n  \"\"\"")
                == expect([
                    (.multilineStringQuote, "\"\"\""), (.stringSegment, "a\n"), (.stringSegment, "\n"),
                    (.stringSegment, "b"),
                    (.multilineStringQuote, "\"\"\""),
                ]))
    }

    @Test func lineContinuationIsTrivia() {
        #expect(
            kinds("\"\"\"\n  a \\\n  b\n  \"\"\"")
                == expect([
                    (.multilineStringQuote, "\"\"\""), (.stringSegment, "a "), (.stringSegment, "b"),
                    (.multilineStringQuote, "\"\"\""),
                ]))
    }

    @Test func quotesInsideDoNotClose() {
        #expect(
            kinds("\"\"\"\n  say \"hi\" \"\"\n  \"\"\"")
                == expect([
                    (.multilineStringQuote, "\"\"\""), (.stringSegment, "say \"hi\" \"\""),
                    (.multilineStringQuote, "\"\"\""),
                ]))
    }

    @Test func rawMultilineString() {
        #expect(
            kinds("#\"\"\"\n  a \"\"\" b\n  \"\"\"#")
                == expect([
                    (.rawStringPoundDelimiter, "#"), (.multilineStringQuote, "\"\"\""), (.stringSegment, "a \"\"\" b"),
                    (.multilineStringQuote, "\"\"\""), (.rawStringPoundDelimiter, "#"),
                ]))
    }

    @Test func interpolationInsideAndCRLF() {
        #expect(
            kinds("\"\"\"\r\n  x \\(y)\r\n  \"\"\"")
                == expect([
                    (.multilineStringQuote, "\"\"\""), (.stringSegment, "x "), (.backslash, "\\"), (.leftParen, "("),
                    (.identifier, "y"), (.rightParen, ")"), (.multilineStringQuote, "\"\"\""),
                ]))
    }

    @Test func nestedMultilineStringInsideInterpolation() {
        let source = "\"\"\"\n  a \\(f(\"\"\"\n    inner\n    \"\"\"))\n  b\n  \"\"\"\nx"
        #expect(
            kinds(source)
                == expect([
                    (.multilineStringQuote, "\"\"\""), (.stringSegment, "a "), (.backslash, "\\"), (.leftParen, "("),
                    (.identifier, "f"), (.leftParen, "("), (.multilineStringQuote, "\"\"\""), (.stringSegment, "inner"),
                    (.multilineStringQuote, "\"\"\""), (.rightParen, ")"), (.rightParen, ")"), (.stringSegment, "\n"),
                    (.stringSegment, "b"), (.multilineStringQuote, "\"\"\""), (.identifier, "x"),
                ]))
    }

    @Test func unterminatedMultilineStringRunsToTheEnd() {
        let file = Lexer.tokenize(Array("\"\"\"\n  abc\n".utf8))
        #expect(file.tokens.map(\.kind) == [.multilineStringQuote, .stringSegment])
        #expect(!file.diagnostics.isEmpty)
        #expect(reassembled(file) == file.bytes)
    }
}
