import LCKLexer
import Testing

@Suite struct OddBytesTests {
    @Test func byteOrderMarkIsTrivia() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let x".utf8)
        let file = Lexer.tokenize(bytes)
        #expect(file.trivia.first == TriviaPiece(kind: .byteOrderMark, start: 0, length: 3))
        #expect(file.tokens.first?.start == 3)
        #expect(file.tokens.first?.flags.contains(.atStartOfLine) == true)
    }

    @Test func crlfIsOneNewlinePiece() {
        let file = Lexer.tokenize(Array("a\r\nb".utf8))
        #expect(file.trivia == [TriviaPiece(kind: .newline, start: 1, length: 2)])
        #expect(file.tokens[1].flags.contains(.atStartOfLine))
        #expect(!file.tokens[0].flags.contains(.leadingSpace))
    }

    @Test func nulBytesAreUnexpectedText() {
        let file = Lexer.tokenize([UInt8(ascii: "a"), 0, 0, UInt8(ascii: "b")])
        #expect(file.tokens.map { file.text(of: $0) } == ["a", "b"])
        #expect(file.trivia == [TriviaPiece(kind: .unexpectedText, start: 1, length: 2)])
        #expect(file.diagnostics.count == 1)
    }

    @Test func invalidUTF8IsSkippedAsUnexpectedText() {
        let file = Lexer.tokenize([UInt8(ascii: "a"), 0x20, 0xFF, 0xC3, 0x20, UInt8(ascii: "b")])
        #expect(file.tokens.map { file.text(of: $0) } == ["a", "b"])
        #expect(file.trivia.map(\.kind) == [.whitespace, .unexpectedText, .unexpectedText, .whitespace])
        #expect(reassembled(file) == file.bytes)
    }

    @Test func noBreakSpaceIsWhitespace() {
        #expect(
            kinds("a\u{00A0}+\u{00A0}b") == expect([(.identifier, "a"), (.binaryOperator, "+"), (.identifier, "b")]))
    }

    @Test func gitConflictMarkersAreSkipped() {
        let source = "<<<<<<< HEAD\nlet a = 1\n=======\nlet a = 2\n>>>>>>> branch\nlet b = 3"
        #expect(
            kinds(source) == expect([(.keyword, "let"), (.identifier, "b"), (.equal, "="), (.integerLiteral, "3")]))
    }

    @Test func emptyInput() {
        let file = Lexer.tokenize([])
        #expect(file.tokens.isEmpty && file.trivia.isEmpty && file.diagnostics.isEmpty)
    }

    @Test func strayCharactersBecomeUnknownTokens() {
        // U+00A0 aside, a non-identifier, non-operator scalar (here U+0080 <control>) is `unknown`.
        let file = Lexer.tokenize(Array("a \u{80} b".utf8))
        #expect(file.tokens.map(\.kind) == [.identifier, .unknown, .identifier])
    }
}
