import LCKCore

/// Escapes text for XML 1.0 output (JUnit, Checkstyle).
///
/// Characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) are shown as `\\xHH` per
/// UTF-8 byte (the escape of `VisibleText`), so a hostile message can never make a report ill-formed
/// and two file names that differ only there stay two names.
enum XMLEscaper {
    /// For element content.
    static func text(_ value: String) -> String {
        escape(value, inAttribute: false)
    }

    /// For double- or single-quoted attribute values; tabs and line breaks become character
    /// references so attribute-value normalization does not turn them into spaces.
    static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out.appendScalars(of: "&amp;")
            case "<": out.appendScalars(of: "&lt;")
            case ">": out.appendScalars(of: "&gt;")
            case "\"" where inAttribute: out.appendScalars(of: "&quot;")
            case "'" where inAttribute: out.appendScalars(of: "&apos;")
            case "\r": out.appendScalars(of: "&#13;")
            case "\n" where inAttribute: out.appendScalars(of: "&#10;")
            case "\t" where inAttribute: out.appendScalars(of: "&#9;")
            default:
                if isAllowed(scalar) {
                    out.append(scalar)
                } else {
                    var bytes: [UInt8] = []
                    for byte in String(scalar).utf8 { VisibleText.appendEscape(byte, to: &bytes) }
                    out.appendScalars(of: String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        return String(out)
    }

    /// XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
