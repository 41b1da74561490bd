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
        let before = words(Array(example.before.utf8)), after = words(Array(example.after.utf8))
        guard before.count == after.count else { return nil }
        var renames: [Word: String] = [:]
        for (old, new) in zip(before, after) where old.word.text != new.word.text {
            if let known = renames[old.word], known != new.word.text { return nil }
            renames[old.word] = new.word.text
        }
        guard !renames.isEmpty else { return nil }
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
            let role: Word.Role = next < bytes.count && bytes[next] == 0x3A ? .label
                : index > 0 && bytes[index - 1] == 0x2E ? .member : .plain
            result.append((Word(text: String(decoding: bytes[index..<end], as: UTF8.self), role: role), index..<end))
            index = end
        }
        return result
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
