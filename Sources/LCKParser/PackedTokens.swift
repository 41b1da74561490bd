/// Token indices and ranges stored in 32 bits inside outline records (statements, variables, calls).
///
/// A large file has a record every few tokens; stored as `Int`, `Int?` and `Range<Int>?` a statement took
/// 112 bytes and a variable 176, more than the source text they describe (issue 15, bounded memory). The
/// records keep their `Int` and `Range<Int>` properties, computed from these. Token indices fit: a file
/// has fewer tokens than bytes, and values past `Int32` are clamped rather than trapped.
@usableFromInline
struct PackedIndex: Hashable, Sendable {
    @usableFromInline var raw: Int32

    /// The nil of an optional index (-1 is a real value for some fields: "no token").
    @usableFromInline static let absent = Int32.min

    @inlinable init(_ value: Int) { raw = Int32(clamping: value) }
    @inlinable init(_ value: Int?) { raw = value.map { Int32(clamping: $0) } ?? Self.absent }

    @inlinable var value: Int { Int(raw) }
    @inlinable var optional: Int? { raw == Self.absent ? nil : Int(raw) }
}

/// A `Range<Int>` or `Range<Int>?` of token indices in 8 bytes.
@usableFromInline
struct PackedRange: Hashable, Sendable {
    @usableFromInline var lower: Int32
    @usableFromInline var upper: Int32

    @inlinable init(_ range: Range<Int>) {
        lower = Int32(clamping: range.lowerBound)
        upper = Int32(clamping: range.upperBound)
    }

    @inlinable init(_ range: Range<Int>?) {
        lower = range.map { Int32(clamping: $0.lowerBound) } ?? PackedIndex.absent
        upper = range.map { Int32(clamping: $0.upperBound) } ?? PackedIndex.absent
    }

    @inlinable var range: Range<Int> { Int(lower)..<Int(max(lower, upper)) }
    @inlinable var optional: Range<Int>? { lower == PackedIndex.absent ? nil : range }
}
