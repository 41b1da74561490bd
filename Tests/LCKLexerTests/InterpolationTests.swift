import LCKLexer
import Testing

@Suite struct InterpolationTests {
    @Test func interpolationIsLexedAsCode() {
        #expect(
            kinds(#""a\(b)c""#)
                == expect([
                    (.stringQuote, "\""), (.stringSegment, "a"), (.backslash, "\\"), (.leftParen, "("),
                    (.identifier, "b"),
                    (.rightParen, ")"), (.stringSegment, "c"), (.stringQuote, "\""),
                ]))
    }

    @Test func nestedParenthesesDoNotEndTheInterpolation() {
        #expect(
            kinds(#""\(f(x, (y)))""#)
                == expect([
                    (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.identifier, "f"), (.leftParen, "("),
                    (.identifier, "x"), (.comma, ","), (.leftParen, "("), (.identifier, "y"), (.rightParen, ")"),
                    (.rightParen, ")"), (.rightParen, ")"), (.stringQuote, "\""),
                ]))
    }

    @Test func stringInsideInterpolation() {
        #expect(
            kinds(#""\("in)")!""#)
                == expect([
                    (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.stringQuote, "\""),
                    (.stringSegment, "in)"),
                    (.stringQuote, "\""), (.rightParen, ")"), (.stringSegment, "!"), (.stringQuote, "\""),
                ]))
    }

    @Test func closureWithNestedInterpolationInside() {
        #expect(
            kinds(#""\(xs.map { "<\($0)>" })""#)
                == expect([
                    (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.identifier, "xs"), (.period, "."),
                    (.identifier, "map"), (.leftBrace, "{"), (.stringQuote, "\""), (.stringSegment, "<"),
                    (.backslash, "\\"),
                    (.leftParen, "("), (.dollarIdentifier, "$0"), (.rightParen, ")"), (.stringSegment, ">"),
                    (.stringQuote, "\""), (.rightBrace, "}"), (.rightParen, ")"), (.stringQuote, "\""),
                ]))
    }

    @Test func tokensInsideCarryTheInterpolationFlag() {
        let file = Lexer.tokenize(Array(#"x = "a\(b)c" + d"#.utf8))
        let flagged = file.tokens.filter { $0.flags.contains(.inInterpolation) }.map { file.text(of: $0) }
        // The parentheses delimiting the interpolation count as inside it.
        #expect(flagged == ["(", "b", ")"])
    }

    @Test func unterminatedInterpolationEndsAtTheLineEnd() {
        let source = "s = \"\\(a\nlet b = 1"
        #expect(
            kinds(source)
                == expect([
                    (.identifier, "s"), (.equal, "="), (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("),
                    (.identifier, "a"), (.keyword, "let"), (.identifier, "b"), (.equal, "="), (.integerLiteral, "1"),
                ]))
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(!file.diagnostics.isEmpty)
        #expect(!file.tokens.last!.flags.contains(.inInterpolation))
    }

    @Test func deepNestingUsesNoRecursion() {
        let depth = 2_000
        let source = String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(file.diagnostics.isEmpty)
        #expect(file.tokens.filter { $0.kind == .identifier }.count == 1)
        #expect(file.tokens.count == depth * 5 + 1)
    }
}
