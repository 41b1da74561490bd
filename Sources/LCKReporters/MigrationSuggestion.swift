import LCKRules

/// Suggests LiveCommunicationKit code for a mechanical rename by replaying the rule example's
/// renamed words (`CXEndCallAction` → `EndConversationAction`, `call:` → `conversationUUID:`) on
/// the app's own line.
enum RenameSuggestion {
    /// The line with each renamed word replaced from `fromColumn` (1-based, UTF-8) on, or nil when
    /// the example's words do not pair up one to one or nothing on the line changes.
    static func apply(example: MappingExample, to line: String, fromColumn column: Int) -> String? {
        let before = words(example.before), after = words(example.after)
        guard before.count == after.count else { return nil }
        var renames: [String: String] = [:]
        for (old, new) in zip(before, after) where old != new {
            if let known = renames[old], known != new { return nil }
            renames[old] = new
        }
        guard !renames.isEmpty else { return nil }
        let bytes = Array(line.utf8)
        let start = min(max(0, column - 1), bytes.count)
        var output = Array(bytes[..<start])
        var index = start
        var changed = false
        while index < bytes.count {
            if isWordByte(bytes[index]) && (index == 0 || !isWordByte(bytes[index - 1])) {
                var end = index
                while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                if let replacement = renames[word] {
                    output += Array(replacement.utf8)
                    changed = true
                } else {
                    output += bytes[index..<end]
                }
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Identifier-like words in order (ASCII letters, digits, `_`; other bytes separate words).
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if isWordByte(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                result.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
