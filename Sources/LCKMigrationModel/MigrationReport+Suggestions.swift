import LCKCore
import LCKRules

extension MigrationReport {
    /// For mechanical renames only: the first source line with the rule example's renamed words applied.
    /// None when a CallKit type is left on the line (`func provider(_ provider: CXProvider, perform action:
    /// JoinConversationAction)`): a half-renamed line would not compile, and the finding's message says what to write.
    /// Also none when another usage on the line needs more than a rename (`provider.reportCall(with:
    /// action.callUUID, …)`): renaming `callUUID` alone would leave CallKit calls in the suggested line.
    public func suggestion(for entry: Entry) -> String? {
        guard entry.finding.mappingKind == .rename, let example = entry.example,
            let line = excerpts.line(entry.finding.path, entry.finding.start.line)
        else { return nil }
        var column = entry.finding.start.column
        for other in entriesOnLine(of: entry) where other.finding.mappingKind != nil {
            guard other.finding.mappingKind == .rename || other.finding.mappingKind == .unchanged else { return nil }
            if other.finding.ruleID == entry.finding.ruleID { column = min(column, other.finding.start.column) }
        }
        return Self.suggestion(renaming: line, fromColumn: column, example: example)
    }

    /// The other entries starting on the same line (neighbours in `entries`, which are in report order).
    private func entriesOnLine(of entry: Entry) -> [Entry] {
        func sameLine(_ index: Int) -> Bool {
            entries[index].finding.start.line == entry.finding.start.line
                && entries[index].finding.path.hasSameBytes(as: entry.finding.path)
        }
        var result: [Entry] = []
        var index = entry.index - 1
        while index >= 0 && sameLine(index) {
            result.append(entries[index])
            index -= 1
        }
        index = entry.index + 1
        while index < entries.count && sameLine(index) {
            result.append(entries[index])
            index += 1
        }
        return result
    }

    /// `line` with `example`'s renames applied from `column` on, or nil when nothing changes or CallKit is left.
    public static func suggestion(renaming line: String, fromColumn column: Int, example: MappingExample) -> String? {
        guard let renamed = RenameSuggestion.apply(example: example, to: line, fromColumn: column),
            CallKitSpelling.firstType(in: renamed) == nil
        else { return nil }
        return renamed
    }
}
