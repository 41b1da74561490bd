import LCKCore

/// The top-level dictionary of a property list (an Info.plist, an `.entitlements`; XML, or binary through
/// `BinaryPlistReader`): its keys with their byte ranges, the strings of its array values, and where the dictionary opens.
struct PlistDocument: Sendable {
    /// Key → the range of its name; keys whose value is `<false/>` are left out (not granted).
    var keys: [String: ByteRange] = [:]
    /// Key → the strings of its array value (`UIBackgroundModes` → `voip`).
    var arrays: [String: [String]] = [:]
    /// The `<dict>` tag of the top-level dictionary.
    var dictionary = ByteRange(start: 0, end: 0)
    /// `<!-- expect: rule -->` comments: rule id → the offsets of the comments (for the samples test).
    var comments: [(offset: Int, text: String)] = []
}

/// A linear scanner over the XML of a property list: one pass, an explicit element stack (no
/// recursion), keeping its own byte offsets because Foundation's parsers give no line numbers. Only the
/// top-level dictionary is interpreted; deeper values are walked over.
enum PlistScanner {
    /// Deeper nesting than any real settings file; past it the file is reported, not walked.
    static let maximumDepth = 512

    static func scan(_ bytes: [UInt8]) -> Result<PlistDocument, SettingsProblem> {
        if bytes.starts(with: BinaryPlistReader.magic) { return BinaryPlistReader.read(bytes) }
        if bytes.starts(with: Array("bplist".utf8)) {
            return .failure(
                SettingsProblem(offset: 0, message: "binary property list of a version other than 00; not read"))
        }
        var scanner = Walk(bytes: bytes)
        do {
            try scanner.run()
        } catch {
            return .failure(error)
        }
        guard scanner.sawRoot else {
            return .failure(SettingsProblem(offset: 0, message: "no <plist><dict> found; not an XML property list"))
        }
        return .success(scanner.document)
    }

    private struct Walk {
        let bytes: [UInt8]
        var position = 0
        /// Open elements: name and the offset of their `<`.
        var stack: [(name: String, offset: Int)] = []
        var document = PlistDocument()
        var sawRoot = false
        /// Stack depth of the root dictionary's children, once it is open.
        var rootChildDepth: Int?
        var pendingKey: (name: String, range: ByteRange)?
        var arrayKey: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() throws(SettingsProblem) {
            while let open = find(0x3C, from: position) {  // <
                if starts("<!--", at: open) {
                    let end = try skip(past: "-->", from: open + 4, what: "comment")
                    document.comments.append((open, text(open + 4, end - 3)))
                } else if starts("<![CDATA[", at: open) {
                    position = try skip(past: "]]>", from: open + 9, what: "CDATA section")
                } else if starts("<?", at: open) {
                    position = try skip(past: "?>", from: open + 2, what: "processing instruction")
                } else if starts("<!", at: open) {
                    position = try skip(past: ">", from: open + 2, what: "declaration")
                } else if starts("</", at: open) {
                    try close(at: open)
                } else {
                    try openElement(at: open)
                }
            }
            if let unclosed = stack.last {
                throw SettingsProblem(offset: unclosed.offset, message: "<\(unclosed.name)> is never closed")
            }
        }

        mutating func openElement(at open: Int) throws(SettingsProblem) {
            let end = try skip(past: ">", from: open + 1, what: "tag")
            let selfClosing = bytes[end - 2] == 0x2F  // /
            let name = tagName(from: open + 1, limit: end - (selfClosing ? 2 : 1))
            guard !name.isEmpty else { throw SettingsProblem(offset: open, message: "a tag without a name") }
            position = end
            let depth = stack.count
            if rootChildDepth == nil, name == "dict", depth <= 1 {
                sawRoot = true
                document.dictionary = ByteRange(start: open, end: end)
                rootChildDepth = depth + 1
            } else if let root = rootChildDepth, depth == root {
                try rootChild(name, open: open, end: end, selfClosing: selfClosing)
            } else if let root = rootChildDepth, depth == root + 1, let key = arrayKey, name == "string",
                !selfClosing
            {
                document.arrays[key, default: []].append(decoded(text(end, find(0x3C, from: end) ?? end)))
            }
            guard !selfClosing else { return }
            guard stack.count < PlistScanner.maximumDepth else {
                throw SettingsProblem(offset: open, message: "nested deeper than \(PlistScanner.maximumDepth) levels")
            }
            stack.append((name, open))
        }

        /// A key of the root dictionary, or the value that follows one.
        mutating func rootChild(_ name: String, open: Int, end: Int, selfClosing: Bool) throws(SettingsProblem) {
            if name == "key" {
                let close = find(0x3C, from: end) ?? end
                pendingKey = (decoded(text(end, close)), ByteRange(start: open, end: close))
                return
            }
            guard let key = pendingKey else { return }
            pendingKey = nil
            arrayKey = name == "array" && !selfClosing ? key.name : nil
            if name == "false" { return }
            if document.keys[key.name] == nil { document.keys[key.name] = key.range }
        }

        mutating func close(at open: Int) throws(SettingsProblem) {
            let end = try skip(past: ">", from: open + 2, what: "closing tag")
            let name = tagName(from: open + 2, limit: end - 1)
            guard let top = stack.popLast() else {
                throw SettingsProblem(offset: open, message: "</\(name)> closes nothing")
            }
            guard top.name == name else {
                throw SettingsProblem(offset: open, message: "</\(name)> does not close <\(top.name)>")
            }
            if let root = rootChildDepth, stack.count == root, name == "array" { arrayKey = nil }
            position = end
        }

        func find(_ byte: UInt8, from start: Int) -> Int? {
            var index = start
            while index < bytes.count {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }

        func starts(_ text: StaticString, at offset: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            return text.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
            }
        }

        /// The offset just past the next `terminator` from `start`.
        mutating func skip(past terminator: StaticString, from start: Int, what: String) throws(SettingsProblem) -> Int
        {
            var index = start
            while index < bytes.count {
                if starts(terminator, at: index) {
                    position = index + terminator.utf8CodeUnitCount
                    return position
                }
                index += 1
            }
            throw SettingsProblem(offset: max(0, start - 1), message: "unterminated \(what)")
        }

        func tagName(from start: Int, limit: Int) -> String {
            var end = start
            while end < limit, !Self.isSpace(bytes[end]) { end += 1 }
            return text(start, end)
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        /// The five predefined entities; plist keys need no more.
        func decoded(_ raw: String) -> String {
            guard raw.contains("&") else { return raw }
            return raw.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
        }
    }
}
