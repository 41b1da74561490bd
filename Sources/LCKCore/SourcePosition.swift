/// A half-open range of UTF-8 byte offsets into one file.
///
/// Byte offsets are the only position unit used inside lckmigrate; reporters convert to
/// line/column at output time, so units are never mixed.
public struct ByteRange: Hashable, Sendable, Comparable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public var length: Int { end - start }
    public var isEmpty: Bool { start >= end }

    /// Whether `offset` lies in the half-open range (suppression and scope checks work on offsets).
    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }
    /// Whether `other` lies wholly inside this range.
    public func contains(_ other: ByteRange) -> Bool { other.start >= start && other.end <= end }

    public static func < (lhs: ByteRange, rhs: ByteRange) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.end < rhs.end
    }
}

/// A 1-based line and 1-based column, the column counted in UTF-8 bytes.
///
/// UTF-8 byte columns are what the compiler prints and what Xcode accepts in
/// `path:line:column:` diagnostics; SARIF output declares its own column kind.
public struct SourcePosition: Hashable, Sendable, Comparable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let unknown = SourcePosition(line: 0, column: 0)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }
}
