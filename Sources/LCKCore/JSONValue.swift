/// A parsed JSON value that remembers where it came from.
///
/// Rule files and `.lckmigrate.json` are validated after parsing, and every complaint must
/// point at `file:line:column`; so each value keeps its byte range and each object member
/// keeps the range of its key. Objects keep source order and duplicate keys (validators
/// decide whether a duplicate is an error).
public struct JSONValue: Sendable, Hashable {
    /// The value itself.
    public enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Bytes of the value in its document, from the first byte to one past the last.
    public var range: ByteRange

    public init(_ kind: Kind, range: ByteRange) {
        self.kind = kind
        self.range = range
    }

    /// A short name of the value's JSON type, for messages ("expected a string, found an array").
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// The number as an `Int` when it is written as an integer that fits.
    public var intValue: Int? { numberValue?.intValue }

    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        member(named: key)?.value
    }

    /// The first member named `key`, with its key range, when this is an object.
    public func member(named key: String) -> JSONMember? {
        guard let members else { return nil }
        for member in members where member.key == key { return member }
        return nil
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    /// Bytes of the key including its quotes.
    public var keyRange: ByteRange
    public var value: JSONValue

    public init(key: String, keyRange: ByteRange, value: JSONValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

/// A JSON number kept as written, so integers stay exact and hashing the text is stable.
public struct JSONNumber: Sendable, Hashable {
    /// The literal exactly as it appears in the source (`-12`, `1.5e3`).
    public var text: String

    public init(text: String) {
        self.text = text
    }

    public var doubleValue: Double { Double(text) ?? .nan }

    /// The value when the literal has no fraction or exponent and fits in `Int`.
    public var intValue: Int? { Int(text) }
}

/// A parsed document: the root value plus the line table needed to turn ranges into positions.
public struct JSONDocument: Sendable {
    public var root: JSONValue
    public var lines: LineTable

    public init(root: JSONValue, lines: LineTable) {
        self.root = root
        self.lines = lines
    }

    /// 1-based line and UTF-8 column of a byte offset in this document.
    public func position(of offset: Int) -> SourcePosition { lines.position(of: offset) }

    /// The first member, in source order, whose key its object already had (with that earlier member);
    /// nil when every object's keys are distinct. A walk with an explicit stack: nesting depth follows
    /// the input.
    public func firstDuplicateKey() -> (duplicate: JSONMember, first: JSONMember)? {
        var pending = [root]
        var found: (duplicate: JSONMember, first: JSONMember)?
        while let value = pending.popLast() {
            switch value.kind {
            case .array(let elements):
                pending.append(contentsOf: elements)
            case .object(let members):
                var seen: [String: JSONMember] = [:]
                for member in members {
                    if let first = seen[member.key] {
                        if found.map({ member.keyRange.start < $0.duplicate.keyRange.start }) ?? true {
                            found = (member, first)
                        }
                        break
                    }
                    seen[member.key] = member
                }
                pending.append(contentsOf: members.map(\.value))
            default:
                continue
            }
        }
        return found
    }
}

/// The first syntax error in a JSON text.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset at which the problem was found.
    public var offset: Int
    public var position: SourcePosition
    /// What was expected and what was found ("expected ',' or '}' after an object member, found 'x'").
    public var message: String

    public init(offset: Int, position: SourcePosition, message: String) {
        self.offset = offset
        self.position = position
        self.message = message
    }

    /// `line:column: message`; callers prefix the file path.
    public var description: String { "\(position.line):\(position.column): \(message)" }
}
