/// Text shown to a person — a terminal, a CI log, a Markdown page — with every control character
/// made visible.
///
/// File names, messages and rule-pack text come from whoever wrote the scanned repository: a raw ESC
/// recolours or rewrites a terminal, and a CR or LF inside a file name forges a separate
/// `file.swift:2:9: warning:` line in a piped CI log. Each UTF-8 byte of a C0 control (tab and newline
/// included), DEL, a C1 control (U+0080–U+009F), a line or paragraph separator (U+2028, U+2029) or a
/// bidirectional override (U+202A–U+202E, U+2066–U+2069) is written as `\xHH`, the escape display
/// paths use for bytes that are not UTF-8. Machine formats (JSON, SARIF, XML) keep their own escaping.
public enum VisibleText {
    /// `text` with every control character escaped; `text` itself (no copy) when it has none.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let length = controlLength(bytes, at: index)
            if length == 0 {
                out.append(bytes[index])
                index += 1
                continue
            }
            for byte in bytes[index..<index + length] { appendEscape(byte, to: &out) }
            index += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A whole diagnostic line: `text` escaped, then one newline (the only line break it can contain).
    public static func line(_ text: String) -> String {
        escaped(text) + "\n"
    }

    /// Appends `\xHH` (upper-case hex) for `byte`.
    public static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: [0x5C, 0x78, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
    }

    /// Bytes of the well-formed UTF-8 sequence starting at `index` (Unicode table 3-7), or 0.
    public static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Bytes of the control character starting at `index`, or 0 when none starts there.
    private static func controlLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return 1 }
        guard index + 1 < bytes.count else { return 0 }
        let second = bytes[index + 1]
        if byte == 0xC2 { return (0x80...0x9F).contains(second) ? 2 : 0 }
        guard byte == 0xE2, index + 2 < bytes.count else { return 0 }
        let third = bytes[index + 2]
        if second == 0x80 && (0xA8...0xAE).contains(third) { return 3 }
        if second == 0x81 && (0xA6...0xA9).contains(third) { return 3 }
        return 0
    }
}

extension String {
    /// Byte equality. `==` treats canonically equivalent spellings as equal (an NFC and an NFD `café`),
    /// but they name two different files; paths are compared with this instead.
    /// Buffers of one length: the same storage (every finding of a file shares its path's) is equal at once,
    /// others are compared 8 bytes at a time.
    @usableFromInline
    static func sameBytes(_ mine: UnsafeBufferPointer<UInt8>, _ theirs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let left = mine.baseAddress, let right = theirs.baseAddress, left != right else { return true }
        let count = Swift.min(mine.count, theirs.count)
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(left).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            guard word == UnsafeRawPointer(right).loadUnaligned(fromByteOffset: index, as: UInt64.self) else {
                return false
            }
            index += 8
        }
        while index < count {
            guard left[index] == right[index] else { return false }
            index += 1
        }
        return true
    }

    @inlinable
    public func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // Over contiguous storage (native strings) the comparison is a plain loop over bytes; the
        // generic `UTF8View` walk costs tens of instructions a byte, and paths are compared per finding.
        let contiguous = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in String.sameBytes(mine, theirs) }
        }
        return (contiguous ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

/// A path as a dictionary or set key, equal only when the bytes are: `String`'s own `Hashable` merges
/// canonically equivalent spellings, which would file two files' findings or source lines under one.
public struct PathKey: Hashable, Sendable, Comparable, ExpressibleByStringLiteral {
    public let path: String

    public init(_ path: String) { self.path = path }

    public init(stringLiteral path: String) { self.path = path }

    public static func == (lhs: PathKey, rhs: PathKey) -> Bool { lhs.path.hasSameBytes(as: rhs.path) }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = path.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { Array(path.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// Byte order, the order every output lists paths in.
    public static func < (lhs: PathKey, rhs: PathKey) -> Bool {
        lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
    }
}
