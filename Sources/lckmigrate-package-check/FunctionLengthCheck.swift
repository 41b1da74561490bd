import LCKLexer

/// Rule c: no function, initializer, subscript or computed property (its accessors) longer than 80 lines,
/// counted from the line of its `func`, `init`, `deinit`, `subscript` or `var` to the line of its closing
/// brace. Generated files are exempt.
///
/// Works on LCKLexer's tokens, so braces inside strings, comments, regex literals and interpolations never
/// count: they are not brace tokens.
struct FunctionLengthCheck {
    /// A declaration with a body.
    struct Body: Equatable {
        /// What the message calls it: "function `name`", "initializer", …
        var description: String
        var firstLine: Int
        var lastLine: Int
        var lineCount: Int { lastLine - firstLine + 1 }
    }

    func problems(in file: SourceFile) -> [PackageProblem] {
        guard file.generatedHeader == nil else { return [] }
        return Self.bodies(in: file).compactMap { body in
            guard body.lineCount > PackageCheck.maximumFunctionLines else { return nil }
            return PackageProblem(
                kind: .longFunction, path: file.path, line: body.firstLine,
                message: "\(body.description) is \(body.lineCount) lines, over the "
                    + "\(PackageCheck.maximumFunctionLines)-line limit")
        }
    }

    /// Every declaration body in the file, nested ones included, in source order.
    static func bodies(in file: SourceFile) -> [Body] {
        let tokens = file.tokenized.tokens
        let closingBrace = matchingBraces(tokens)
        var bodies: [Body] = []
        for index in tokens.indices where tokens[index].kind == .keyword {
            guard let description = declarationDescription(at: index, in: file),
                let open = bodyBrace(afterDeclarationAt: index, in: tokens),
                let close = closingBrace[open]
            else { continue }
            bodies.append(
                Body(
                    description: description, firstLine: file.line(of: tokens[index].start),
                    lastLine: file.line(of: tokens[close].start)))
        }
        return bodies
    }

    /// For each `{` token, the index of its `}`; nil when unbalanced. One pass with an explicit stack.
    static func matchingBraces(_ tokens: [Token]) -> [Int: Int] {
        var open: [Int] = []
        var matches: [Int: Int] = [:]
        for index in tokens.indices {
            switch tokens[index].kind {
            case .leftBrace: open.append(index)
            case .rightBrace: if let start = open.popLast() { matches[start] = index }
            default: break
            }
        }
        return matches
    }

    /// How a problem names the declaration whose keyword is at `index`, or nil when that keyword does not
    /// start a declaration with a body (`.init(…)` calls, `for var x in`, stored properties).
    private static func declarationDescription(at index: Int, in file: SourceFile) -> String? {
        let tokens = file.tokenized.tokens
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        switch tokens[index].keyword {
        case .func:
            return next.map { "function `\(file.tokenized.text(of: $0))`" } ?? "function"
        case .`init`:
            if index > 0, tokens[index - 1].kind == .period { return nil }
            return "initializer"
        case .deinit:
            return "deinitializer"
        case .subscript:
            return "subscript"
        case .var:
            // A computed or observed property: `var name: Type {`.
            guard let name = next, name.kind == .identifier, index + 2 < tokens.count,
                tokens[index + 2].kind == .colon
            else { return nil }
            return "property `\(file.tokenized.text(of: name))`"
        default:
            return nil
        }
    }

    /// The `{` that opens the body of the declaration at `index`, or nil when the declaration has none (a
    /// protocol requirement, a stored property). Skips parameter lists with their default-value closures.
    private static func bodyBrace(afterDeclarationAt index: Int, in tokens: [Token]) -> Int? {
        let isProperty = tokens[index].keyword == .var
        var depth = 0
        var position = index + 1
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .leftParen, .leftSquare: depth += 1
            case .rightParen, .rightSquare:
                depth -= 1
                if depth < 0 { return nil }
            case .leftBrace where depth == 0: return position
            case .rightBrace where depth == 0, .semicolon where depth == 0, .poundIf where depth == 0:
                return nil
            case .equal where depth == 0 && isProperty: return nil
            default:
                if depth == 0, endsSignature(token, isProperty: isProperty, isFirst: position == index + 1) {
                    return nil
                }
            }
            position += 1
        }
        return nil
    }

    /// Whether `token`, met at bracket depth 0 while looking for a body, belongs to the next declaration.
    private static func endsSignature(_ token: Token, isProperty: Bool, isFirst: Bool) -> Bool {
        // A property's type fits on its line; a function signature may continue over several.
        if isProperty && !isFirst && token.flags.contains(.atStartOfLine) { return true }
        guard token.kind == .keyword, let keyword = token.keyword else { return false }
        switch keyword {
        case .func, .`init`, .deinit, .subscript, .var, .let, .case, .struct, .class, .enum, .protocol,
            .extension, .typealias, .associatedtype, .import, .operator, .precedencegroup, .static, .private,
            .fileprivate, .internal, .public:
            return true
        default:
            return false
        }
    }
}
