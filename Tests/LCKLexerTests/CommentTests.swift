import LCKLexer
import Testing

@Suite struct CommentTests {
    @Test func lineCommentIsTriviaUpToTheLineEnd() {
        #expect(kinds("a // note\nb") == expect([(.identifier, "a"), (.identifier, "b")]))
        #expect(triviaKinds("a // note\nb") == [.whitespace, .lineComment, .newline])
        let file = Lexer.tokenize(Array("a // note\nb".utf8))
        #expect(file.trivia[1].start == 2 && file.trivia[1].length == 7)
    }

    @Test func docCommentsAreTheirOwnKinds() {
        #expect(triviaKinds("/// doc") == [.docLineComment])
        #expect(triviaKinds("//// banner") == [.lineComment])
        #expect(triviaKinds("/** doc */") == [.docBlockComment])
        #expect(triviaKinds("/**/") == [.blockComment])
    }

    @Test func blockCommentsNest() {
        let source = "/* outer /* inner */ still comment */ x"
        #expect(kinds(source) == expect([(.identifier, "x")]))
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(file.trivia.first?.kind == .blockComment)
        #expect(file.trivia.first?.length == 37)
    }

    @Test func unterminatedBlockCommentRunsToEndWithDiagnostic() {
        let file = Lexer.tokenize(Array("x /* never closed\nlet y = 1".utf8))
        #expect(file.tokens.count == 1)
        #expect(file.trivia.last?.kind == .blockComment)
        #expect(file.trivia.last.map { $0.start + $0.length } == file.bytes.count)
        #expect(!file.diagnostics.isEmpty)
    }

    @Test func commentsSetSpaceFlags() {
        let file = Lexer.tokenize(Array("a/*c*/b".utf8))
        #expect(file.tokens.count == 2)
        #expect(file.tokens[0].flags.contains(.trailingSpace))
        #expect(file.tokens[1].flags.contains(.leadingSpace))
        #expect(!file.tokens[1].flags.contains(.atStartOfLine))
    }

    @Test func commentMarkersInsideStringsAreText() {
        #expect(
            kinds(#""// not a comment""#)
                == expect([(.stringQuote, "\""), (.stringSegment, "// not a comment"), (.stringQuote, "\"")]))
    }

    @Test func slashesInsideOperatorStartAComment() {
        #expect(kinds("a +// c\nb") == expect([(.identifier, "a"), (.binaryOperator, "+"), (.identifier, "b")]))
    }
}
