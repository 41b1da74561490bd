import LCKLexer

/// Automatic variants of every rule example, after SwiftLint's `verifyRule`. Each one is a plain
/// source transformation; `RuleTester` decides what the variant must produce.
///
/// | mutation | applies to | expectation |
/// |---|---|---|
/// | `blockComment` | every example without `/*` or `*/` | no finding of the rule |
/// | `stringLiteral` | every example without `"""#` | no finding of the rule |
/// | `multiBytePrefix` | every triggering example / mapping `before` | same findings, one line down, same columns |
/// | `qualifiedType` | triggering examples naming a `CX…`/`PK…` type the rule matches (analyzers: any such type) | still triggers |
/// | `typealiasType` | the same, when the type is written as an annotation (`x: CXProvider`) | still triggers |
/// | `delegateInExtension` | triggering examples declaring a type that conforms to a `…Delegate` protocol | still triggers |
public enum ExampleMutation: String, Sendable, CaseIterable, CustomStringConvertible {
    case blockComment = "wrapped in a block comment"
    case stringLiteral = "wrapped in a string literal"
    case multiBytePrefix = "after a multi-byte comment line"
    case qualifiedType = "with module-qualified types"
    case typealiasType = "with types behind a typealias"
    case delegateInExtension = "with the delegate conformance in an extension"

    public var description: String { rawValue }

    /// True for the mutations that must leave a triggering example triggering.
    public var mustStillTrigger: Bool {
        switch self {
        case .qualifiedType, .typealiasType, .delegateInExtension: true
        case .blockComment, .stringLiteral, .multiBytePrefix: false
        }
    }

    /// The line prepended by `multiBytePrefix`: emoji with a skin-tone modifier, a ZWJ family and
    /// accented letters, so byte, scalar, UTF-16 and grapheme counts all differ.
    public static let multiBytePrefixLine = "/* 👋🏽 👨‍👩‍👧 café naïve */"

    /// The mutated source, or nil when the mutation does not apply to `source`.
    /// `typeNames` are the framework types the rule is about (used by the type mutations).
    public func apply(to source: String, typeNames: Set<String>) -> String? {
        switch self {
        case .blockComment:
            guard !source.contains("/*"), !source.contains("*/") else { return nil }
            return "/*\n" + source + "\n*/\n"
        case .stringLiteral:
            guard !source.contains("\"\"\"#") else { return nil }
            return "let wrapped = #\"\"\"\n" + source + "\n\"\"\"#\n"
        case .multiBytePrefix:
            return Self.multiBytePrefixLine + "\n" + source
        case .qualifiedType:
            return SourceRewriter.qualifyTypes(source, names: typeNames)
        case .typealiasType:
            return SourceRewriter.aliasAnnotations(source, names: typeNames)
        case .delegateInExtension:
            return SourceRewriter.moveDelegateConformanceToExtension(source)
        }
    }
}

/// Token-based rewrites behind the type mutations. They work on the lexer's tokens, so names inside
/// comments and strings are left alone.
enum SourceRewriter {
    /// `CXProvider` → `CallKit.CXProvider` wherever the name is used (not declared, not after a dot).
    static func qualifyTypes(_ source: String, names: Set<String>) -> String? {
        let file = Lexer.tokenize(Array(source.utf8))
        var insertions: [(Int, String)] = []
        for (index, token) in file.tokens.enumerated() where token.kind == .identifier {
            let text = file.text(of: token)
            guard names.contains(text), let module = module(of: text) else { continue }
            if index > 0 {
                let previous = file.tokens[index - 1]
                if previous.kind == .period || isDeclarationKeyword(file.text(of: previous)) { continue }
            }
            insertions.append((token.start, module + "."))
        }
        return insertions.isEmpty ? nil : apply(insertions, to: file.bytes)
    }

    /// `x: CXProvider` → `typealias AliasedCXProvider = CXProvider` at the top and `x: AliasedCXProvider`.
    static func aliasAnnotations(_ source: String, names: Set<String>) -> String? {
        let file = Lexer.tokenize(Array(source.utf8))
        var replacements: [(ByteRangeLike, String)] = []
        var aliased: [String] = []
        for (index, token) in file.tokens.enumerated() where token.kind == .identifier && index > 0 {
            let text = file.text(of: token)
            guard names.contains(text), file.tokens[index - 1].kind == .colon else { continue }
            replacements.append((ByteRangeLike(start: token.start, end: token.end), "Aliased" + text))
            if !aliased.contains(text) { aliased.append(text) }
        }
        guard !replacements.isEmpty else { return nil }
        var bytes = file.bytes
        for (range, text) in replacements.reversed() {
            bytes.replaceSubrange(range.start..<range.end, with: Array(text.utf8))
        }
        let header = aliased.map { "typealias Aliased\($0) = \($0)\n" }.joined()
        return header + String(decoding: bytes, as: UTF8.self)
    }

    /// `class A: NSObject, XDelegate { body }` → `class A: NSObject {}` + `extension A: XDelegate { body }`.
    static func moveDelegateConformanceToExtension(_ source: String) -> String? {
        let file = Lexer.tokenize(Array(source.utf8))
        let tokens = file.tokens
        for (index, token) in tokens.enumerated() where ["class", "struct", "actor"].contains(file.text(of: token)) {
            guard index + 2 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 2].kind == .colon
            else { continue }
            let typeName = file.text(of: tokens[index + 1])
            // The inheritance list runs to the opening brace.
            var cursor = index + 3
            var conformances: [Int] = []
            while cursor < tokens.count, tokens[cursor].kind != .leftBrace {
                if tokens[cursor].kind == .identifier { conformances.append(cursor) }
                cursor += 1
            }
            guard cursor < tokens.count,
                let protocolIndex = conformances.first(where: { file.text(of: tokens[$0]).hasSuffix("Delegate") }),
                let close = matchingBrace(tokens, open: cursor)
            else { continue }
            let protocolName = file.text(of: tokens[protocolIndex])
            let remaining = conformances.filter { $0 != protocolIndex }.map { file.text(of: tokens[$0]) }
            let bytes = file.bytes
            let head = String(decoding: bytes[0..<tokens[index + 1].end], as: UTF8.self)
            let list = remaining.isEmpty ? "" : ": " + remaining.joined(separator: ", ")
            let body = String(decoding: bytes[tokens[cursor].start..<tokens[close].end], as: UTF8.self)
            let tail = String(decoding: bytes[tokens[close].end...], as: UTF8.self)
            return head + list + " {}\n\nextension \(typeName): \(protocolName) " + body + tail
        }
        return nil
    }

    private static func matchingBrace(_ tokens: [Token], open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].kind == .leftBrace { depth += 1 }
            if tokens[index].kind == .rightBrace {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    static func module(of typeName: String) -> String? {
        if typeName.hasPrefix("CX") { return "CallKit" }
        if typeName.hasPrefix("PK") { return "PushKit" }
        return nil
    }

    private static func isDeclarationKeyword(_ text: String) -> Bool {
        ["class", "struct", "enum", "protocol", "extension", "typealias", "actor", "func", "let", "var", "case"]
            .contains(text)
    }

    private static func apply(_ insertions: [(Int, String)], to source: [UInt8]) -> String {
        var bytes = source
        for (offset, text) in insertions.sorted(by: { $0.0 > $1.0 }) {
            bytes.insert(contentsOf: Array(text.utf8), at: offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct ByteRangeLike {
        var start: Int
        var end: Int
    }
}
