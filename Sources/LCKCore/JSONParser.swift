/// Strict RFC 8259 JSON parser over UTF-8 bytes that keeps byte positions.
///
/// Nesting is handled with an explicit stack, so hostile input cannot exhaust the call stack;
/// `maximumDepth` also bounds the depth of the resulting tree (whose destruction is recursive).
/// The first error stops parsing and says what was expected where.
public struct JSONParser {
    /// Deepest array/object nesting accepted.
    public var maximumDepth: Int

    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }

    /// Parses a whole document; anything but whitespace after the root value is an error.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        let lines = LineTable(bytes)
        var cursor = Cursor(bytes: bytes, lines: lines, maximumDepth: maximumDepth)
        let root = try cursor.parseDocument()
        return JSONDocument(root: root, lines: lines)
    }

    /// Convenience for `String` input (tests, embedded rule files).
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try parse(Array(text.utf8))
    }
}

/// An open container. Frames are mutated in place on the stack (never popped and re-pushed per
/// element), so appending to a large array or object stays amortised O(1).
private struct Frame {
    var isArray: Bool
    var start: Int
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    var pendingKey = ""
    var pendingKeyRange = ByteRange(start: 0, end: 0)

    static func array(start: Int) -> Frame { Frame(isArray: true, start: start) }
}

private struct Cursor {
    let bytes: [UInt8]
    let lines: LineTable
    let maximumDepth: Int
    var index = 0

    init(bytes: [UInt8], lines: LineTable, maximumDepth: Int) {
        self.bytes = bytes
        self.lines = lines
        self.maximumDepth = maximumDepth
        // A UTF-8 byte order mark is tolerated at the very start.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let errorOffset = offset ?? index
        return JSONSyntaxError(offset: errorOffset, position: lines.position(of: errorOffset), message: message)
    }

    /// Describes the byte at the cursor for "found …" messages.
    func found() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        var root: JSONValue?
        while root == nil {
            // Parse one value; containers push a frame and continue at their first element.
            skipWhitespace()
            var completed: JSONValue
            if let scalar = try parseScalarOrOpen(&stack) {
                completed = scalar
            } else {
                continue
            }
            // Attach the finished value to its parent, closing parents that end right after it.
            while true {
                guard !stack.isEmpty else {
                    root = completed
                    break
                }
                let top = stack.count - 1
                if stack[top].isArray {
                    stack[top].elements.append(completed)
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        let frame = stack.removeLast()
                        completed = JSONValue(.array(frame.elements), range: ByteRange(start: frame.start, end: index))
                        continue
                    } else {
                        throw fail("expected ',' or ']' after an array element, found \(found())")
                    }
                } else {
                    let member = JSONMember(
                        key: stack[top].pendingKey, keyRange: stack[top].pendingKeyRange, value: completed)
                    stack[top].members.append(member)
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        try openMember(&stack[top])
                    } else if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        let frame = stack.removeLast()
                        completed = JSONValue(.object(frame.members), range: ByteRange(start: frame.start, end: index))
                        continue
                    } else {
                        throw fail("expected ',' or '}' after an object member, found \(found())")
                    }
                }
                break
            }
        }
        skipWhitespace()
        if index < bytes.count { throw fail("expected end of input after the JSON value, found \(found())") }
        return root ?? JSONValue(.null, range: ByteRange(start: 0, end: 0))
    }

    /// Returns a finished value, or `nil` after pushing a frame for a non-empty container.
    mutating func parseScalarOrOpen(_ stack: inout [Frame]) throws(JSONSyntaxError) -> JSONValue? {
        guard index < bytes.count else { throw fail("expected a value, found end of input") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "["):
            if stack.count >= maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return JSONValue(.array([]), range: ByteRange(start: start, end: index))
            }
            stack.append(.array(start: start))
            return nil
        case UInt8(ascii: "{"):
            if stack.count >= maximumDepth { throw fail("nesting deeper than \(maximumDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONValue(.object([]), range: ByteRange(start: start, end: index))
            }
            var frame = Frame(isArray: false, start: start)
            try openMember(&frame)
            stack.append(frame)
            return nil
        case UInt8(ascii: "\""):
            let text = try parseString()
            return JSONValue(.string(text), range: ByteRange(start: start, end: index))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(.bool(true), range: ByteRange(start: start, end: index))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(.bool(false), range: ByteRange(start: start, end: index))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(.null, range: ByteRange(start: start, end: index))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try parseNumber()
            return JSONValue(.number(number), range: ByteRange(start: start, end: index))
        default:
            throw fail("expected a value, found \(found())")
        }
    }

    /// Reads `"key" :` into the object frame, which then waits for the member's value.
    mutating func openMember(_ frame: inout Frame) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count && bytes[index] == UInt8(ascii: "\"") else {
            throw fail("expected a string key, found \(found())")
        }
        let keyStart = index
        let key = try parseString()
        let keyRange = ByteRange(start: keyStart, end: index)
        skipWhitespace()
        guard index < bytes.count && bytes[index] == UInt8(ascii: ":") else {
            throw fail("expected ':' after an object key, found \(found())")
        }
        index += 1
        frame.pendingKey = key
        frame.pendingKeyRange = keyRange
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        var offset = 0
        let count = word.utf8CodeUnitCount
        while offset < count {
            let expected = word.utf8Start[offset]
            guard index < bytes.count && bytes[index] == expected else {
                throw fail("expected a value, found an invalid literal (did you mean '\(word)'?)", at: start)
            }
            index += 1
            offset += 1
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit, found \(found())") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) { throw fail("leading zeros are not allowed in numbers") }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit after '.', found \(found())")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit in the exponent, found \(found())")
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Parses a string starting at its opening quote; leaves the cursor after the closing quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw fail("unterminated string (expected '\"')", at: open) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 {
                throw fail("control character in string (newlines and tabs must be escaped as \\n and \\t)")
            }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded)
                runStart = index
                continue
            }
            index += 1
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw fail("string is not valid UTF-8", at: open)
        }
        return text
    }

    mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape sequence", at: escapeStart) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("expected a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate") }
                index += 2
                let low = try parseHex4(escapeStart: index - 2)
                guard low >= 0xDC00 && low < 0xE000 else {
                    throw fail("expected a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate", at: index - 6)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                throw fail("unpaired low surrogate in \\u escape", at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
            UTF8.encode(unicode) { decoded.append($0) }
        default:
            throw fail(
                "invalid escape sequence (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)", at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw fail("expected 4 hex digits after '\\u', found \(found())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
