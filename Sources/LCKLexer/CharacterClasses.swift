/// ASCII character classes used on the hot path (a 256-entry table per class).
enum AsciiClass {
    /// Letters, digits, `_` and `$`.
    @inline(__always)
    static func isIdentifierContinuation(_ b: UInt8) -> Bool {
        (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10 || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "$")
    }

    @inline(__always)
    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- UInt8(ascii: "a") < 26 }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
    }

    /// ASCII operator characters: `/ = - + ! * % < > & | ^ ~ ? .`
    @inline(__always)
    static func isOperator(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

/// Non-ASCII character classes, matching the ranges the compiler accepts (which are slightly
/// wider than The Swift Programming Language's grammar, e.g. combining marks inside names).
enum UnicodeClass {
    /// Combining marks: they may continue an identifier or operator but not start an identifier.
    @inline(__always)
    private static func isCombiningMark(_ v: UInt32) -> Bool {
        (v >= 0x300 && v <= 0x36F) || (v >= 0x1DC0 && v <= 0x1DFF) || (v >= 0x20D0 && v <= 0x20FF)
            || (v >= 0xFE20 && v <= 0xFE2F)
    }

    static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return AsciiClass.isIdentifierContinuation(UInt8(v)) }
        switch v {
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6,
            0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D, 0x202A...0x202E,
            0x203F...0x2040, 0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
            0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
            0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8:
            return true
        default:
            // Supplementary planes 1-14, except each plane's last two code points.
            return v >= 0x10000 && v <= 0xEFFFD && (v & 0xFFFF) <= 0xFFFD
        }
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return AsciiClass.isLetter(UInt8(v)) || v == 0x5F }
        return isIdentifierContinuation(scalar) && !isCombiningMark(v)
    }

    static func isOperatorStart(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return AsciiClass.isOperator(UInt8(v)) }
        switch v {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0...0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
            0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
            0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
            0x3008...0x3030:
            return true
        default:
            return false
        }
    }

    static func isOperatorContinuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
            0xE0100...0xE01EF:
            return true
        default:
            return isOperatorStart(scalar)
        }
    }
}
