/// Serializes `JSONValue`s back to text.
///
/// The canonical form (object keys sorted by UTF-8 bytes, no whitespace, numbers as written)
/// is what fingerprints hash, so reformatting a rule file does not change its fingerprint.
public enum JSONWriter {
    /// Compact text with object keys sorted; duplicate keys keep their source order.
    public static func canonicalText(_ value: JSONValue) -> String {
        String(decoding: canonicalBytes(value), as: UTF8.self)
    }

    /// `canonicalText` as UTF-8 bytes, built without intermediate strings: the rule-table fingerprint
    /// hashes every rule this way on each run, so it is on the start-up path of every scan.
    public static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        // Explicit work stack: a value to write, a key to write (quoted, then `:`), or one byte to emit.
        enum Work {
            case value(JSONValue)
            case key(String)
            case byte(UInt8)
        }
        var work: [Work] = [.value(value)]
        while let item = work.popLast() {
            switch item {
            case .byte(let byte):
                output.append(byte)
            case .key(let key):
                appendQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
            case .value(let value):
                switch value.kind {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): output.append(contentsOf: number.text.utf8)
                case .string(let text): appendQuoted(text, to: &output)
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    work.append(.byte(UInt8(ascii: "]")))
                    for (offset, element) in elements.enumerated().reversed() {
                        work.append(.value(element))
                        if offset > 0 { work.append(.byte(UInt8(ascii: ","))) }
                    }
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    work.append(.byte(UInt8(ascii: "}")))
                    let sorted = members.enumerated().sorted { lhs, rhs in
                        if lhs.element.key == rhs.element.key { return lhs.offset < rhs.offset }
                        return lhs.element.key.utf8.lexicographicallyPrecedes(rhs.element.key.utf8)
                    }
                    for (position, entry) in sorted.enumerated().reversed() {
                        work.append(.value(entry.element.value))
                        work.append(.key(entry.element.key))
                        if position > 0 { work.append(.byte(UInt8(ascii: ","))) }
                    }
                }
            }
        }
        return output
    }

    /// How `appendQuoted` writes the control characters that JSON lets a writer spell two ways. Both
    /// styles are kept, byte for byte, because each is already part of an output that must not change.
    public enum EscapeStyle: Sendable {
        /// `\u0008`, `\u000C` and upper-case hex: the canonical text the rule-table fingerprint hashes, so
        /// changing it would change every fingerprint recorded in reports and baselines.
        case canonical
        /// `\b`, `\f` and lower-case hex: what the JSON and SARIF reports have always written.
        case report
    }

    /// A JSON string literal for `text` in the canonical style.
    public static func quoted(_ text: String) -> String {
        quoted(text, style: .canonical)
    }

    /// A JSON string literal for `text`, escaping quotes, backslashes and control characters.
    public static func quoted(_ text: String, style: EscapeStyle) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, style: style, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerHexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string literal: `"`, `\` and every control character below U+0020 are
    /// escaped, everything else is copied. Works on UTF-8 bytes: every byte of a multi-byte character
    /// is at least 0x80, so only ASCII bytes ever need escaping. Runs without one are copied whole, found
    /// 8 bytes at a time: a report of many findings is mostly such runs.
    public static func appendQuoted(_ text: String, style: EscapeStyle = .canonical, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            var index = 0
            while let next = nextEscaped(bytes, from: index) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<next]))
                appendEscape(bytes[next], style: style, to: &output)
                index = next + 1
                copied = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The first byte at or after `start` that a JSON string must escape (`"`, `\`, below 0x20).
    private static func nextEscaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // A byte below 0x20 (no byte of 0x80 or more counts: its high bit is masked out), a quote or
                // a backslash (a zero byte after XOR), with the usual borrow trick.
                let low = (word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060
                let control = ~(low | word) & 0x8080_8080_8080_8080
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let zero =
                    ((quote &- 0x0101_0101_0101_0101) & ~quote) | ((backslash &- 0x0101_0101_0101_0101) & ~backslash)
                if control | (zero & 0x8080_8080_8080_8080) != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    private static func appendEscape(_ byte: UInt8, style: EscapeStyle, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08 where style == .report: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C where style == .report: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default:
            let digits = style == .canonical ? upperHexDigits : lowerHexDigits
            output.append(contentsOf: "\\u00".utf8)
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
    }
}
