import LCKCore

/// Escaping for the HTML migration report, and markup that lets paths and symbols wrap only where a
/// reader expects it.
enum HTMLText {
    /// Escapes text for element content and quoted attribute values. `<` always becomes `&lt;`,
    /// so source text such as `</script>` or a file named `<script>.swift` stays text; control
    /// characters HTML cannot carry become U+FFFD, line separators and bidi overrides their `\xHH` bytes.
    static func escape(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        append(value, breakingAfter: [], to: &out)
        return String(out)
    }

    /// A file path that wraps only after a `/`: a `<wbr>` follows each slash, and a part holding a
    /// space or hyphen (where browsers would also break) is kept on one line.
    static func path(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        out.appendScalars(of: "<span class=\"path\">")
        var first = true
        for part in value.split(separator: "/", omittingEmptySubsequences: false) {
            if !first { out.appendScalars(of: "/<wbr>") }
            first = false
            let keepTogether = part.unicodeScalars.contains { $0 == " " || $0 == "-" }
            if keepTogether { out.appendScalars(of: "<span class=\"nb\">") }
            append(String(part), breakingAfter: [], to: &out)
            if keepTogether { out.appendScalars(of: "</span>") }
        }
        out.appendScalars(of: "</span>")
        return String(out)
    }

    /// A symbol such as `CXProviderConfiguration.supportedHandleTypes` in `<code>`, breakable only after
    /// `.`, `(`, `:` and `,` so long signatures wrap between their parts, never inside a name.
    static func code(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        out.appendScalars(of: "<code>")
        append(value, breakingAfter: [".", "(", ":", ","], to: &out)
        out.appendScalars(of: "</code>")
        return String(out)
    }

    /// Message text that may quote code (`Configuration(ringtoneName:iconTemplateImageData:…)`): like
    /// `escape`, plus a `<wbr>` where `.`, `(`, `:` or `,` inside a token is followed by a word character, so
    /// a quoted signature wider than the line wraps between its parts rather than inside a name.
    static func prose(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        var pendingBreak = false
        for scalar in value.unicodeScalars {
            if pendingBreak && isWordScalar(scalar) { out.appendScalars(of: "<wbr>") }
            pendingBreak =
                !previous.properties.isWhitespace && (scalar == "." || scalar == "(" || scalar == ":" || scalar == ",")
            append(scalar, to: &out)
            previous = scalar
        }
        return String(out)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    private static func append(
        _ value: String, breakingAfter breaks: Set<Unicode.Scalar>, to out: inout String.UnicodeScalarView
    ) {
        for scalar in value.unicodeScalars {
            append(scalar, to: &out)
            if breaks.contains(scalar) { out.appendScalars(of: "<wbr>") }
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        switch scalar {
        case "&": out.appendScalars(of: "&amp;")
        case "<": out.appendScalars(of: "&lt;")
        case ">": out.appendScalars(of: "&gt;")
        case "\"": out.appendScalars(of: "&quot;")
        case "'": out.appendScalars(of: "&#39;")
        case "\t", "\n": out.append(scalar)
        case "\u{2028}", "\u{2029}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
            // A bidi override reorders what a reader sees (a file named `txt.\u{202E}tfiws` shows as `swift.txt`):
            // written as its `\xHH` bytes, as the text and Markdown reports write it.
            var bytes: [UInt8] = []
            for byte in String(scalar).utf8 { VisibleText.appendEscape(byte, to: &bytes) }
            out.appendScalars(of: String(decoding: bytes, as: UTF8.self))
        default:
            let value = scalar.value
            out.append(value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) ? "\u{FFFD}" : scalar)
        }
    }
}
