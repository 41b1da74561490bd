/// Maps byte offsets to lines and columns, built once per file in a single pass.
///
/// LF, CR and CRLF each end a line (CRLF counts once), matching the compiler's
/// `SourceLocationConverter`.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public var lineStarts: LineStarts { LineStarts(starts: starts) }
    /// 32-bit offsets (a scan refuses files of 4 GiB or more): a line table is built while a large file's
    /// analysis holds its outline (value provenance, summaries), at 8 bytes a line it was a twentieth of it.
    private var starts: [UInt32]
    public let byteCount: Int

    public init(_ bytes: UnsafeRawBufferPointer) {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        var index = 0
        let count = bytes.count
        while index < count {
            // Skip eight bytes at a time while none of them is a CR or LF (a word-wide zero-byte
            // test on the word XORed with each terminator; exact about whether one is present).
            while index + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if Self.hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A) || Self.hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) {
                    break
                }
                index += 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(UInt32(truncatingIfNeeded: index + 1))
            } else if byte == 0x0D {
                if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
                starts.append(UInt32(truncatingIfNeeded: index + 1))
            }
            index += 1
        }
        self.starts = starts
        byteCount = count
    }

    /// `LineTable(bytes).lineCount` without storing the line starts: what a scan needs of a file it
    /// does not lex. One line, plus one per LF, plus one per CR not followed by an LF; LFs are counted
    /// eight bytes at a time with a popcount, and only words holding a CR are looked at byte by byte.
    public static func lineCount(of bytes: UnsafeRawBufferPointer) -> Int {
        var count = 1
        var index = 0
        let length = bytes.count
        while index + 8 <= length {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // One bit per LF byte, summed into the top byte by a multiply: the default x86-64 target has no
            // popcount instruction, and its software stand-in cost more than the rest of the loop.
            count += Int(
                truncatingIfNeeded: ((zeroByteMask(word ^ 0x0A0A_0A0A_0A0A_0A0A) >> 7) &* 0x0101_0101_0101_0101) >> 56)
            if hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) {
                for offset in index..<(index + 8) where bytes[offset] == 0x0D {
                    if offset + 1 == length || bytes[offset + 1] != 0x0A { count += 1 }
                }
            }
            index += 8
        }
        while index < length {
            if bytes[index] == 0x0A {
                count += 1
            } else if bytes[index] == 0x0D && (index + 1 == length || bytes[index + 1] != 0x0A) {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// The high bit of each byte of `word` that is zero, and no other bit (no borrow crosses bytes).
    @inline(__always)
    private static func zeroByteMask(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { LineTable($0) }
    }

    public var lineCount: Int { starts.count }

    /// Bytes the line starts hold (capacity), for the tests that bound a scan's memory.
    var heldBytes: Int { starts.capacity * MemoryLayout<UInt32>.stride }

    /// The 0-based index of the line containing `offset` (offsets past the end map to the last line).
    public func lineIndex(of offset: Int) -> Int {
        // The last line starting at or before `offset`; line 0 for an offset before every start.
        max(0, starts.partitioningIndex { Int($0) > offset } - 1)
    }

    /// 1-based line and 1-based UTF-8 byte column of `offset`.
    public func position(of offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, byteCount))
        let index = lineIndex(of: clamped)
        return SourcePosition(line: index + 1, column: clamped - Int(starts[index]) + 1)
    }

    /// Byte range of the 1-based `line`, without its line terminator.
    public func rangeOfLine(_ line: Int, in bytes: [UInt8]) -> ByteRange {
        guard line >= 1 && line <= starts.count else { return ByteRange(start: byteCount, end: byteCount) }
        let start = Int(starts[line - 1])
        var end = line < starts.count ? Int(starts[line]) : byteCount
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        return ByteRange(start: start, end: end)
    }

    /// Column of `offset` in Unicode scalars (1-based), for formats that count characters.
    public func scalarColumn(of offset: Int, in bytes: [UInt8]) -> Int {
        let clamped = max(0, min(offset, byteCount))
        let start = Int(starts[lineIndex(of: clamped)])
        var column = 1
        var index = start
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // Continuation bytes before `clamped` belonged to a scalar already counted.
        return column
    }

    /// Column of `offset` in UTF-16 code units (1-based), the unit of SARIF's `utf16CodeUnits`.
    public func utf16Column(of offset: Int, in bytes: [UInt8]) -> Int {
        let clamped = max(0, min(offset, byteCount))
        let start = Int(starts[lineIndex(of: clamped)])
        var column = 1
        var index = start
        while index < clamped {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
            index += 1
        }
        return column
    }
}

/// The line starts of a `LineTable` as `Int` byte offsets (stored in 32 bits).
public struct LineStarts: RandomAccessCollection, Sendable {
    fileprivate let starts: [UInt32]

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }

    public subscript(position: Int) -> Int { Int(starts[position]) }
}
