import LCKCore

/// Entry point of the lexer.
public enum Lexer {
    /// Lexes Swift source bytes. Never fails: problems become diagnostics and lexing goes on.
    public static func tokenize(_ bytes: [UInt8]) -> TokenizedFile {
        // Placeholder until the real cursor lands.
        TokenizedFile(bytes: bytes, tokens: [], trivia: [], diagnostics: [])
    }
}
