import LCKCore
import LCKRules

/// Identity of a finding that survives edits elsewhere in the file: a hash of the rule id, the path,
/// the finding's source line and the signature line of its enclosing declaration, with whitespace
/// collapsed. Line numbers are left out, so inserting lines above a finding keeps its fingerprint;
/// editing the finding's own line (or renaming its function) gives it a new one.
///
/// Findings that hash alike (the same rule on identical lines of one declaration, such as four
/// `action.fail()` calls in one handler) are then told apart by their rank in report order
/// (`rankDuplicates`), so every finding's fingerprint is unique — Code Climate and GitLab merge issues
/// that share one — and stays stable when lines move. The value fills `Finding.fingerprint` (SARIF
/// `partialFingerprints["lckmigrate/v2"]`, Code Climate) and keys baseline entries.
public enum FindingFingerprint {
    /// Version tag hashed in, so a future change of the recipe cannot collide with old baselines.
    static let recipe = "lckmigrate-fingerprint-v2"

    /// 32 hex digits (the first 128 bits of SHA-256).
    public static func make(ruleID: String, path: String, line: String, enclosingDeclaration: String) -> String {
        make(ruleID: ruleID, path: path, lineDigest: digest(line), declarationDigest: digest(enclosingDeclaration))
    }

    /// The fingerprint from digests of the two source lines, so many findings on one long line hash
    /// that line once, not once each.
    static func make(ruleID: String, path: String, lineDigest: [UInt8], declarationDigest: [UInt8]) -> String {
        var hasher = SHA256()
        for part in [recipe, ruleID, path] {
            hasher.update(part)
            hasher.update([0])
        }
        hasher.update(lineDigest)
        hasher.update(declarationDigest)
        return SHA256.hexString(Array(hasher.finalize().prefix(16)))
    }

    /// Gives the second and later findings of one file that share a fingerprint one of their own, from
    /// the shared value and their rank; the first keeps the shared value. Call on a file's findings in
    /// report order, after `assign`.
    public static func rankDuplicates(in findings: inout [Finding]) {
        var seen: [String: Int] = [:]
        for index in findings.indices {
            guard let shared = findings[index].fingerprint else { continue }
            let rank = seen[shared, default: 0]
            seen[shared] = rank + 1
            guard rank > 0 else { continue }
            var hasher = SHA256()
            for part in [rankRecipe, shared, String(rank)] {
                hasher.update(part)
                hasher.update([0])
            }
            findings[index].sharedFingerprint = shared
            findings[index].fingerprint = SHA256.hexString(Array(hasher.finalize().prefix(16)))
        }
    }

    /// Hashed in with a duplicate's rank, so ranked fingerprints can never equal a shared one.
    static let rankRecipe = "lckmigrate-fingerprint-rank-v1"

    static func digest(_ text: String) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(text)
        return hasher.finalize()
    }

    /// Fills `fingerprint` for every finding of one file (findings must already be located).
    ///
    /// One forward pass over the lines finds each line's enclosing declaration, and each line is
    /// normalized and hashed at most once, so the cost is linear in the file whatever the number of findings.
    public static func assign(to findings: inout [Finding], bytes: [UInt8], lines: LineTable) {
        guard !findings.isEmpty else { return }
        let outline = SourceLineOutline(bytes: bytes, lines: lines)
        var lineDigests: [Int: [UInt8]] = [:]
        func lineDigest(_ line: Int?) -> [UInt8] {
            guard let line else { return digest("") }
            if let known = lineDigests[line] { return known }
            let value = digest(outline.normalizedLine(line))
            lineDigests[line] = value
            return value
        }
        for index in findings.indices {
            let line = findings[index].start.line
            findings[index].fingerprint = make(
                ruleID: findings[index].ruleID,
                path: findings[index].path,
                lineDigest: lineDigest(line),
                declarationDigest: lineDigest(outline.enclosingDeclaration(ofLine: line))
            )
        }
    }
}

/// Per-line facts for fingerprints: normalized text and the nearest enclosing declaration line.
///
/// "Enclosing declaration" is approximated by indentation: the nearest earlier line, indented less than
/// the line itself, whose first word (after attributes and modifiers) declares something.
struct SourceLineOutline {
    private let bytes: [UInt8]
    private let lines: LineTable
    /// 1-based line → 1-based declaration line enclosing it (0: none).
    private var enclosing: [Int]

    init(bytes: [UInt8], lines: LineTable) {
        self.bytes = bytes
        self.lines = lines
        enclosing = Array(repeating: 0, count: lines.lineCount + 1)
        var open: [(indent: Int, line: Int)] = []
        var line = 1
        while line <= lines.lineCount {
            let range = lines.rangeOfLine(line, in: bytes)
            var start = range.start
            while start < range.end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            // Blank lines and comment lines neither open nor close a declaration.
            let isCode =
                start < range.end
                && !(bytes[start] == 0x2F && start + 1 < range.end
                    && (bytes[start + 1] == 0x2F || bytes[start + 1] == 0x2A))
            if isCode {
                let indent = start - range.start
                while let last = open.last, last.indent >= indent { open.removeLast() }
                enclosing[line] = open.last?.line ?? 0
                if SourceLineOutline.startsDeclaration(bytes, from: start, to: range.end) {
                    open.append((indent, line))
                }
            } else {
                enclosing[line] = open.last?.line ?? 0
            }
            line += 1
        }
    }

    func enclosingDeclaration(ofLine line: Int) -> Int? {
        guard line >= 1 && line < enclosing.count, enclosing[line] > 0 else { return nil }
        return enclosing[line]
    }

    /// The line's text with leading/trailing whitespace removed and inner runs collapsed to one space.
    func normalizedLine(_ line: Int) -> String {
        let range = lines.rangeOfLine(line, in: bytes)
        var output: [UInt8] = []
        output.reserveCapacity(range.length)
        var pendingSpace = false
        var index = range.start
        while index < range.end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let declarationWords: Set<String> = [
        "func", "init", "deinit", "subscript", "class", "struct", "enum", "extension", "protocol", "actor",
        "var", "let", "typealias",
    ]
    private static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned", "nonisolated",
        "dynamic", "indirect", "optional", "async", "isolated", "consuming", "borrowing",
    ]

    /// Whether the words from `start` begin a declaration: attributes (`@objc`, `@MainActor(…)`-free
    /// forms) and modifiers (`private(set)` included) are skipped.
    private static func startsDeclaration(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        var index = start
        var wordsSeen = 0
        while index < end && wordsSeen < 12 {
            while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            let isAttribute = index < end && bytes[index] == 0x40
            if isAttribute { index += 1 }
            let wordStart = index
            while index < end && isWordByte(bytes[index]) { index += 1 }
            guard index > wordStart else { return false }
            let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
            // Skip a parenthesised suffix such as `private(set)` or `@available(iOS 17, *)`.
            if index < end && bytes[index] == 0x28 {
                guard let close = bytes[index..<end].firstIndex(of: 0x29) else { return false }
                index = close + 1
            }
            wordsSeen += 1
            if isAttribute || modifierWords.contains(word) { continue }
            return declarationWords.contains(word)
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }
}
