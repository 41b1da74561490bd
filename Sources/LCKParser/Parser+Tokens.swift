import LCKLexer

/// Token predicates and the small scanners shared by declarations and statements.
extension ParserState {
    @inline(__always) func isKind(_ index: Int, _ kind: TokenKind) -> Bool {
        index < count && tokens[index].kind == kind
    }

    /// The keyword of a reserved-word token.
    @inline(__always) func reserved(_ index: Int) -> Keyword? {
        index < count && tokens[index].kind == .keyword ? tokens[index].keyword : nil
    }

    /// The keyword of an identifier token spelled like a contextual keyword.
    @inline(__always) func contextual(_ index: Int) -> Keyword? {
        index < count && tokens[index].kind == .identifier ? tokens[index].keyword : nil
    }

    /// `#if`, `#elseif`, `#else` or `#endif`.
    @inline(__always) func isDirective(_ index: Int) -> Bool {
        guard index < count else { return false }
        let kind = tokens[index].kind
        return kind == .poundIf || kind == .poundElseif || kind == .poundElse || kind == .poundEndif
    }

    @inline(__always) func startsLine(_ index: Int) -> Bool {
        index < count && tokens[index].flags.contains(.atStartOfLine)
    }

    @inline(__always) func matchIndex(_ index: Int) -> Int? {
        let other = outline.matchingBracket[index]
        return other < 0 ? nil : Int(other)
    }

    /// Identifier-like tokens usable as names (identifiers and backticked words).
    @inline(__always) func isName(_ index: Int) -> Bool {
        index < count && (tokens[index].kind == .identifier || tokens[index].kind == .dollarIdentifier)
    }

    /// An operator token whose first byte is `<` (the lexer leaves generic brackets as operators).
    func startsWithLess(_ index: Int) -> Bool {
        guard index < count else { return false }
        switch tokens[index].kind {
        case .leftAngle: return true
        case .binaryOperator, .prefixOperator, .postfixOperator:
            return file.bytes[tokens[index].start] == UInt8(ascii: "<")
        default: return false
        }
    }

    /// Skips a generic clause starting at a `<` token; returns the index after the closing `>`,
    /// or `start` when no balanced clause follows before `limit`.
    func skipAngles(from start: Int, limit: Int) -> Int {
        var depth = 0
        var index = start
        while index < limit {
            let token = tokens[index]
            switch token.kind {
            case .leftAngle: depth += 1
            case .rightAngle: depth -= 1
            case .binaryOperator, .prefixOperator, .postfixOperator:
                var offset = token.start
                while offset < token.end {
                    let byte = file.bytes[offset]
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                    offset += 1
                }
            case .leftParen, .leftSquare:
                guard let close = matchIndex(index), close < limit else { return start }
                index = close
            case .leftBrace, .rightBrace, .semicolon, .equal, .rightParen, .rightSquare:
                return start
            default:
                if token.kind == .keyword && index > start { return start }
            }
            index += 1
            if depth <= 0 { return depth == 0 ? index : start }
        }
        return start
    }

    /// The end of generic arguments written right after a name (`Result<Void, Error>`), or nil when the
    /// `<` at `index` is not one. Lets comma splitters step over the commas inside.
    func genericArgumentsEnd(at index: Int, limit: Int) -> Int? {
        guard index > 0, startsWithLess(index), !tokens[index].flags.contains(.leadingSpace), isName(index - 1) else {
            return nil
        }
        let after = skipAngles(from: index, limit: min(limit, index + 256))
        return after > index ? after : nil
    }

    /// Skips modifiers like `some`, `any`, `inout` and attributes like `@escaping` before a type.
    func skipTypePrefix(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            if tokens[index].kind == .atSign {
                index += 2
                if isKind(index, .leftParen), !tokens[index].flags.contains(.leadingSpace),
                    let close = matchIndex(index)
                {
                    index = close + 1
                }
                continue
            }
            switch tokens[index].keyword ?? .class {
            case Keyword.some, .any, .inout, .borrowing, .consuming, .sending, .isolated, .each:
                if isName(index + 1) || isKind(index + 1, .leftParen) || isKind(index + 1, .leftSquare)
                    || reserved(index + 1) == .Any || reserved(index + 1) == .Self
                {
                    index += 1
                    continue
                }
            default: break
            }
            return index
        }
        return index
    }

    /// The end of a type starting at `start`: names with generic arguments, `.` members, `?`/`!`,
    /// tuples, arrays, function types, `&` compositions and `...`.
    func typeEnd(from start: Int, limit: Int) -> Int {
        guard start < limit else { return start }  // Empty: callers form `start..<typeEnd`.
        var index = start
        while index < limit {
            index = skipTypePrefix(from: index, limit: limit)
            // An attribute at the very end (`@` then nothing) steps past `limit`; never return beyond it.
            guard index < limit else { return limit }
            let kind = tokens[index].kind
            if kind == .leftParen || kind == .leftSquare {
                guard let close = matchIndex(index), close < limit else { return limit }
                index = close + 1
            } else if isName(index) || kind == .wildcard || reserved(index) == .Any || reserved(index) == .Self {
                index += 1
                if startsWithLess(index) { index = skipAngles(from: index, limit: limit) }
                while index + 1 < limit, tokens[index].kind == .period,
                    isName(index + 1) || reserved(index + 1) == .Self || tokens[index + 1].kind == .keyword
                {
                    index += 2
                    if startsWithLess(index) { index = skipAngles(from: index, limit: limit) }
                }
            } else {
                return index
            }
            while index < limit {
                let suffix = tokens[index].kind
                if (suffix == .postfixQuestionMark || suffix == .exclamationMark || suffix == .ellipsis)
                    && !tokens[index].flags.contains(.leadingSpace)
                {
                    index += 1
                } else {
                    break
                }
            }
            var after = index
            while after < limit,
                tokens[after].keyword == .async || tokens[after].keyword == .throws
                    || tokens[after].keyword == .throwsContextual || tokens[after].keyword == .rethrows
            {
                after += 1
                if isKind(after, .leftParen), let close = matchIndex(after) { after = close + 1 }
            }
            if after < limit, tokens[after].kind == .arrow {
                index = after + 1
                continue
            }
            if index < limit, tokens[index].kind == .binaryOperator, file.token(tokens[index], is: "&") {
                index += 1
                continue
            }
            return index
        }
        return min(index, limit)
    }

    /// The principal name and shape of the type written in `range`.
    ///
    /// Array and dictionary brackets are unwrapped in a loop (element, or value type), so
    /// `[[CXHandle]]` names `CXHandle` with shape `.array`.
    func typeSpan(_ range: Range<Int>) -> TypeSpan {
        var span = TypeSpan(range: range, nameToken: nil, shape: .unknown, isOptional: false)
        var lower = range.lowerBound
        var upper = range.upperBound
        var outermost = true
        while lower < upper {
            var last = upper - 1
            while last > lower, tokens[last].kind == .postfixQuestionMark || tokens[last].kind == .exclamationMark {
                if outermost { span.isOptional = true }
                last -= 1
            }
            var index = skipTypePrefix(from: lower, limit: upper)
            guard index < upper else { return span }
            let kind = tokens[index].kind
            if kind == .leftSquare {
                let close = min(matchIndex(index) ?? last, last)
                var colon = index + 1
                while colon < close, tokens[colon].kind != .colon {
                    let inner = tokens[colon].kind
                    if inner == .leftParen || inner == .leftSquare || inner == .leftBrace, let end = matchIndex(colon) {
                        colon = end
                    }
                    colon += 1
                }
                if outermost { span.shape = colon < close ? .dictionary : .array }
                lower = colon < close ? colon + 1 : index + 1
                upper = close
                outermost = false
                continue
            }
            if kind == .leftParen {
                guard outermost else { return span }
                let close = matchIndex(index) ?? last
                var after = close + 1
                while after < range.upperBound,
                    tokens[after].keyword == .async || tokens[after].keyword == .throws
                        || tokens[after].keyword == .throwsContextual
                {
                    after += 1
                }
                span.shape = after < range.upperBound && tokens[after].kind == .arrow ? .function : .tuple
                return span
            }
            guard isName(index) || reserved(index) == .Any || reserved(index) == .Self else { return span }
            if outermost { span.shape = .named }
            span.nameToken = index
            index += 1
            while index < upper {
                if startsWithLess(index) {
                    let next = skipAngles(from: index, limit: upper)
                    if next == index { break }
                    index = next
                    if index >= upper { break }
                }
                guard tokens[index].kind == .period, index + 1 < upper, isName(index + 1) else { break }
                span.nameToken = index + 1
                index += 2
            }
            if outermost, index < upper, tokens[index].kind == .arrow {
                span.shape = .function
                span.nameToken = nil
            }
            return span
        }
        return span
    }

    /// Whether a token at the start of a line continues the expression before it.
    func continuesExpression(at index: Int, previous: Int) -> Bool {
        switch tokens[index].kind {
        case .period, .binaryOperator, .equal, .infixQuestionMark, .arrow, .colon: return true
        default: break
        }
        if let word = tokens[index].keyword, word == .as || word == .is || word == .else {
            return tokens[index].kind == .keyword
        }
        guard previous >= 0 else { return false }
        switch tokens[previous].kind {
        case .binaryOperator, .equal, .period, .comma, .infixQuestionMark, .arrow, .colon, .prefixOperator: return true
        case .keyword:
            let word = tokens[previous].keyword
            return word == .try || word == .as || word == .is
        default:
            return tokens[previous].keyword == .await
        }
    }

    /// The end of an expression (or the rest of a simple statement) starting at `start`: the next
    /// `;`, a line break that does not continue it, a directive, or a stray closer.
    func expressionEnd(from start: Int, limit: Int) -> Int {
        var index = start
        var previous = -1
        while index < limit {
            let token = tokens[index]
            if index > start && token.flags.contains(.atStartOfLine)
                && !continuesExpression(at: index, previous: previous)
            {
                return index
            }
            switch token.kind {
            case .semicolon:
                return index
            case .leftParen, .leftSquare, .leftBrace:
                guard let close = matchIndex(index), close < limit else { return limit }
                previous = close
                index = close + 1
                continue
            case .rightParen, .rightSquare, .rightBrace, .poundIf, .poundElseif, .poundElse, .poundEndif:
                return index > start ? index : index + 1
            default:
                break
            }
            previous = index
            index += 1
        }
        return limit
    }
}
