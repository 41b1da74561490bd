import LCKLexer
import Testing

@Suite struct OperatorBoundnessTests {
    @Test func optionalChainingIsPostfixQuestionMarkThenPeriod() {
        #expect(
            kinds("a?.b")
                == expect([(.identifier, "a"), (.postfixQuestionMark, "?"), (.period, "."), (.identifier, "b")]))
    }

    @Test func forceUnwrapAndPrefixNot() {
        #expect(kinds("x!") == expect([(.identifier, "x"), (.exclamationMark, "!")]))
        #expect(kinds("!x") == expect([(.prefixOperator, "!"), (.identifier, "x")]))
        #expect(
            kinds("x!.y") == expect([(.identifier, "x"), (.exclamationMark, "!"), (.period, "."), (.identifier, "y")]))
    }

    @Test func notEqualIsBinary() {
        #expect(kinds("x != y") == expect([(.identifier, "x"), (.binaryOperator, "!="), (.identifier, "y")]))
    }

    @Test func tryBangAndTryQuestion() {
        #expect(
            kinds("try! f()")
                == expect([
                    (.keyword, "try"), (.exclamationMark, "!"), (.identifier, "f"), (.leftParen, "("),
                    (.rightParen, ")"),
                ]))
        #expect(kinds("try? f") == expect([(.keyword, "try"), (.postfixQuestionMark, "?"), (.identifier, "f")]))
    }

    @Test func ternaryQuestionMarkIsInfix() {
        #expect(
            kinds("c ? a : b")
                == expect([
                    (.identifier, "c"), (.infixQuestionMark, "?"), (.identifier, "a"), (.colon, ":"),
                    (.identifier, "b"),
                ]))
    }

    @Test func ampersandEqualArrowAndRanges() {
        #expect(
            kinds("f(&x)")
                == expect([
                    (.identifier, "f"), (.leftParen, "("), (.prefixAmpersand, "&"), (.identifier, "x"),
                    (.rightParen, ")"),
                ]))
        #expect(kinds("a & b") == expect([(.identifier, "a"), (.binaryOperator, "&"), (.identifier, "b")]))
        #expect(kinds("x = 1") == expect([(.identifier, "x"), (.equal, "="), (.integerLiteral, "1")]))
        #expect(
            kinds("() -> Int") == expect([(.leftParen, "("), (.rightParen, ")"), (.arrow, "->"), (.identifier, "Int")]))
        #expect(kinds("0..<n") == expect([(.integerLiteral, "0"), (.binaryOperator, "..<"), (.identifier, "n")]))
        #expect(kinds("a...") == expect([(.identifier, "a"), (.postfixOperator, "...")]))
        #expect(kinds("...b") == expect([(.prefixOperator, "..."), (.identifier, "b")]))
    }

    @Test func dotDoesNotContinueAnOperatorThatDidNotStartWithOne() {
        // A `.` after a left-bound operator does not bind it to the right, so `+` is postfix.
        #expect(
            kinds("x+.y") == expect([(.identifier, "x"), (.postfixOperator, "+"), (.period, "."), (.identifier, "y")]))
        #expect(
            kinds("x ..< .y")
                == expect([(.identifier, "x"), (.binaryOperator, "..<"), (.period, "."), (.identifier, "y")]))
    }

    @Test func prefixAndPostfixByWhitespace() {
        #expect(kinds("-x") == expect([(.prefixOperator, "-"), (.identifier, "x")]))
        #expect(
            kinds("a - -x")
                == expect([(.identifier, "a"), (.binaryOperator, "-"), (.prefixOperator, "-"), (.identifier, "x")]))
        #expect(kinds("i++ ") == expect([(.identifier, "i"), (.postfixOperator, "++")]))
        #expect(kinds("a ?? b") == expect([(.identifier, "a"), (.binaryOperator, "??"), (.identifier, "b")]))
    }

    @Test func commentAfterOperatorCountsAsWhitespace() {
        #expect(kinds("a+/*c*/b") == expect([(.identifier, "a"), (.postfixOperator, "+"), (.identifier, "b")]))
        #expect(kinds("a /*c*/+ b") == expect([(.identifier, "a"), (.binaryOperator, "+"), (.identifier, "b")]))
    }

    @Test func leftBoundBangBeforeEqualIsForceUnwrap() {
        // The compiler reads `a!=b` as `a! =b`.
        #expect(
            kinds("a!=b") == expect([(.identifier, "a"), (.exclamationMark, "!"), (.equal, "="), (.identifier, "b")]))
    }
}
