import LCKCore

/// The tokens of OpenStep property-list text, made one at a time: `{ } ( ) = ; ,`, quoted strings
/// (escapes decoded) and bare words; `/* */` and `//` comments are skipped.
struct PBXTokens {
    enum Kind: Equatable {
        case open(isDictionary: Bool)
        case close(isDictionary: Bool)
        case equal, semicolon, comma
        case word(String)
    }

    struct Token {
        var kind: Kind
        var range: ByteRange
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws(SettingsProblem) -> Token? {
        try skipSpaceAndComments()
        guard position < bytes.count else { return nil }
        let start = position
        let byte = bytes[position]
        let single: Kind? =
            switch byte {
            case 0x7B: .open(isDictionary: true)
            case 0x7D: .close(isDictionary: true)
            case 0x28: .open(isDictionary: false)
            case 0x29: .close(isDictionary: false)
            case 0x3D: .equal
            case 0x3B: .semicolon
            case 0x2C: .comma
            default: nil
            }
        if let single {
            position += 1
            return Token(kind: single, range: ByteRange(start: start, end: position))
        }
        if byte == 0x22 { return try quoted(from: start) }
        while position < bytes.count, Self.isWordByte(bytes[position]), !startsComment(at: position) { position += 1 }
        guard position > start else {
            throw SettingsProblem(offset: start, message: "unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
        return Token(
            kind: .word(String(decoding: bytes[start..<position], as: UTF8.self)),
            range: ByteRange(start: start, end: position))
    }

    private mutating func quoted(from start: Int) throws(SettingsProblem) -> Token {
        position += 1
        var text: [UInt8] = []
        while position < bytes.count, bytes[position] != 0x22 {
            if bytes[position] == 0x5C, position + 1 < bytes.count {
                position += 1
                let escaped = bytes[position]
                text.append(escaped == 0x6E ? 0x0A : escaped == 0x74 ? 0x09 : escaped)
            } else {
                text.append(bytes[position])
            }
            position += 1
        }
        guard position < bytes.count else { throw SettingsProblem(offset: start, message: "unterminated string") }
        position += 1
        return Token(kind: .word(String(decoding: text, as: UTF8.self)), range: ByteRange(start: start, end: position))
    }

    private mutating func skipSpaceAndComments() throws(SettingsProblem) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if startsComment(at: position) && bytes[position + 1] == 0x2A {
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == 0x2A && bytes[position + 1] == 0x2F) {
                    position += 1
                }
                guard position + 1 < bytes.count else {
                    throw SettingsProblem(offset: start, message: "unterminated comment")
                }
                position += 2
            } else if startsComment(at: position) {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else {
                return
            }
        }
    }

    /// `/*` or `//` at `offset`.
    private func startsComment(at offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == 0x2F && (bytes[offset + 1] == 0x2A || bytes[offset + 1] == 0x2F)
    }

    /// What an unquoted OpenStep string may hold (Xcode writes paths and ids bare).
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D, 0x2B, 0x40, 0x7E, 0x80...0xFF:
            true
        default: false
        }
    }
}
