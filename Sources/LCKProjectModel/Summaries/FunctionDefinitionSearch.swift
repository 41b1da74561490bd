import LCKCore

/// Whether a file's bytes define (`func NAME`) one of a set of names, without lexing it.
///
/// The helper rounds ask this of every file not parsed yet, for a hundred names or more. Every name
/// shares the lead-in `func `, so a pattern search compares all of them wherever `func ` occurs; this
/// reads the identifier after each `func ` once and looks it up instead, at about one comparison a byte.
/// Like the prefilter it over-approximates: `func NAME` in a comment or a string counts.
package struct FunctionDefinitionSearch: Sendable {
    private let names: Set<[UInt8]>
    /// `DefinedNames.hash` of each name, to test a file's `DefinedNames` without its bytes.
    private let hashes: Set<UInt64>
    private static let keyword = Array("func ".utf8)

    init(names: some Sequence<String>) {
        self.names = Set(names.map { Array($0.utf8) })
        hashes = Set(self.names.map { DefinedNames.hash($0[...]) })
    }

    package func matches(_ bytes: [UInt8]) -> Bool {
        var found = false
        Self.forEachDefinedName(in: bytes) { name in
            found = names.contains(Array(name))
            return !found
        }
        return found
    }

    /// Whether the file whose names these are may define a name searched for: false means it does not
    /// (then its bytes need not be read again); true is confirmed with `matches`.
    package func mayMatch(_ defined: DefinedNames) -> Bool {
        defined.hashes.contains { hashes.contains($0) }
    }

    /// Calls `body` with the identifier after each `func ` (not preceded by an identifier byte), in order,
    /// until it returns false. Every file is read this way once, so it goes 8 bytes at a time and stops only
    /// at an `f` (a zero byte of `word ^ ffffffff`, found with the usual borrow trick; the few false
    /// stops are checked and passed).
    static func forEachDefinedName(in bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Bool) {
        let keyword = Self.keyword
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + keyword.count < text.count {
                var candidate = index
                if index + 8 <= text.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                    let spread = word ^ 0x6666_6666_6666_6666
                    let marks = (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
                    guard marks != 0 else {
                        index += 8
                        continue
                    }
                    candidate = index + marks.trailingZeroBitCount / 8
                    guard candidate + keyword.count < text.count else { return }
                }
                index = candidate + 1
                guard text[candidate] == keyword[0],
                    candidate == 0 || !IdentifierSearch.isIdentifierByte(text[candidate - 1]),
                    text[candidate + 1] == keyword[1], text[candidate + 2] == keyword[2],
                    text[candidate + 3] == keyword[3], text[candidate + 4] == keyword[4]
                else { continue }
                let start = candidate + keyword.count
                var end = start
                while end < text.count && IdentifierSearch.isIdentifierByte(text[end]) { end += 1 }
                if end > start && !body(bytes[start..<end]) { return }
                // The identifier read may itself start a definition (`func func go`); go on from it.
                index = start
            }
        }
    }
}

/// The names a file's bytes define with `func NAME`, as hashes: taken in the pre-pass's first read of
/// every file, so the helper rounds read again only the files that may define a wanted name.
package struct DefinedNames: Sendable {
    /// Sorted, without repeats.
    let hashes: [UInt64]

    package init(_ bytes: [UInt8]) {
        var hashes: [UInt64] = []
        FunctionDefinitionSearch.forEachDefinedName(in: bytes) { name in
            hashes.append(Self.hash(name))
            return true
        }
        hashes.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(hashes.count)
        for hash in hashes where hash != unique.last { unique.append(hash) }
        self.hashes = unique
    }

    /// FNV-1a (the prefilter's), the same on every run: Swift's `Hasher` is seeded per process.
    package static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { FNV1a.hash(bytes) }

    package static func hash(_ name: Substring.UTF8View) -> UInt64 { hash(ArraySlice(name)) }

    /// How many of the files define each name, by hash: one pass over every file's names.
    package static func fileCounts(_ files: [DefinedNames]) -> [UInt64: Int] {
        var counts: [UInt64: Int] = [:]
        for file in files { for hash in file.hashes { counts[hash, default: 0] += 1 } }
        return counts
    }
}
