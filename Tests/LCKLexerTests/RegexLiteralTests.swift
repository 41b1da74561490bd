import LCKLexer
import Testing

@Suite struct RegexLiteralTests {
    @Test func bareRegexAfterEqual() {
        #expect(
            kinds("let r = /ab+c/")
                == expect([
                    (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.regexSlash, "/"),
                    (.regexLiteralPattern, "ab+c"),
                    (.regexSlash, "/"),
                ]))
    }

    @Test func bareRegexAsArgument() {
        #expect(
            kinds(#"s.firstMatch(of: /\d+/)"#)
                == expect([
                    (.identifier, "s"), (.period, "."), (.identifier, "firstMatch"), (.leftParen, "("),
                    (.identifier, "of"),
                    (.colon, ":"), (.regexSlash, "/"), (.regexLiteralPattern, #"\d+"#), (.regexSlash, "/"),
                    (.rightParen, ")"),
                ]))
    }

    @Test func extendedRegexMayContainSlashesAndSpaces() {
        #expect(
            kinds("#/ a/b /#")
                == expect([
                    (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexLiteralPattern, " a/b "),
                    (.regexSlash, "/"),
                    (.regexPoundDelimiter, "#"),
                ]))
    }

    @Test func multilineExtendedRegex() {
        #expect(
            kinds("let r = #/\n  a+\n  /#")
                == expect([
                    (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.regexPoundDelimiter, "#"),
                    (.regexSlash, "/"),
                    (.regexLiteralPattern, "\n  a+\n  "), (.regexSlash, "/"), (.regexPoundDelimiter, "#"),
                ]))
    }

    @Test func escapedSlashDoesNotCloseButAnySlashInBracketsDoes() {
        // The compiler ends the literal at the first unescaped `/`, even inside `[...]`.
        #expect(
            kinds(#"x = /a\/[/]b/"#)
                == expect([
                    (.identifier, "x"), (.equal, "="), (.regexSlash, "/"), (.regexLiteralPattern, #"a\/["#),
                    (.regexSlash, "/"), (.rightSquare, "]"), (.identifier, "b"), (.postfixOperator, "/"),
                ]))
    }

    @Test func regexAfterTryQuestionMark() {
        #expect(
            kinds("try? /x y/")
                == expect([
                    (.keyword, "try"), (.postfixQuestionMark, "?"), (.regexSlash, "/"), (.regexLiteralPattern, "x y"),
                    (.regexSlash, "/"),
                ]))
    }

    @Test func slashBoundOnlyToTheRightStartsARegexLikeInTheCompiler() {
        // Not bound on the left, bound on the right: the compiler tries a regex regardless of
        // the previous token, so `x /y/ 2` holds the regex `/y/`.
        #expect(
            kinds("let r = x /y/ 2")
                == expect([
                    (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.identifier, "x"), (.regexSlash, "/"),
                    (.regexLiteralPattern, "y"), (.regexSlash, "/"), (.integerLiteral, "2"),
                ]))
    }

    @Test func regexAfterReturnKeyword() {
        #expect(
            kinds("return /[a-z]+/")
                == expect([
                    (.keyword, "return"), (.regexSlash, "/"), (.regexLiteralPattern, "[a-z]+"), (.regexSlash, "/"),
                ]))
    }
}
