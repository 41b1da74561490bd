/// UTF-16 columns of many offsets in one file, each line's bytes walked at most once when the offsets
/// come in ascending order (`Finding.locate(_:path:lines:bytes:)` sorts them first).
///
/// `LineTable.utf16Column(of:in:)` counts from the line start on every call: 16,000 findings on one
/// long line made that quadratic. The cursor remembers the last offset and column and goes on from there
/// while the next offset is on the same line and not before it.
public struct UTF16ColumnCursor {
    private let lines: LineTable
    private let bytes: [UInt8]
    private var line = -1
    private var offset = 0
    private var column = 1
    /// Bytes stepped over so far: the work the cursor does, for tests that check it stays linear.
    public private(set) var bytesWalked = 0

    public init(lines: LineTable, bytes: [UInt8]) {
        self.lines = lines
        self.bytes = bytes
    }

    /// Column of `offset` in UTF-16 code units (1-based), as `LineTable.utf16Column(of:in:)`.
    public mutating func column(of target: Int) -> Int {
        let clamped = max(0, min(target, lines.byteCount))
        let index = lines.lineIndex(of: clamped)
        if index != line || clamped < offset {
            line = index
            offset = lines.lineStarts[index]
            column = 1
        }
        bytesWalked += clamped - offset
        while offset < clamped {
            let byte = bytes[offset]
            if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
            offset += 1
        }
        return column
    }
}
