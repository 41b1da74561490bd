import LCKCore

/// The `lckmigrate tokens` format, identical to `swift-syntax-oracle tokens`, so the two diff.
///
/// One line per non-trivia token: `path TAB utf8Offset TAB utf8Length TAB class TAB text`, with
/// the text escaped reversibly (`\` → `\\`, TAB → `\t`, LF → `\n`, CR → `\r`).
public enum TokenDump {
    /// The dump of one file as UTF-8 bytes (raw source bytes are kept, even invalid UTF-8).
    public static func lines(path: String, file: TokenizedFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.tokens.count * (path.utf8.count + 24))
        let pathBytes = Array(path.utf8)
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

    /// Writes source bytes with `\`, TAB, LF and CR escaped; everything else verbatim.
    static func appendEscaped(_ bytes: [UInt8], from start: Int, to end: Int, to out: inout [UInt8]) {
        var index = start
        while index < end {
            let b = bytes[index]
            switch b {
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            default: out.append(b)
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
