import LCKCore

/// The `lckmigrate tokens` format, identical to `swift-syntax-oracle tokens`, so the two diff.
///
/// One line per non-trivia token: `path TAB utf8Offset TAB utf8Length TAB class TAB text`, with
/// the text escaped reversibly (`\` → `\\`, TAB → `\t`, LF → `\n`, CR → `\r`, and any other control
/// character or byte that is not UTF-8 → `\xHH`), so a hostile file cannot drive the terminal; the path
/// is shown through `VisibleText`.
public enum TokenDump {
    /// The dump of one file as UTF-8 bytes.
    public static func lines(path: String, file: TokenizedFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.tokens.count * (path.utf8.count + 24))
        let pathBytes = Array(VisibleText.escaped(path).utf8)
        for token in file.tokens where token.length > 0 {
            out.append(contentsOf: pathBytes)
            out.append(0x09)
            appendDecimal(token.start, to: &out)
            out.append(0x09)
            appendDecimal(token.length, to: &out)
            out.append(0x09)
            out.append(contentsOf: token.kind.tokenClass.rawValue.utf8)
            out.append(0x09)
            appendEscaped(file.bytes, from: token.start, to: token.end, to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Writes source bytes with `\`, TAB, LF and CR escaped, other controls and non-UTF-8 bytes as `\xHH`.
    static func appendEscaped(_ bytes: [UInt8], from start: Int, to end: Int, to out: inout [UInt8]) {
        var index = start
        while index < end {
            let b = bytes[index]
            switch b {
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x20..<0x7F: out.append(b)
            default:
                let length = b < 0x80 ? 0 : VisibleText.utf8SequenceLength(bytes, at: index)
                // A sequence cut by the token's end is not one: its bytes are escaped one by one.
                if length > 0 && index + length <= end && !(b == 0xC2 && bytes[index + 1] < 0xA0) {
                    out.append(contentsOf: bytes[index..<index + length])
                    index += length
                    continue
                }
                VisibleText.appendEscape(b, to: &out)
            }
            index += 1
        }
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        out.append(contentsOf: digits.reversed())
    }
}
