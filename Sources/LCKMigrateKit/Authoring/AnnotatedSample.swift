import LCKCore

/// Ground truth written into sample sources, in the spirit of `semgrep --test`:
///
/// * `// expect: rule_a, rule_b` — the **next line** must carry a finding of each listed rule;
///   `rule_a (medium)` also demands the finding's confidence;
/// * `// expect-none` anywhere — the file must produce no findings at all.
///
/// Settings files carry the same words in their own comments: `<!-- expect: rule -->` in an Info.plist or
/// `.entitlements`, `/* expect: rule */` in a `project.pbxproj`.
///
/// Shared by `lckmigrate rules test` and the Samples tests so both read annotations the same way.
public enum AnnotatedSample {
    /// One expected finding: a rule on a 1-based line, and its confidence when the annotation names one.
    public struct Expectation: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var line: Int
        public var ruleID: String
        public var confidence: Confidence?

        public init(line: Int, ruleID: String, confidence: Confidence? = nil) {
            self.line = line
            self.ruleID = ruleID
            self.confidence = confidence
        }

        public static func < (lhs: Expectation, rhs: Expectation) -> Bool {
            (lhs.line, lhs.ruleID, lhs.confidence?.rawValue ?? "") < (
                rhs.line, rhs.ruleID, rhs.confidence?.rawValue ?? ""
            )
        }

        public var description: String { "\(line) \(ruleID)" + (confidence.map { " (\($0.rawValue))" } ?? "") }
    }

    /// What a file's annotations demand.
    public struct Expectations: Hashable, Sendable {
        /// Sorted by line, then rule id; a rule listed twice for one line counts once.
        public var findings: [Expectation]
        /// The file carries `// expect-none`.
        public var expectsNone: Bool
        /// Every rule id named in an annotation.
        public var mentionedRuleIDs: Set<String> { Set(findings.map(\.ruleID)) }
    }

    static let expectPrefix = Array("expect:".utf8)
    static let expectNone = Array("expect-none".utf8)

    /// Reads the annotations of `source`. Only `//` line comments count, and the text after `//` must
    /// start (after spaces) with `expect:` or `expect-none`, so prose mentioning "expect" is ignored.
    public static func expectations(in source: String) -> Expectations {
        let bytes = Array(source.utf8)
        var findings: [Expectation] = []
        var expectsNone = false
        var line = 1
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if let comment = commentBody(bytes[lineStart..<lineEnd]) {
                if comment.starts(with: expectNone) {
                    expectsNone = true
                } else if comment.starts(with: expectPrefix) {
                    let list = comment.dropFirst(expectPrefix.count)
                    for part in list.split(separator: UInt8(ascii: ",")) {
                        if let expectation = expectation(trimmed(part), line: line + 1) { findings.append(expectation) }
                    }
                }
            }
            line += 1
            lineStart = lineEnd + 1
        }
        return Expectations(findings: Set(findings).sorted(), expectsNone: expectsNone)
    }

    /// `rule` or `rule (medium)`; a parenthesis that names no confidence stays part of the id (and is
    /// reported as an unknown one).
    static func expectation(_ text: ArraySlice<UInt8>, line: Int) -> Expectation? {
        guard !text.isEmpty else { return nil }
        if text.last == UInt8(ascii: ")"), let open = text.firstIndex(of: UInt8(ascii: "(")),
            let confidence = Confidence(
                rawValue: String(decoding: trimmed(text[(open + 1)..<(text.endIndex - 1)]), as: UTF8.self))
        {
            return Expectation(
                line: line, ruleID: String(decoding: trimmed(text[..<open]), as: UTF8.self), confidence: confidence)
        }
        return Expectation(line: line, ruleID: String(decoding: text, as: UTF8.self))
    }

    /// The actual findings in the same shape, restricted to `scope` (nil = all). Like the annotations,
    /// this is per line: two findings of one rule on one line are one entry (semgrep's convention). A
    /// finding carries its confidence only where one of `expected` names a confidence for its line and rule.
    public static func actual(
        _ findings: [Finding], scope: Set<String>?, confidenceFor expected: [Expectation] = []
    ) -> [Expectation] {
        let checked = Set(expected.filter { $0.confidence != nil }.map { "\($0.line) \($0.ruleID)" })
        return Set(
            findings.filter { scope?.contains($0.ruleID) ?? true }.map { finding in
                let line = finding.start.line
                let named = checked.contains("\(line) \(finding.ruleID)")
                return Expectation(line: line, ruleID: finding.ruleID, confidence: named ? finding.confidence : nil)
            }
        )
        .sorted()
    }

    /// Expected entries that did not happen and actual entries nobody expected (multiset difference).
    public static func difference(
        expected: [Expectation], actual: [Expectation]
    ) -> (missing: [Expectation], unexpected: [Expectation]) {
        var remaining: [Expectation: Int] = [:]
        for item in actual { remaining[item, default: 0] += 1 }
        var missing: [Expectation] = []
        for item in expected {
            if let count = remaining[item], count > 0 {
                remaining[item] = count - 1
            } else {
                missing.append(item)
            }
        }
        let unexpected = remaining.flatMap { item, count in Array(repeating: item, count: count) }.sorted()
        return (missing, unexpected)
    }

    /// The text after `//` with leading spaces removed, when the line's first non-space bytes are `//`; in
    /// settings files, the text of a `<!-- … -->` (plists) or `/* … */` (`project.pbxproj`) comment that
    /// opens the line.
    private static func commentBody(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let content = line.drop { $0 == 0x20 || $0 == 0x09 }
        for (opener, closer) in commentDelimiters where content.starts(with: opener) {
            var body = trimmed(content.dropFirst(opener.count))
            if !closer.isEmpty, body.count >= closer.count, body.suffix(closer.count).elementsEqual(closer) {
                body = trimmed(body.dropLast(closer.count))
            }
            return body
        }
        return nil
    }

    private static let commentDelimiters: [([UInt8], [UInt8])] = [
        (Array("//".utf8), []), (Array("<!--".utf8), Array("-->".utf8)), (Array("/*".utf8), Array("*/".utf8)),
    ]

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        var result = bytes.drop(while: isSpace)
        while let last = result.last, isSpace(last) { result = result.dropLast() }
        return result
    }
}
