import LCKLexer

/// Item dispatch: one statement or declaration at a time.
extension ParserState {
    /// Parses the item starting at `start` into `block`; returns the index after it.
    mutating func parseItem(at start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        switch tokens[start].kind {
        case .semicolon:
            return start + 1
        case .poundIf:
            return parseConditionalCompilation(at: start, end: end, block: block, context: context)
        case .poundElseif, .poundElse, .poundEndif:
            return lineEnd(after: start, limit: end)
        case .rightBrace, .rightParen, .rightSquare:
            _ = addStatement(.unknown, range: start..<(start + 1), keyword: start, block: block)
            return start + 1
        default:
            break
        }
        var index = start
        var label: Int?
        if isName(index), isKind(index + 1, .colon), let word = reserved(index + 2),
            word == .for || word == .while || word == .repeat || word == .switch || word == .do || word == .if
        {
            label = index
            index += 2
        }
        var cursor = index
        let attributes = parseAttributes(&cursor, limit: end)
        let (modifiers, introducer) = scanModifiers(from: cursor, limit: end)
        if let next = parseDeclaration(
            at: introducer, start: start, end: end, attributes: attributes, modifiers: modifiers, block: block,
            context: context)
        {
            return next
        }
        let statementCount = outline.statements.count
        let next: Int
        switch reserved(index) {
        case .if: next = parseIf(at: index, start: start, end: end, block: block, context: context)
        case .guard: next = parseGuard(at: index, start: start, end: end, block: block, context: context)
        case .while: next = parseWhile(at: index, start: start, end: end, block: block, context: context)
        case .for: next = parseFor(at: index, start: start, end: end, block: block, context: context)
        case .repeat: next = parseRepeat(at: index, start: start, end: end, block: block, context: context)
        case .switch: next = parseSwitch(at: index, start: start, end: end, block: block, context: context)
        case .do: next = parseDo(at: index, start: start, end: end, block: block, context: context)
        case .defer: next = parseDefer(at: index, start: start, end: end, block: block, context: context)
        case .return, .throw:
            next = parseJump(at: index, start: start, end: end, block: block, context: context, takesValue: true)
        case .break, .continue, .fallthrough:
            next = parseJump(at: index, start: start, end: end, block: block, context: context, takesValue: false)
        default:
            let expressionEnd = expressionEnd(from: index, limit: end)
            _ = addStatement(.expression, range: start..<expressionEnd, keyword: index, block: block)
            scheduleExpression(index..<expressionEnd, context: context)
            next = expressionEnd
        }
        if let label, statementCount < outline.statements.count { outline.statements[statementCount].label = label }
        return next
    }

    /// Index of the first token on a later line (the end of a directive's condition).
    func lineEnd(after index: Int, limit: Int) -> Int {
        var next = index + 1
        while next < limit, !startsLine(next) { next += 1 }
        return next
    }

    /// `@name` and `@name(…)` attributes.
    func parseAttributes(_ index: inout Int, limit: Int) -> [Attribute] {
        var attributes: [Attribute] = []
        while index + 1 < limit, tokens[index].kind == .atSign,
            isName(index + 1) || tokens[index + 1].kind == .keyword
        {
            var attribute = Attribute(atSign: index, nameToken: index + 1, arguments: nil)
            index += 2
            if isKind(index, .leftParen), !tokens[index].flags.contains(.leadingSpace) {
                let close = matchIndex(index) ?? (limit - 1)
                attribute.arguments = index..<(close + 1)
                index = close + 1
            }
            attributes.append(attribute)
        }
        return attributes
    }

    /// Declaration modifiers before an introducer; returns them and the index after them.
    func scanModifiers(from start: Int, limit: Int) -> (Modifiers, Int) {
        var modifiers: Modifiers = []
        var index = start
        while index < limit {
            guard let word = tokens[index].keyword else { break }
            var flag: Modifiers = []
            switch word {
            case .static: flag = .static
            case .class:
                guard let next = tokens[safe: index + 1]?.keyword,
                    next == .func || next == .var || next == .let
                        || next == .subscript || next == .override || next == .final || next == .public
                        || next == .private || next == .open || next == .internal || next == .fileprivate
                else { return (modifiers, index) }
                flag = .class
            case .lazy: flag = .lazy
            case .weak: flag = .weak
            case .unowned: flag = .unowned
            case .private, .fileprivate: flag = .private
            case .public, .open: flag = .public
            case .override: flag = .override
            case .mutating: flag = .mutating
            case .nonisolated: flag = .nonisolated
            case .final: flag = .final
            case .convenience: flag = .convenience
            case .required: flag = .required
            case .internal, .package, .nonmutating, .dynamic, .optional, .indirect, .prefix, .postfix, .infix,
                .consuming, .borrowing:
                break
            default:
                return (modifiers, index)
            }
            // Contextual words (`open`, `weak`, `optional`…) are also ordinary names: as modifiers they
            // must be followed on the same line, and only `(set)`, `(safe)`, `(unsafe)` may follow them.
            if tokens[index].kind == .identifier && startsLine(index + 1) { return (modifiers, index) }
            modifiers.insert(flag)
            index += 1
            if isKind(index, .leftParen), !tokens[index].flags.contains(.leadingSpace), let close = matchIndex(index) {
                guard close == index + 2,
                    file.token(tokens[index + 1], is: "set")
                        || file.token(tokens[index + 1], is: "unsafe") || file.token(tokens[index + 1], is: "safe")
                else { return ([], start) }
                index = close + 1
            }
        }
        return (modifiers, index)
    }

    /// A `#if` group in item position: one `.conditionalClause` block per clause.
    mutating func parseConditionalCompilation(at start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        guard let groupIndex = groupByIf[start] else { return lineEnd(after: start, limit: end) }
        let group = outline.conditionalCompilations[groupIndex]
        let next = group.endif.map { min($0 + 1, end) } ?? end
        let statement = addStatement(
            .conditionalCompilation, range: start..<max(next, start + 1), keyword: start, block: block)
        for clause in group.clauses where clause.directive < end {
            let lower = min(clause.body.lowerBound, end)
            let upper = min(max(clause.body.upperBound, lower), end)
            let clauseBlock = addBlock(
                .conditionalClause, owner: .statement(statement), range: lower..<upper, header: clause.condition)
            outline.statements[statement].blocks.append(clauseBlock)
            pending.append(.items(ItemJob(block: clauseBlock, position: lower, end: upper, context: context)))
        }
        return max(next, start + 1)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
