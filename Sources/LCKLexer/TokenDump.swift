import LCKCore

/// The `lckmigrate tokens` format, identical to `swift-syntax-oracle tokens`, so the two diff.
///
/// One line per non-trivia token: `path TAB utf8Offset TAB utf8Length TAB class TAB text`, with
/// the text escaped reversibly (`\` → `\\`, TAB → `\t`, LF → `\n`, CR → `\r`).
public enum TokenDump {
    public static func lines(path: String, file: TokenizedFile) -> [UInt8] {
        // Placeholder: replaced with the real writer together with the lexer.
        []
    }
}
