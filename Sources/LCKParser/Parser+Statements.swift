import LCKLexer

/// Control-flow statements. Each one records its condition range and child blocks.
extension ParserState {
    /// The `{` that opens the body after a condition, or nil when a new statement starts first.
    func bodyBrace(from start: Int, end: Int) -> Int? {
        var index = start
        var previous = -1
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .leftBrace: return index
            case .rightBrace, .semicolon, .poundIf, .poundElse, .poundElseif, .poundEndif: return nil
            case .leftParen, .leftSquare:
                guard let close = matchIndex(index), close < end else { return nil }
                previous = close
                index = close + 1
                continue
            case .keyword where index > start && token.flags.contains(.atStartOfLine):
                if !continuesExpression(at: index, previous: previous) {
                    switch token.keyword {
                    case .let, .var, .case, .try, .self, .super, .true, .false, .nil, .Self, .Any: break
                    default: return nil
                    }
                }
            default:
                break
            }
            previous = index
            index += 1
        }
        return nil
    }

    /// `let x = …`, `var x: T = …`, `let x` (shorthand) and `case let x as T` clauses of a condition list.
    mutating func recordBindings(in range: Range<Int>, scope: Range<Int>, context: ParseContext) {
        for clause in splitTopLevel(from: range.lowerBound, to: range.upperBound, separator: .comma) {
            var index = clause.lowerBound
            while index < clause.upperBound, reserved(index) == .try || tokens[index].keyword == .await { index += 1 }
            var isPattern = false
            if reserved(index) == .case {
                isPattern = true
                index += 1
            }
            guard index < clause.upperBound, let word = reserved(index), word == .let || word == .var,
                isName(index + 1)
            else { continue }
            let name = index + 1
            var cursor = name + 1
            var type: TypeSpan?
            var initializer: Range<Int>?
            if isKind(cursor, .colon) || (isPattern && reserved(cursor) == .as) {
                let typeStart = cursor + 1
                let typeStop = typeEnd(from: typeStart, limit: clause.upperBound)
                type = typeSpan(typeStart..<typeStop)
                cursor = typeStop
            }
            if cursor < clause.upperBound, tokens[cursor].kind == .equal {
                initializer = (cursor + 1)..<clause.upperBound
            } else if isPattern && type == nil {
                continue
            }
            outline.variables.append(
                VariableDecl(
                    kind: .binding, nameToken: name, introducer: index, isConstant: word == .let, type: type,
                    initializer: initializer, accessorBlocks: [], attributes: [], modifiers: [],
                    enclosingType: context.type, enclosingFunction: context.function,
                    enclosingClosure: context.closure, scope: scope, range: clause))
        }
    }

    mutating func parseIf(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        var ifToken = keyword
        var statementStart = start
        var targetBlock = block
        var chain: [(statement: Int, elseBlock: Int?)] = []
        var next = keyword + 1
        while true {
            let statement = addStatement(
                .if, range: statementStart..<(ifToken + 1), keyword: ifToken, block: targetBlock)
            chain.append((statement, nil))
            guard let open = bodyBrace(from: ifToken + 1, end: end) else {
                next = expressionEnd(from: ifToken + 1, limit: end)
                outline.statements[statement].condition = (ifToken + 1)..<next
                scheduleExpression((ifToken + 1)..<next, context: context)
                break
            }
            let condition = (ifToken + 1)..<open
            outline.statements[statement].condition = condition
            let thenRange = (open + 1)..<(matchIndex(open) ?? end)
            recordBindings(in: condition, scope: thenRange, context: context)
            scheduleExpression(condition, context: context)
            let then = scheduleBody(open: open, limit: end, kind: .then, owner: .statement(statement), context: context)
            outline.statements[statement].blocks = [then.block]
            next = then.next
            guard next < end, reserved(next) == .else else { break }
            if reserved(next + 1) == .if, next + 1 < end {
                let elseBlock = addBlock(.else, owner: .statement(statement), range: (next + 1)..<end)
                outline.statements[statement].blocks.append(elseBlock)
                chain[chain.count - 1].elseBlock = elseBlock
                ifToken = next + 1
                statementStart = next + 1
                targetBlock = elseBlock
                continue
            }
            if isKind(next + 1, .leftBrace) {
                let elseBody = scheduleBody(
                    open: next + 1, limit: end, kind: .else, owner: .statement(statement), context: context)
                outline.statements[statement].blocks.append(elseBody.block)
                next = elseBody.next
            } else {
                next += 1
            }
            break
        }
        for (position, link) in chain.enumerated() {
            let statement = link.statement
            let lower = position == 0 ? start : outline.statements[statement].range.lowerBound
            outline.statements[statement].range = lower..<next
            if let elseBlock = link.elseBlock {
                let elseStart = outline.blocks[elseBlock].range.lowerBound
                outline.blocks[elseBlock].range = elseStart..<max(elseStart, next)
            }
        }
        return next
    }

    mutating func parseGuard(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        let statement = addStatement(.guard, range: start..<(keyword + 1), keyword: keyword, block: block)
        var elseToken = keyword + 1
        while elseToken < end, reserved(elseToken) != .else {
            let kind = tokens[elseToken].kind
            if kind == .rightBrace || kind == .semicolon { break }
            if kind == .leftParen || kind == .leftSquare || kind == .leftBrace, let close = matchIndex(elseToken),
                close < end
            {
                elseToken = close
            }
            elseToken += 1
        }
        let condition = (keyword + 1)..<min(elseToken, end)
        outline.statements[statement].condition = condition
        var next = min(elseToken, end)
        var afterGuard = next
        // Only an `else` (and its brace) inside this item counts: at `end` it belongs to an enclosing one.
        let hasElse = elseToken < end && reserved(elseToken) == .else
        let hasElseBody = hasElse && elseToken + 1 < end && isKind(elseToken + 1, .leftBrace)
        if hasElseBody {
            afterGuard = (matchIndex(elseToken + 1) ?? end) + 1
        }
        recordBindings(in: condition, scope: min(afterGuard, end)..<end, context: context)
        scheduleExpression(condition, context: context)
        if hasElse {
            next = elseToken + 1
            if hasElseBody {
                let body = scheduleBody(
                    open: elseToken + 1, limit: end, kind: .guardElse, owner: .statement(statement), context: context)
                outline.statements[statement].blocks = [body.block]
                next = body.next
            }
        }
        outline.statements[statement].range = start..<max(next, keyword + 1)
        return max(next, keyword + 1)
    }

    /// `while cond { }` and `for pattern in sequence where cond { }`.
    mutating func parseLoop(
        _ kind: Statement.Kind, at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext
    ) -> Int {
        let statement = addStatement(kind, range: start..<(keyword + 1), keyword: keyword, block: block)
        guard let open = bodyBrace(from: keyword + 1, end: end) else {
            let next = expressionEnd(from: keyword + 1, limit: end)
            outline.statements[statement].condition = (keyword + 1)..<next
            outline.statements[statement].range = start..<next
            return next
        }
        let header = (keyword + 1)..<open
        outline.statements[statement].condition = header
        let bodyRange = (open + 1)..<(matchIndex(open) ?? end)
        if kind == .while {
            recordBindings(in: header, scope: bodyRange, context: context)
        } else {
            recordForBinding(header: header, scope: bodyRange, context: context)
        }
        scheduleExpression(header, context: context)
        let body = scheduleBody(open: open, limit: end, kind: .loopBody, owner: .statement(statement), context: context)
        outline.statements[statement].blocks = [body.block]
        outline.statements[statement].range = start..<body.next
        return body.next
    }

    mutating func parseWhile(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        parseLoop(.while, at: keyword, start: start, end: end, block: block, context: context)
    }

    mutating func parseFor(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        parseLoop(.forIn, at: keyword, start: start, end: end, block: block, context: context)
    }

    /// `for x in`, `for x: T in`, `for case let x as T in`, `for try await x in`: a single named loop variable.
    mutating func recordForBinding(header: Range<Int>, scope: Range<Int>, context: ParseContext) {
        var index = header.lowerBound
        while index < header.upperBound, let word = tokens[index].keyword,
            word == .try || word == .await || word == .case || word == .let || word == .var
        {
            index += 1
        }
        guard isName(index), reserved(index + 1) == .in || isKind(index + 1, .colon) || reserved(index + 1) == .as
        else { return }
        var type: TypeSpan?
        if isKind(index + 1, .colon) || reserved(index + 1) == .as {
            let typeStop = typeEnd(from: index + 2, limit: header.upperBound)
            type = typeSpan((index + 2)..<typeStop)
        }
        outline.variables.append(
            VariableDecl(
                kind: .binding, nameToken: index, introducer: header.lowerBound - 1, isConstant: true, type: type,
                initializer: nil, accessorBlocks: [], attributes: [], modifiers: [], enclosingType: context.type,
                enclosingFunction: context.function, enclosingClosure: context.closure, scope: scope,
                range: header))
    }

    mutating func parseRepeat(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        let statement = addStatement(.repeatWhile, range: start..<(keyword + 1), keyword: keyword, block: block)
        guard isKind(keyword + 1, .leftBrace) else { return keyword + 1 }
        let body = scheduleBody(
            open: keyword + 1, limit: end, kind: .loopBody, owner: .statement(statement), context: context)
        outline.statements[statement].blocks = [body.block]
        var next = body.next
        if next < end, reserved(next) == .while {
            let conditionEnd = expressionEnd(from: next + 1, limit: end)
            outline.statements[statement].condition = (next + 1)..<conditionEnd
            scheduleExpression((next + 1)..<conditionEnd, context: context)
            next = conditionEnd
        }
        outline.statements[statement].range = start..<next
        return next
    }

    mutating func parseDefer(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        let statement = addStatement(.defer, range: start..<(keyword + 1), keyword: keyword, block: block)
        guard isKind(keyword + 1, .leftBrace) else { return keyword + 1 }
        let body = scheduleBody(
            open: keyword + 1, limit: end, kind: .deferBody, owner: .statement(statement), context: context)
        outline.statements[statement].blocks = [body.block]
        outline.statements[statement].range = start..<body.next
        return body.next
    }

    /// return/throw (with an optional value on the same line) and break/continue/fallthrough.
    mutating func parseJump(
        at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext, takesValue: Bool
    ) -> Int {
        let kind: Statement.Kind
        switch reserved(keyword) {
        case .return: kind = .return
        case .throw: kind = .throw
        case .break: kind = .break
        case .continue: kind = .continue
        default: kind = .fallthrough
        }
        let statement = addStatement(kind, range: start..<(keyword + 1), keyword: keyword, block: block)
        var next = keyword + 1
        if next < end, !startsLine(next) {
            let token = tokens[next].kind
            if takesValue && token != .rightBrace && token != .semicolon {
                next = expressionEnd(from: next, limit: end)
                outline.statements[statement].condition = (keyword + 1)..<next
                scheduleExpression((keyword + 1)..<next, context: context)
            } else if !takesValue && isName(next) {
                outline.statements[statement].label = next
                next += 1
            }
        }
        outline.statements[statement].range = start..<next
        return next
    }
}
