import LCKCore
import Testing

/// The two escape styles differ only in the control characters JSON lets a writer spell two ways.
@Suite struct JSONWriterTests {
    let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1F}é"

    @Test func canonicalStyleSpellsEveryOtherControlCharacterAsUpperCaseHex() {
        #expect(JSONWriter.quoted(text) == #""a\"b\\c\n\r\t\u0008\u000C\u001Fé""#)
    }

    @Test func reportStyleUsesTheShortFormsAndLowerCaseHex() {
        #expect(JSONWriter.quoted(text, style: .report) == #""a\"b\\c\n\r\t\b\f\u001fé""#)
    }

    /// Runs without an escape are found 8 bytes at a time: every byte that needs one is still escaped, at
    /// any offset in the word, next to multi-byte characters (bytes of 0x80 and more never count).
    @Test func escapesMatchAByteByByteWriterAtEveryOffset() {
        let alphabet: [String] = [
            "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "€",
            "🙂", "/",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let pieces = (0..<Int(state % 40)).map { (state >> UInt64(($0 * 5) % 60)) % UInt64(alphabet.count) }
            let text = pieces.map { alphabet[Int($0)] }.joined()
            for style in [JSONWriter.EscapeStyle.canonical, .report] {
                #expect(JSONWriter.quoted(text, style: style) == Self.byteByByte(text, style: style))
            }
        }
    }

    /// The escaping rule, one byte at a time.
    static func byteByByte(_ text: String, style: JSONWriter.EscapeStyle) -> String {
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += Array("\\\"".utf8)
            case 0x5C: out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08 where style == .report: out += Array("\\b".utf8)
            case 0x0C where style == .report: out += Array("\\f".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                let digits = hex.count == 1 ? "0" + hex : hex
                out += Array(("\\u00" + (style == .canonical ? digits.uppercased() : digits)).utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out + [0x22], as: UTF8.self)
    }
}
