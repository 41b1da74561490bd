/// Serializes `JSONValue`s back to text.
///
/// The canonical form (object keys sorted by UTF-8 bytes, no whitespace, numbers as written)
/// is what fingerprints hash, so reformatting a rule file does not change its fingerprint.
public enum JSONWriter {
    /// Compact text with object keys sorted; duplicate keys keep their source order.
    public static func canonicalText(_ value: JSONValue) -> String {
        var output = ""
        // Explicit work stack: either a value to write or literal text to emit.
        enum Work {
            case value(JSONValue)
            case text(String)
        }
        var work: [Work] = [.value(value)]
        while let item = work.popLast() {
            switch item {
            case .text(let text):
                output += text
            case .value(let value):
                switch value.kind {
                case .null: output += "null"
                case .bool(let flag): output += flag ? "true" : "false"
                case .number(let number): output += number.text
                case .string(let text): output += quoted(text)
                case .array(let elements):
                    output += "["
                    work.append(.text("]"))
                    for (offset, element) in elements.enumerated().reversed() {
                        work.append(.value(element))
                        if offset > 0 { work.append(.text(",")) }
                    }
                case .object(let members):
                    output += "{"
                    work.append(.text("}"))
                    let sorted = members.enumerated().sorted { lhs, rhs in
                        if lhs.element.key == rhs.element.key { return lhs.offset < rhs.offset }
                        return lhs.element.key.utf8.lexicographicallyPrecedes(rhs.element.key.utf8)
                    }
                    for (position, entry) in sorted.enumerated().reversed() {
                        work.append(.value(entry.element.value))
                        work.append(.text(quoted(entry.element.key) + ":"))
                        if position > 0 { work.append(.text(",")) }
                    }
                }
            }
        }
        return output
    }

    /// A JSON string literal for `text`, escaping quotes, backslashes and control characters.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
