import LCKCore
import LCKLexer

/// One `// lckmigrate:…` comment, as found in a file's comment trivia (never inside string literals,
/// because the lexer puts string contents in tokens, not trivia).
///
/// Grammar: `//` spaces `lckmigrate:` COMMAND spaces RULE (`,` or spaces RULE)* [`--` REASON].
public struct SuppressionDirective: Hashable, Sendable {
    /// The word after `lckmigrate:`, which decides the lines a directive covers.
    public enum Command: String, Hashable, Sendable, CaseIterable {
        /// The next line of code; comment-only lines in between are skipped, a blank line ends the search.
        case disableNextLine = "disable-next-line"
        /// The directive's own line (a trailing comment).
        case disableLine = "disable-line"
        /// From this line until a matching `enable` (or the end of the file).
        case disable
        /// Ends `disable` regions for the named rules (`all` ends every open region).
        case enable
        /// The whole file, wherever the comment is.
        case disableFile = "disable-file"

        /// Whether `--require-reason` asks for `-- reason`: `enable` suppresses nothing, so it needs none.
        public var needsReason: Bool { self != .enable }

        /// Spellings some linters use, accepted as synonyms.
        static let aliases: [String: Command] = ["disable:next": .disableNextLine, "disable:this": .disableLine]
    }

    public var command: Command
    /// Rule ids as written; `all` stands for every rule.
    public var ruleIDs: [String]
    /// The text after `--`, trimmed; nil when there is no `--`.
    public var reason: String?
    /// The comment's bytes.
    public var range: ByteRange

    public init(command: Command, ruleIDs: [String], reason: String?, range: ByteRange) {
        self.command = command
        self.ruleIDs = ruleIDs
        self.reason = reason
        self.range = range
    }
}

/// A comment that starts with `lckmigrate:` but cannot be read as a directive.
public struct MalformedDirective: Error, Hashable, Sendable {
    public var message: String
    public var range: ByteRange
}

/// Finds directives in comment trivia.
public enum SuppressionDirectiveParser {
    public static let marker = Array("lckmigrate:".utf8)

    /// Directives and malformed directives of one file, in source order.
    public static func parse(
        _ file: TokenizedFile
    ) -> (directives: [SuppressionDirective], malformed: [MalformedDirective]) {
        var directives: [SuppressionDirective] = []
        var malformed: [MalformedDirective] = []
        for piece in file.trivia where piece.kind == .lineComment {
            // Skip `//` and spaces; anything else before the marker makes it an ordinary comment.
            var index = piece.start + 2
            let end = piece.start + piece.length
            while index < end && (file.bytes[index] == 0x20 || file.bytes[index] == 0x09) { index += 1 }
            guard hasPrefix(file.bytes, marker, at: index, end: end) else { continue }
            index += marker.count
            let text = String(decoding: file.bytes[index..<end], as: UTF8.self)
            switch parseBody(text, range: piece.range) {
            case .success(let directive): directives.append(directive)
            case .failure(let problem): malformed.append(problem)
            }
        }
        return (directives, malformed)
    }

    /// Whether `parse` would return anything: a line comment starting with the marker (no strings built).
    public static func hasDirective(_ file: TokenizedFile) -> Bool {
        file.trivia.contains { piece in
            guard piece.kind == .lineComment else { return false }
            var index = piece.start + 2
            let end = piece.start + piece.length
            while index < end && (file.bytes[index] == 0x20 || file.bytes[index] == 0x09) { index += 1 }
            return hasPrefix(file.bytes, marker, at: index, end: end)
        }
    }

    private static func parseBody(_ body: String, range: ByteRange) -> Result<SuppressionDirective, MalformedDirective>
    {
        let utf8 = Array(body.utf8)
        var headBytes = utf8[...]
        var reason: String?
        // The first `--` starts the reason (rule ids never contain two dashes).
        if let dash = utf8.indices.first(where: { $0 + 1 < utf8.count && utf8[$0] == 0x2D && utf8[$0 + 1] == 0x2D }) {
            headBytes = utf8[..<dash]
            reason = String(decoding: utf8[(dash + 2)...], as: UTF8.self).trimmingSpaces()
        }
        let head = String(decoding: headBytes, as: UTF8.self)
        let words = head.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard let commandWord = words.first else {
            return .failure(
                MalformedDirective(
                    message:
                        "lckmigrate: directive without a command; use disable-next-line, disable-line, disable, enable or disable-file",
                    range: range))
        }
        guard
            let command = SuppressionDirective.Command(rawValue: commandWord)
                ?? SuppressionDirective.Command.aliases[commandWord]
        else {
            let known = SuppressionDirective.Command.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(
                MalformedDirective(
                    message: "unknown directive 'lckmigrate:\(commandWord)'; use one of: \(known)", range: range))
        }
        let rules = Array(words.dropFirst())
        guard !rules.isEmpty else {
            return .failure(
                MalformedDirective(
                    message: "'lckmigrate:\(commandWord)' names no rule; list rule ids or 'all'", range: range))
        }
        return .success(SuppressionDirective(command: command, ruleIDs: rules, reason: reason, range: range))
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at index: Int, end: Int) -> Bool {
        guard index + prefix.count <= end else { return false }
        var offset = 0
        while offset < prefix.count {
            if bytes[index + offset] != prefix[offset] { return false }
            offset += 1
        }
        return true
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
