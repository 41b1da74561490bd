import LCKCore

/// Entry point of the lexer.
public enum Lexer {
    /// Lexes Swift source bytes. Never fails: problems become diagnostics and lexing goes on.
    public static func tokenize(_ bytes: [UInt8]) -> TokenizedFile {
        let (tokens, trivia, diagnostics) = bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(buffer)
            cursor.run()
            return (cursor.tokens, cursor.trivia, cursor.diagnostics)
        }
        return TokenizedFile(bytes: bytes, tokens: tokens, trivia: trivia, diagnostics: diagnostics)
    }
}
