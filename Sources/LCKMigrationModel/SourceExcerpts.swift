import LCKCore

/// Source lines kept for the report, keyed by path (its bytes, so an NFC and an NFD spelling of one name
/// never share lines) and 1-based line number.
public struct SourceExcerpts: Sendable, Hashable {
    private var lines: [PathKey: [Int: String]] = [:]

    public init() {}

    /// Keeps `text` as line `line` of `path`.
    public mutating func set(_ path: String, _ line: Int, _ text: String) {
        lines[PathKey(path), default: [:]][line] = text
    }

    /// The kept line, or nil when it was not read (file unreadable or changed since the scan).
    public func line(_ path: String, _ line: Int) -> String? {
        lines[PathKey(path)]?[line]
    }
}
