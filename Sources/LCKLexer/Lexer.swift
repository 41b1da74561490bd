import LCKCore

/// Entry point of the lexer.
public enum Lexer {
    /// Which trivia pieces `tokenize` keeps.
    public enum TriviaKept: Sendable {
        case all
        /// Only `//` comments, where suppression directives live: a scan needs no other trivia, and a
        /// piece per run of blanks took as much memory as the tokens.
        case lineComments
    }

    /// Lexes Swift source bytes. Never fails: problems become diagnostics and lexing goes on.
    public static func tokenize(_ bytes: [UInt8], trivia kept: TriviaKept = .all) -> TokenizedFile {
        let (tokens, trivia, diagnostics) = bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(buffer, keepsAllTrivia: kept == .all)
            cursor.run()
            return (cursor.tokens, cursor.trivia, cursor.diagnostics)
        }
        return TokenizedFile(bytes: bytes, tokens: tokens, trivia: trivia, diagnostics: diagnostics)
    }
}
