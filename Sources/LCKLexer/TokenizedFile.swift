import LCKCore

/// A lexed file: its bytes, tokens and trivia in source order, and recovered problems.
///
/// Every byte belongs to exactly one token or trivia piece, so concatenating both streams in
/// offset order gives the file back byte for byte (unless it was lexed keeping only line comments,
/// `Lexer.TriviaKept.lineComments`, as a scan does).
public struct TokenizedFile: Sendable {
    public let bytes: [UInt8]
    public var tokens: [Token]
    public var trivia: [TriviaPiece]
    public var diagnostics: [LexerDiagnostic]

    public init(bytes: [UInt8], tokens: [Token], trivia: [TriviaPiece], diagnostics: [LexerDiagnostic]) {
        self.bytes = bytes
        self.tokens = tokens
        self.trivia = trivia
        self.diagnostics = diagnostics
    }

    /// The token's source text (allocates; for output and tests, not for hot loops).
    public func text(of token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// Whether the token's bytes equal `text`, without allocating.
    public func token(_ token: Token, is text: StaticString) -> Bool {
        guard token.length == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            var index = 0
            while index < token.length {
                if bytes[token.start + index] != expected[index] { return false }
                index += 1
            }
            return true
        }
    }

    /// Whether the token's bytes equal `text`, without allocating a new string.
    public func token(_ token: Token, equals text: String) -> Bool {
        var text = text
        return text.withUTF8 { expected in
            guard token.length == expected.count else { return false }
            var index = 0
            while index < token.length {
                if bytes[token.start + index] != expected[index] { return false }
                index += 1
            }
            return true
        }
    }
}
