import LCKLexer
import Testing

@Suite struct NotARegexTests {
    @Test func chainedDivision() {
        #expect(
            kinds("a / b / c")
                == expect([
                    (.identifier, "a"), (.binaryOperator, "/"), (.identifier, "b"), (.binaryOperator, "/"),
                    (.identifier, "c"),
                ]))
    }

    @Test func divideAssign() {
        #expect(kinds("x /= 2") == expect([(.identifier, "x"), (.binaryOperator, "/="), (.integerLiteral, "2")]))
    }

    @Test func divisionWithoutSpaces() {
        #expect(
            kinds("total/2/n")
                == expect([
                    (.identifier, "total"), (.binaryOperator, "/"), (.integerLiteral, "2"), (.binaryOperator, "/"),
                    (.identifier, "n"),
                ]))
    }

    @Test func bareRegexNeverCrossesANewline() {
        #expect(
            kinds("f(/a\nb/)")
                == expect([
                    (.identifier, "f"), (.leftParen, "("), (.prefixOperator, "/"), (.identifier, "a"),
                    (.identifier, "b"),
                    (.postfixOperator, "/"), (.rightParen, ")"),
                ]))
    }

    @Test func unbalancedParenthesisMeansOperator() {
        // `(/ …)` could be an unapplied operator argument: `/` followed by `a)` is not a regex.
        #expect(
            kinds("f(/, a) / 2")
                == expect([
                    (.identifier, "f"), (.leftParen, "("), (.binaryOperator, "/"), (.comma, ","), (.identifier, "a"),
                    (.rightParen, ")"), (.binaryOperator, "/"), (.integerLiteral, "2"),
                ]))
        #expect(
            kinds("reduce(0, /) + f(x) / 2")
                == expect([
                    (.identifier, "reduce"), (.leftParen, "("), (.integerLiteral, "0"), (.comma, ","),
                    (.binaryOperator, "/"),
                    (.rightParen, ")"), (.binaryOperator, "+"), (.identifier, "f"), (.leftParen, "("),
                    (.identifier, "x"),
                    (.rightParen, ")"), (.binaryOperator, "/"), (.integerLiteral, "2"),
                ]))
    }

    @Test func operatorDeclarationsAreNotRegexes() {
        // By whitespace the `/` is prefix; that it names a binary operator is the parser's call.
        #expect(
            kinds("static func /(a: V, b: V) -> V")
                == expect([
                    (.keyword, "static"), (.keyword, "func"), (.prefixOperator, "/"), (.leftParen, "("),
                    (.identifier, "a"),
                    (.colon, ":"), (.identifier, "V"), (.comma, ","), (.identifier, "b"), (.colon, ":"),
                    (.identifier, "V"),
                    (.rightParen, ")"), (.arrow, "->"), (.identifier, "V"),
                ]))
    }

    @Test func commentsAreNotRegexes() {
        #expect(
            kinds("x = y /// doc\nz")
                == expect([(.identifier, "x"), (.equal, "="), (.identifier, "y"), (.identifier, "z")]))
        #expect(kinds("a /* c */ / b") == expect([(.identifier, "a"), (.binaryOperator, "/"), (.identifier, "b")]))
    }

    @Test func slashAfterIdentifierOrLiteralIsDivision() {
        #expect(
            kinds("let r = x/y/2")
                == expect([
                    (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.identifier, "x"), (.binaryOperator, "/"),
                    (.identifier, "y"), (.binaryOperator, "/"), (.integerLiteral, "2"),
                ]))
    }

    @Test func spaceAfterOpeningSlashInArgumentIsNotARegex() {
        #expect(
            kinds("f(/ a /)")
                == expect([
                    (.identifier, "f"), (.leftParen, "("), (.binaryOperator, "/"), (.identifier, "a"),
                    (.binaryOperator, "/"),
                    (.rightParen, ")"),
                ]))
    }
}
