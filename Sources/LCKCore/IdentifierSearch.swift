/// Finds which of several groups of names a text spells, in one pass over its bytes.
///
/// Built for the scan's prefilter, which runs over every byte of a repository before anything is lexed,
/// so it must cost about what reading costs. A name is either a whole identifier (the bytes around it
/// are not identifier bytes, so `CXProvider` does not match inside `CXProviderDelegate`) or a plain byte
/// string that may sit inside a longer word. Either way comments and string literals count: the search
/// over-approximates what the lexer would find, never under-approximates.
///
/// Each position's next four bytes are hashed into a 65,536-bit table of the names' four-byte prefixes
/// (one unaligned load, a multiply and a bit test); only positions that pass are compared with the
/// names of that prefix. Names shorter than four bytes are compared at every position.
public struct IdentifierSearch: Sendable {
    /// One name to look for.
    public struct Pattern: Sendable, Hashable {
        public var name: String
        /// False: the name also matches inside a longer identifier.
        public var wholeIdentifier: Bool
        /// Bit `g` is set when the name belongs to group `g` (0 to 63).
        public var groups: UInt64

        public init(_ name: String, wholeIdentifier: Bool = true, groups: UInt64 = 1) {
            self.name = name
            self.wholeIdentifier = wholeIdentifier
            self.groups = groups
        }
    }

    /// The patterns' bytes, back to back: pattern `i` is `nameBytes[nameStarts[i]..<nameStarts[i + 1]]`.
    private let nameBytes: [UInt8]
    private let nameStarts: [Int32]
    private let wholeIdentifier: [Bool]
    private let groupsOfPattern: [UInt64]
    /// Patterns of four bytes or more, by the hash of their first four bytes (`prefixHash`): bit `h` of
    /// `prefixBits` is set when some pattern's prefix hashes to `h`, and `prefixBuckets[h]` lists them.
    private let prefixBits: [UInt64]
    /// Window length of the skip (Wu-Manber with two-byte blocks): the shortest long pattern's length, at
    /// most 8; 0 when there are no long patterns.
    private let window: Int
    /// For each hash of a two-byte block (`blockHash`), how far a window ending with such a block can move
    /// on without passing the start of a pattern: the least distance from one of them in some pattern's
    /// first `window` bytes to that window's end, or `window - 1` when no pattern has one there. 0 is a
    /// candidate. 4 KB: the searches are built per scan, and several are alive at once.
    private let shifts: [UInt8]
    private let prefixBuckets: [Int: [Int32]]
    /// Patterns of one to three bytes, tried at every position (only when there are any).
    private let shortPatterns: [Int32]
    /// Every group some pattern belongs to.
    public let allGroups: UInt64

    /// Whole-identifier names of group 0; empty names and duplicates are ignored.
    public init(names: some Sequence<String>) {
        self.init(patterns: names.map { Pattern($0) })
    }

    public init(patterns: some Sequence<Pattern>) {
        var merged: [Pattern] = []
        var positionOf: [[UInt8]: [Bool: Int]] = [:]
        for pattern in patterns where !pattern.name.isEmpty {
            let key = Array(pattern.name.utf8)
            if let existing = positionOf[key]?[pattern.wholeIdentifier] {
                merged[existing].groups |= pattern.groups
            } else {
                positionOf[key, default: [:]][pattern.wholeIdentifier] = merged.count
                merged.append(pattern)
            }
        }
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        var bits = [UInt64](repeating: 0, count: 1 << (Self.hashBits - 6))
        var buckets: [Int: [Int32]] = [:]
        var short: [Int32] = []
        var all: UInt64 = 0
        let window = min(8, merged.map(\.name.utf8.count).filter { $0 >= 4 }.min() ?? 0)
        var shifts = [UInt8](repeating: UInt8(max(0, window - 1)), count: window == 0 ? 0 : 1 << Self.blockBits)
        for (position, pattern) in merged.enumerated() {
            let name = Array(pattern.name.utf8)
            bytes += name
            starts.append(Int32(bytes.count))
            all |= pattern.groups
            if name.count < 4 {
                short.append(Int32(position))
            } else {
                let prefix = UInt32(name[0]) | UInt32(name[1]) << 8 | UInt32(name[2]) << 16 | UInt32(name[3]) << 24
                let hash = Self.prefixHash(prefix)
                bits[hash >> 6] |= 1 << UInt64(hash & 63)
                buckets[hash, default: []].append(Int32(position))
                for end in 1..<window {
                    let block = Self.blockHash(UInt16(name[end - 1]) | UInt16(name[end]) << 8)
                    shifts[block] = min(shifts[block], UInt8(window - 1 - end))
                }
            }
        }
        nameBytes = bytes
        nameStarts = starts
        wholeIdentifier = merged.map(\.wholeIdentifier)
        groupsOfPattern = merged.map(\.groups)
        prefixBits = bits
        self.window = window
        self.shifts = shifts
        prefixBuckets = buckets
        shortPatterns = short
        allGroups = all
    }

    /// 16 bits of a multiplicative hash of a four-byte prefix: a 65,536-bit table keeps false hits to
    /// well under one position in a hundred for a few hundred names.
    private static let hashBits = 16

    private static let blockBits = 12

    @inline(__always)
    private static func blockHash(_ block: UInt16) -> Int {
        Int((UInt32(block) &* 0x9E37_79B1) >> UInt32(32 - blockBits))
    }

    @inline(__always)
    private static func prefixHash(_ prefix: UInt32) -> Int {
        Int((prefix &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }

    /// Whether the text spells any pattern.
    public func matches(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { groups(in: $0, stoppingAt: 0) } != 0
    }

    /// The groups of the patterns the text spells. The search ends early once it has found every group
    /// of `enough`, or any group when `enough` is 0; groups found by then are all it reports.
    public func groups(in bytes: [UInt8], stoppingAt enough: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBufferPointer { groups(in: $0, stoppingAt: enough) }
    }

    public func groups(in text: UnsafeBufferPointer<UInt8>, stoppingAt enough: UInt64 = 0) -> UInt64 {
        guard allGroups != 0, let base = text.baseAddress, !text.isEmpty else { return 0 }
        let length = text.count
        var found: UInt64 = 0
        func done() -> Bool { enough == 0 ? found != 0 : found & enough == enough }
        if !shortPatterns.isEmpty {
            for start in 0..<length {
                for pattern in shortPatterns where matchesPattern(Int(pattern), text: base, length: length, at: start) {
                    found |= groupsOfPattern[Int(pattern)]
                }
                if done() { return found }
            }
        }
        guard window > 0, length >= window else { return found }
        prefixBits.withUnsafeBufferPointer { bits in
            shifts.withUnsafeBufferPointer { shifts in
                let raw = UnsafeRawPointer(base)
                // The window's last two bytes say how far it can move; most windows move several bytes, and
                // only a window that may end a pattern's first `window` bytes has its start hashed.
                var end = window - 1
                while end < length {
                    let block = raw.loadUnaligned(fromByteOffset: end - 1, as: UInt16.self).littleEndian
                    let shift = Int(shifts[Self.blockHash(block)])
                    guard shift == 0 else {
                        end += shift
                        continue
                    }
                    let start = end - window + 1
                    let hash = Self.prefixHash(raw.loadUnaligned(fromByteOffset: start, as: UInt32.self).littleEndian)
                    if bits[hash >> 6] & (1 << UInt64(hash & 63)) != 0 {
                        for pattern in prefixBuckets[hash] ?? [] {
                            if matchesPattern(Int(pattern), text: base, length: length, at: start) {
                                found |= groupsOfPattern[Int(pattern)]
                            }
                        }
                        if done() { return }
                    }
                    end += 1
                }
            }
        }
        return found
    }

    /// Whether pattern `pattern` sits at `start`, with identifier boundaries when it needs them.
    @inline(__always)
    private func matchesPattern(_ pattern: Int, text: UnsafePointer<UInt8>, length: Int, at start: Int) -> Bool {
        let from = Int(nameStarts[pattern])
        let size = Int(nameStarts[pattern + 1]) - from
        guard start + size <= length else { return false }
        if wholeIdentifier[pattern] {
            if start > 0 && Self.isIdentifierByte(text[start - 1]) { return false }
            if start + size < length && Self.isIdentifierByte(text[start + size]) { return false }
        }
        var offset = 0
        while offset < size && text[start + offset] == nameBytes[from + offset] { offset += 1 }
        return offset == size
    }

    /// Letters, digits, `_` and every non-ASCII byte (Swift identifiers may hold any of them).
    @inline(__always)
    public static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }
}

extension IdentifierSearch {
    /// How many times the text spells each pattern, by name; names it never spells are left out. One pass
    /// like `groups(in:)`, but to the end: for the few files whose every mention is counted.
    public func occurrences(in bytes: [UInt8]) -> [String: Int] {
        var counts: [Int: Int] = [:]
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let length = text.count
            for start in 0..<length {
                for pattern in shortPatterns where matchesPattern(Int(pattern), text: base, length: length, at: start) {
                    counts[Int(pattern), default: 0] += 1
                }
                guard start + 4 <= length else { continue }
                let hash = Self.prefixHash(raw.loadUnaligned(fromByteOffset: start, as: UInt32.self).littleEndian)
                guard prefixBits[hash >> 6] & (1 << UInt64(hash & 63)) != 0 else { continue }
                for pattern in prefixBuckets[hash] ?? []
                where matchesPattern(Int(pattern), text: base, length: length, at: start) {
                    counts[Int(pattern), default: 0] += 1
                }
            }
        }
        var named: [String: Int] = [:]
        for (pattern, count) in counts {
            let range = Int(nameStarts[pattern])..<Int(nameStarts[pattern + 1])
            named[String(decoding: nameBytes[range], as: UTF8.self), default: 0] += count
        }
        return named
    }
}
