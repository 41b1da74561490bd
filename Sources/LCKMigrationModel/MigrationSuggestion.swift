import LCKRules

/// Suggests LiveCommunicationKit code for a mechanical rename by replaying the rule example's
/// renamed words (`CXEndCallAction` → `EndConversationAction`, label `call:` → `conversationUUID:`)
/// on the app's own line. A word is only renamed in the same role it had in the example (argument
/// label, member after `.`, or plain name), so `call: call.uuid` keeps its variable.
enum RenameSuggestion {
    struct Word: Hashable {
        enum Role: Hashable { case label, member, plain }
        var text: String
        var role: Role
    }

    /// The line with each renamed word replaced from `fromColumn` (1-based, UTF-8) on, or nil when
    /// the example's words do not pair up one to one or nothing on the line changes.
    static func apply(example: MappingExample, to line: String, fromColumn column: Int) -> String? {
        guard
            let renames = renames(
                before: words(Array(example.before.utf8)).map(\.word),
                after: words(Array(example.after.utf8)).map(\.word)),
            !renames.isEmpty
        else { return nil }
        let bytes = Array(line.utf8)
        let start = min(max(0, column - 1), bytes.count)
        var output = Array(bytes[..<start])
        var cursor = start
        var changed = false
        for located in words(bytes) where located.range.lowerBound >= start {
            output += bytes[cursor..<located.range.lowerBound]
            if let replacement = renames[located.word] {
                output += Array(replacement.utf8)
                changed = true
            } else {
                output += bytes[located.range]
            }
            cursor = located.range.upperBound
        }
        output += bytes[cursor...]
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Word renames between two versions of an example: the words both share (longest common
    /// subsequence) anchor the pairing; between anchors, equally long runs pair up word by word and
    /// runs of different length (a declaration only the "before" needs) are skipped. Nil when a word
    /// would be renamed two ways.
    static func renames(before: [Word], after: [Word]) -> [Word: String]? {
        let rows = before.count
        let columns = after.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row][column] =
                    before[row] == after[column]
                    ? table[row + 1][column + 1] + 1 : max(table[row + 1][column], table[row][column + 1])
            }
        }
        var renames: [Word: String] = [:]
        var row = 0
        var column = 0
        var pendingBefore: [Word] = []
        var pendingAfter: [Word] = []
        func flush() -> Bool {
            defer { pendingBefore.removeAll(); pendingAfter.removeAll() }
            guard pendingBefore.count == pendingAfter.count else { return true }
            for (old, new) in zip(pendingBefore, pendingAfter) where old.text != new.text {
                if let known = renames[old], known != new.text { return false }
                renames[old] = new.text
            }
            return true
        }
        while row < rows || column < columns {
            if row < rows, column < columns, before[row] == after[column] {
                guard flush() else { return nil }
                row += 1
                column += 1
            } else if column < columns && (row == rows || table[row][column + 1] >= table[row + 1][column]) {
                pendingAfter.append(after[column])
                column += 1
            } else {
                pendingBefore.append(before[row])
                row += 1
            }
        }
        return flush() ? renames : nil
    }

    /// Identifier-like words (ASCII letters, digits, `_`) with their byte ranges and roles.
    static func words(_ bytes: [UInt8]) -> [(word: Word, range: Range<Int>)] {
        var result: [(word: Word, range: Range<Int>)] = []
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
            var next = end
            while next < bytes.count && bytes[next] == 0x20 { next += 1 }
            let role: Word.Role =
                next < bytes.count && bytes[next] == 0x3A
                ? .label
                : index > 0 && bytes[index - 1] == 0x2E ? .member : .plain
            result.append((Word(text: String(decoding: bytes[index..<end], as: UTF8.self), role: role), index..<end))
            index = end
        }
        return result
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }
}
