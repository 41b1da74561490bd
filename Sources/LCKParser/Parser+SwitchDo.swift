import LCKLexer

/// `switch` with its cases, and `do`/`catch`.
extension ParserState {
    /// A case label at `index` of a switch body: `case` (not `if case`/`for case`/`, case`), `default`,
    /// or `@unknown default`. Returns the label's first token after attributes and whether it is default.
    func caseLabel(at index: Int) -> (keyword: Int, isDefault: Bool)? {
        if tokens[index].kind == .atSign, index + 2 < count, file.token(tokens[index + 1], is: "unknown"),
            reserved(index + 2) == .default
        {
            return (index + 2, true)
        }
        switch reserved(index) {
        case .default:
            return isKind(index + 1, .colon) ? (index, true) : nil
        case .case:
            guard index > 0 else { return (index, false) }
            if tokens[index - 1].kind == .comma || tokens[index - 1].keyword == .await { return nil }
            switch reserved(index - 1) {
            case .if, .guard, .while, .for: return nil
            default: return (index, false)
            }
        default:
            return nil
        }
    }

    mutating func parseSwitch(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        let statement = addStatement(.switch, range: start..<(keyword + 1), keyword: keyword, block: block)
        guard let open = bodyBrace(from: keyword + 1, end: end) else {
            let next = expressionEnd(from: keyword + 1, limit: end)
            outline.statements[statement].range = start..<next
            return next
        }
        outline.statements[statement].condition = (keyword + 1)..<open
        scheduleExpression((keyword + 1)..<open, context: context)
        let close = matchIndex(open) ?? end
        let next = close < end ? close + 1 : end
        // Collect labels at the top level of the body.
        var labels: [(start: Int, keyword: Int, isDefault: Bool)] = []
        var index = open + 1
        while index < close {
            let kind = tokens[index].kind
            if let label = caseLabel(at: index) {
                labels.append((index, label.keyword, label.isDefault))
                index = label.keyword + 1
                continue
            }
            if kind == .leftParen || kind == .leftSquare || kind == .leftBrace, let match = matchIndex(index),
                match < close
            {
                index = match
            }
            index += 1
        }
        for (position, label) in labels.enumerated() {
            let caseEnd = position + 1 < labels.count ? labels[position + 1].start : close
            var colon = label.keyword + 1
            while colon < caseEnd, tokens[colon].kind != .colon {
                let kind = tokens[colon].kind
                if kind == .leftParen || kind == .leftSquare || kind == .leftBrace, let match = matchIndex(colon),
                    match < caseEnd
                {
                    colon = match
                }
                colon += 1
            }
            let pattern = (label.keyword + 1)..<min(colon, caseEnd)
            let bodyStart = min(colon + 1, caseEnd)
            let caseBlock = addBlock(
                .caseBody, owner: .statement(statement), range: bodyStart..<caseEnd,
                header: label.isDefault ? nil : pattern)
            outline.blocks[caseBlock].isDefaultCase = label.isDefault
            outline.statements[statement].blocks.append(caseBlock)
            if !label.isDefault {
                recordPatternBinding(pattern, scope: bodyStart..<caseEnd, context: context)
                scheduleExpression(pattern, context: context, inPattern: true)
            }
            pending.append(.items(ItemJob(block: caseBlock, position: bodyStart, end: caseEnd, context: context)))
        }
        outline.statements[statement].range = start..<next
        return next
    }

    /// `let x as T` / `var x as T` at the top level of a case or catch pattern, and a bare `let x`.
    mutating func recordPatternBinding(_ pattern: Range<Int>, scope: Range<Int>, context: ParseContext) {
        for item in splitTopLevel(from: pattern.lowerBound, to: pattern.upperBound, separator: .comma) {
            var index = item.lowerBound
            guard index < item.upperBound, let word = reserved(index), word == .let || word == .var,
                isName(index + 1)
            else { continue }
            index += 1
            var type: TypeSpan?
            if reserved(index + 1) == .as {
                let typeStop = typeEnd(from: index + 2, limit: item.upperBound)
                type = typeSpan((index + 2)..<typeStop)
            } else if index + 1 < item.upperBound, reserved(index + 1) != .where {
                continue
            }
            outline.variables.append(
                VariableDecl(
                    kind: .binding, nameToken: index, introducer: index - 1, isConstant: word == .let, type: type,
                    initializer: nil, accessorBlocks: [], attributes: [], modifiers: [],
                    enclosingType: context.type, enclosingFunction: context.function,
                    enclosingClosure: context.closure, scope: scope, range: item))
        }
    }

    mutating func parseDo(at keyword: Int, start: Int, end: Int, block: Int, context: ParseContext) -> Int {
        let statement = addStatement(.do, range: start..<(keyword + 1), keyword: keyword, block: block)
        var index = keyword + 1
        if tokens[safe: index]?.keyword == .throws || tokens[safe: index]?.keyword == .throwsContextual {
            index += 1
            if isKind(index, .leftParen), let close = matchIndex(index) { index = close + 1 }
        }
        guard isKind(index, .leftBrace) else { return index }
        let body = scheduleBody(open: index, limit: end, kind: .doBody, owner: .statement(statement), context: context)
        outline.statements[statement].blocks = [body.block]
        var next = body.next
        while next < end, reserved(next) == .catch {
            guard let open = bodyBrace(from: next + 1, end: end) else {
                next += 1
                break
            }
            let pattern = (next + 1)..<open
            let bodyRange = (open + 1)..<(matchIndex(open) ?? end)
            recordPatternBinding(pattern, scope: bodyRange, context: context)
            scheduleExpression(pattern, context: context, inPattern: true)
            let catchBody = scheduleBody(
                open: open, limit: end, kind: .catchBody, owner: .statement(statement), context: context,
                header: pattern)
            outline.statements[statement].blocks.append(catchBody.block)
            next = catchBody.next
        }
        outline.statements[statement].range = start..<next
        return next
    }
}
