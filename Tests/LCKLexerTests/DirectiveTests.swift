import LCKLexer
import Testing

@Suite struct DirectiveTests {
    @Test func conditionalCompilationDirectivesAreSingleTokens() {
        #expect(
            kinds("#if os(iOS)\n#elseif DEBUG\n#else\n#endif")
                == expect([
                    (.poundIf, "#if"), (.identifier, "os"), (.leftParen, "("), (.identifier, "iOS"), (.rightParen, ")"),
                    (.poundElseif, "#elseif"), (.identifier, "DEBUG"), (.poundElse, "#else"), (.poundEndif, "#endif"),
                ]))
    }

    @Test func availabilityAndSourceLocation() {
        #expect(
            kinds("if #available(iOS 17, *) {} else if #unavailable(macOS 14) {}").prefix(3)
                == expect([
                    (.keyword, "if"), (.poundAvailable, "#available"), (.leftParen, "("),
                ])[...])
        #expect(kinds("#unavailable").first == Lexeme(.poundUnavailable, "#unavailable"))
        #expect(kinds("#sourceLocation(file: \"a\", line: 1)").first == Lexeme(.poundSourceLocation, "#sourceLocation"))
    }

    @Test func otherPoundNamesArePoundPlusIdentifier() {
        #expect(
            kinds("#selector(tap) #warning(\"x\") #Preview #file")
                == expect([
                    (.pound, "#"), (.identifier, "selector"), (.leftParen, "("), (.identifier, "tap"),
                    (.rightParen, ")"),
                    (.pound, "#"), (.identifier, "warning"), (.leftParen, "("), (.stringQuote, "\""),
                    (.stringSegment, "x"),
                    (.stringQuote, "\""), (.rightParen, ")"), (.pound, "#"), (.identifier, "Preview"), (.pound, "#"),
                    (.identifier, "file"),
                ]))
    }

    @Test func directivePrefixOfALongerNameIsNotADirective() {
        #expect(kinds("#iffy") == expect([(.pound, "#"), (.identifier, "iffy")]))
    }

    @Test func shebangOnlyAtFileStart() {
        #expect(
            kinds("#!/usr/bin/env swift\nprint(1)")
                == expect([
                    (.shebang, "#!/usr/bin/env swift"), (.identifier, "print"), (.leftParen, "("),
                    (.integerLiteral, "1"),
                    (.rightParen, ")"),
                ]))
        // Elsewhere `#!` is a bare pound and a force-unwrap-looking `!` bound to it.
        #expect(kinds("x\n#!y").map(\.kind) == [.identifier, .pound, .exclamationMark, .identifier])
    }
}
