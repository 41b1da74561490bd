import LCKCore

/// Collects the diagnostics of one rule file and turns byte offsets into locations.
package final class RuleFileContext {
    package let file: String
    package let document: JSONDocument
    package var diagnostics: [RuleDiagnostic] = []

    package init(file: String, document: JSONDocument) {
        self.file = file
        self.document = document
    }

    package func location(of offset: Int) -> RuleLocation {
        RuleLocation(file: file, position: document.position(of: offset))
    }

    package func error(at offset: Int, _ message: String) {
        diagnostics.append(RuleDiagnostic(location: location(of: offset), message: message))
    }
}

/// Reads the members of one JSON object with type checks, remembering which keys were asked for
/// so that `finish()` can report every unknown (or duplicated) key. `package` so the config loader
/// can validate `.lckmigrate.json` the same way.
package struct ObjectReader {
    package let context: RuleFileContext
    package let object: JSONValue
    /// What the object is, for messages ("mapping entry", "match").
    package let what: String
    private var knownKeys: [String] = []

    /// Nil (after reporting) when `value` is not an object.
    package init?(_ value: JSONValue, context: RuleFileContext, what: String) {
        guard value.members != nil else {
            context.error(at: value.range.start, "expected \(what) to be an object, found \(value.typeName)")
            return nil
        }
        self.context = context
        self.object = value
        self.what = what
    }

    package func has(_ key: String) -> Bool { object.member(named: key) != nil }

    /// The raw value of `key`; reports a missing required key at the object's opening brace.
    package mutating func value(_ key: String, required: Bool = false) -> JSONValue? {
        knownKeys.append(key)
        guard let member = object.member(named: key) else {
            if required { context.error(at: object.range.start, "\(what) is missing required key '\(key)'") }
            return nil
        }
        return member.value
    }

    package mutating func string(_ key: String, required: Bool = false, nonEmpty: Bool = true) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard let text = value.stringValue else {
            wrongType(key, value, expected: "a string")
            return nil
        }
        if nonEmpty && text.isEmpty {
            context.error(at: value.range.start, "'\(key)' must not be empty")
            return nil
        }
        return text
    }

    /// A string or an explicit `null` (returned as `.some(nil)`).
    package mutating func optionalString(_ key: String, required: Bool = false) -> String?? {
        guard let value = value(key, required: required) else { return nil }
        if value.isNull { return .some(nil) }
        guard let text = value.stringValue else {
            wrongType(key, value, expected: "a string or null")
            return nil
        }
        return .some(text)
    }

    package mutating func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = value(key, required: required) else { return nil }
        guard let flag = value.boolValue else {
            wrongType(key, value, expected: "a boolean")
            return nil
        }
        return flag
    }

    package mutating func int(_ key: String, required: Bool = false, in bounds: ClosedRange<Int>) -> Int? {
        guard let value = value(key, required: required) else { return nil }
        guard let number = value.intValue else {
            wrongType(key, value, expected: "an integer")
            return nil
        }
        guard bounds.contains(number) else {
            context.error(
                at: value.range.start,
                "'\(key)' must be between \(bounds.lowerBound) and \(bounds.upperBound), found \(number)")
            return nil
        }
        return number
    }

    package mutating func strings(_ key: String, required: Bool = false, nonEmpty: Bool = false) -> [String]? {
        guard let value = value(key, required: required) else { return nil }
        guard let elements = value.arrayValue else {
            wrongType(key, value, expected: "an array of strings")
            return nil
        }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else {
                context.error(
                    at: element.range.start,
                    "expected the elements of '\(key)' to be strings, found \(element.typeName)")
                return nil
            }
            result.append(text)
        }
        if nonEmpty && result.isEmpty {
            context.error(at: value.range.start, "'\(key)' must not be empty")
            return nil
        }
        return result
    }

    /// A string that must be one of `choices` (an enum raw value).
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, as type: Choice.Type, required: Bool = false
    ) -> Choice?
    where Choice.RawValue == String {
        guard let value = value(key, required: required) else { return nil }
        guard let text = value.stringValue else {
            wrongType(key, value, expected: "a string")
            return nil
        }
        guard let choice = Choice(rawValue: text) else {
            let expected = Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            context.error(at: value.range.start, "unknown \(key) '\(text)' (expected one of \(expected))")
            return nil
        }
        return choice
    }

    package mutating func object(_ key: String, required: Bool = false, what: String? = nil) -> ObjectReader? {
        guard let value = value(key, required: required) else { return nil }
        return ObjectReader(value, context: context, what: what ?? "'\(key)'")
    }

    package func wrongType(_ key: String, _ value: JSONValue, expected: String) {
        context.error(at: value.range.start, "expected '\(key)' to be \(expected), found \(value.typeName)")
    }

    /// Reports keys nobody asked for, and keys written twice.
    package func finish() {
        var seen: Set<String> = []
        for member in object.members ?? [] {
            if !seen.insert(member.key).inserted {
                context.error(at: member.keyRange.start, "duplicate key '\(member.key)' in \(what)")
            } else if !knownKeys.contains(member.key) {
                let expected = knownKeys.map { "'\($0)'" }.joined(separator: ", ")
                context.error(
                    at: member.keyRange.start, "unknown key '\(member.key)' in \(what) (expected one of \(expected))")
            }
        }
    }
}

/// Rule ids are stable snake_case names that never end in `_rule` (SwiftLint's convention).
enum RuleIDFormat {
    static func problem(with id: String) -> String? {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") else {
            return "rule id '\(id)' must start with a lowercase letter"
        }
        for byte in bytes {
            let ok =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            if !ok { return "rule id '\(id)' may only contain lowercase letters, digits and '_'" }
        }
        if id.hasSuffix("_rule") { return "rule id '\(id)' must not end in '_rule'" }
        return nil
    }
}
