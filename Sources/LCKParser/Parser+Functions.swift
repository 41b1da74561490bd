import LCKLexer

/// Functions, initializers, subscripts, variables, accessors and typealiases.
extension ParserState {
    mutating func parseFunction(
        _ kind: FunctionDecl.Kind, _ header: DeclarationHeader, end: Int, block: Int, context: ParseContext
    ) -> Int {
        let name = functionName(kind, header, end: end)
        var index = name.next
        let functionIndex = outline.functions.count
        var function = FunctionDecl(
            kind: kind, keywordToken: header.introducer, nameToken: name.nameToken, isOperator: name.isOperator,
            parameters: [], parameterClause: nil, isAsync: false, isThrowing: false, returnType: nil,
            attributes: header.attributes, modifiers: header.modifiers, body: nil, bodyBlock: nil,
            enclosingType: context.type, enclosingFunction: context.function, range: header.start..<index)
        var parameterRanges: [Range<Int>] = []
        if isKind(index, .leftParen) {
            let close = min(matchIndex(index) ?? end, end)
            function.parameterClause = index..<min(close + 1, end)
            parameterRanges = splitTopLevel(from: index + 1, to: close, separator: .comma)
            index = min(close + 1, end)
        }
        index = parseEffects(from: index, end: end, into: &function)
        if isKind(index, .arrow) {
            let typeStop = typeEnd(from: index + 1, limit: end)
            function.returnType = typeSpan((index + 1)..<typeStop)
            index = max(typeStop, index + 1)
        }
        index = skipToBody(from: index, end: end)
        outline.functions.append(function)
        let statement = addStatement(
            .declaration, range: header.start..<index, keyword: header.introducer, block: block)
        outline.statements[statement].declaration = .function(functionIndex)
        let bodyContext = ParseContext(type: context.type, function: functionIndex, closure: nil, isMemberBlock: false)
        var parameters: [Parameter] = []
        for range in parameterRanges {
            if let parameter = parseParameter(range, context: bodyContext) {
                parameters.append(parameter)
            }
        }
        outline.functions[functionIndex].parameters = parameters
        var next = max(index, header.introducer + 1)
        if isKind(index, .leftBrace) {
            let body: (block: Int, range: Range<Int>, next: Int)
            if kind == .subscript {
                body = scheduleAccessors(open: index, limit: end, owner: .function(functionIndex), context: bodyContext)
            } else {
                body = scheduleBody(
                    open: index, limit: end, kind: .functionBody, owner: .function(functionIndex), context: bodyContext)
            }
            outline.functions[functionIndex].body = body.range
            outline.functions[functionIndex].bodyBlock = body.block
            outline.statements[statement].blocks =
                kind == .subscript ? accessorBlocks(owner: .function(functionIndex)) : [body.block]
            for parameter in parameters { outline.variables[parameter.variable].scope = body.range }
            next = body.next
        }
        outline.functions[functionIndex].range = header.start..<next
        outline.statements[statement].range = header.start..<next
        return next
    }

    /// The token after a function's name and generic parameters, the name's token (the introducer when there
    /// is no name, as for `init`) and whether the name is an operator. Skips the `?` or `!` of `init?`.
    private func functionName(
        _ kind: FunctionDecl.Kind, _ header: DeclarationHeader, end: Int
    ) -> (next: Int, nameToken: Int, isOperator: Bool) {
        var index = header.introducer + 1
        var nameToken = header.introducer
        var isOperator = false
        if kind == .function, index < end {
            switch tokens[index].kind {
            case .identifier, .keyword:
                nameToken = index
                index += 1
            case .binaryOperator, .prefixOperator, .postfixOperator, .exclamationMark, .equal, .leftAngle,
                .rightAngle, .postfixQuestionMark, .infixQuestionMark, .prefixAmpersand, .ellipsis:
                nameToken = index
                isOperator = true
                index += 1
            default:
                break
            }
        } else if kind == .initializer, isKind(index, .postfixQuestionMark) || isKind(index, .exclamationMark) {
            index += 1
        }
        if !isOperator, startsWithLess(index) { index = skipAngles(from: index, limit: end) }
        return (index, nameToken, isOperator)
    }

    /// Reads `async`, `reasync`, `throws`, `throws(E)` and `rethrows` after the parameters into `function`;
    /// returns the index after them.
    private func parseEffects(from start: Int, end: Int, into function: inout FunctionDecl) -> Int {
        var index = start
        while index < end, let word = tokens[index].keyword {
            if word == .async {
                function.isAsync = true
            } else if word == .throws || word == .throwsContextual || word == .rethrows {
                function.isThrowing = true
            } else if file.token(tokens[index], is: "reasync") {
                function.isAsync = true
            } else {
                break
            }
            index += 1
            if isKind(index, .leftParen), !tokens[index].flags.contains(.leadingSpace), let close = matchIndex(index) {
                index = close + 1
            }
        }
        return index
    }

    /// Ranges between top-level separators in `start..<stop` (nested brackets skipped).
    func splitTopLevel(from start: Int, to stop: Int, separator: TokenKind) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var segmentStart = start
        var index = start
        while index < stop {
            let kind = tokens[index].kind
            if kind == separator {
                ranges.append(segmentStart..<index)
                segmentStart = index + 1
            } else if kind == .leftParen || kind == .leftSquare || kind == .leftBrace, let close = matchIndex(index),
                close < stop
            {
                index = close
            } else if let after = genericArgumentsEnd(at: index, limit: stop) {
                index = after
                continue
            }
            index += 1
        }
        if segmentStart < stop { ranges.append(segmentStart..<stop) }
        return ranges
    }

    /// `label name: Type = default`, with its variable record (scope patched once the body is known).
    mutating func parseParameter(_ range: Range<Int>, context: ParseContext) -> Parameter? {
        var index = range.lowerBound
        _ = parseAttributes(&index, limit: range.upperBound)
        guard index < range.upperBound else { return nil }
        let first = index
        var second: Int?
        index += 1
        if index < range.upperBound, tokens[index].kind != .colon, isName(index) || tokens[index].kind == .wildcard {
            second = index
            index += 1
        }
        var type: TypeSpan?
        var isVariadic = false
        var defaultValue: Range<Int>?
        if isKind(index, .colon), index < range.upperBound {
            let typeStop = typeEnd(from: index + 1, limit: range.upperBound)
            type = typeSpan((index + 1)..<typeStop)
            isVariadic = typeStop > index + 1 && tokens[typeStop - 1].kind == .ellipsis
            index = typeStop
        }
        if index < range.upperBound, tokens[index].kind == .equal {
            defaultValue = (index + 1)..<range.upperBound
            scheduleExpression((index + 1)..<range.upperBound, context: context)
        }
        let name = second ?? first
        outline.variables.append(
            VariableDecl(
                kind: .parameter, nameToken: name, introducer: first, isConstant: true, type: type, initializer: nil,
                accessorBlocks: [], attributes: [], modifiers: [], enclosingType: context.type,
                enclosingFunction: context.function, enclosingClosure: context.closure, scope: range, range: range))
        return Parameter(
            firstName: first, secondName: second, type: type, defaultValue: defaultValue, isVariadic: isVariadic,
            variable: outline.variables.count - 1, range: range)
    }

    /// `let a: T = v, b = w`, `var x: T { get set }`, `var y = 0 { didSet { … } }`; tuple patterns skipped.
    mutating func parseVariables(_ header: DeclarationHeader, end: Int, block: Int, context: ParseContext) -> Int {
        let isConstant = tokens[header.introducer].keyword == .let
        let kind: VariableDecl.Kind = context.isMemberBlock ? .property : .local
        let firstVariable = outline.variables.count
        var index = header.introducer + 1
        let statement = addStatement(
            .declaration, range: header.start..<index, keyword: header.introducer, block: block)
        while index < end {
            let patternStart = index
            var nameToken: Int?
            if isName(index) {
                nameToken = index
                index += 1
            } else if isKind(index, .leftParen) || tokens[index].kind == .wildcard {
                index = (matchIndex(index) ?? index) + 1
            } else {
                break
            }
            var type: TypeSpan?
            // A `:` or `=` at or past `end` belongs to the enclosing construct (unterminated input).
            if index < end, isKind(index, .colon) {
                let typeStop = typeEnd(from: index + 1, limit: end)
                type = typeSpan((index + 1)..<typeStop)
                index = max(typeStop, index + 1)
            }
            var initializer: Range<Int>?
            if index < end, isKind(index, .equal) {
                let stop = initializerEnd(from: index + 1, limit: end)
                initializer = (index + 1)..<stop
                scheduleExpression((index + 1)..<stop, context: context)
                index = max(stop, index + 1)
            }
            var variableIndex: Int?
            if let nameToken {
                variableIndex = outline.variables.count
                outline.variables.append(
                    VariableDecl(
                        kind: kind, nameToken: nameToken, introducer: header.introducer, isConstant: isConstant,
                        type: type, initializer: initializer, accessorBlocks: [], attributes: header.attributes,
                        modifiers: header.modifiers, enclosingType: context.type, enclosingFunction: context.function,
                        enclosingClosure: context.closure, scope: header.start..<end, range: patternStart..<index))
            }
            if isKind(index, .leftBrace), !startsLine(index) || initializer == nil && type != nil {
                let owner: Block.Owner = variableIndex.map { .variable($0) } ?? .statement(statement)
                let accessorContext = ParseContext(
                    type: context.type, function: context.function, closure: context.closure, isMemberBlock: false)
                let body = scheduleAccessors(open: index, limit: end, owner: owner, context: accessorContext)
                outline.statements[statement].blocks.append(contentsOf: accessorBlocks(owner: owner))
                index = body.next
                if let variableIndex {
                    outline.variables[variableIndex].range = patternStart..<index
                }
            }
            guard isKind(index, .comma) else { break }
            index += 1
        }
        let next = max(index, header.introducer + 1)
        outline.statements[statement].range = header.start..<next
        outline.statements[statement].declaration = .variables(firstVariable..<outline.variables.count)
        if kind == .local {
            for variable in firstVariable..<outline.variables.count {
                outline.variables[variable].scope = next..<max(next, end)
            }
        }
        return next
    }

    /// Like `expressionEnd`, but also stops at a top-level `,` and at an observer block `{ didSet …`.
    func initializerEnd(from start: Int, limit: Int) -> Int {
        let stop = expressionEnd(from: start, limit: limit)
        var index = start
        while index < stop {
            switch tokens[index].kind {
            case .comma: return index
            case .leftBrace:
                var inside = index + 1
                while inside < stop, tokens[inside].kind == .atSign { inside += 2 }
                if let word = tokens[safe: inside]?.keyword, word == .willSet || word == .didSet { return index }
                index = matchIndex(index) ?? stop
            case .leftParen, .leftSquare:
                index = matchIndex(index) ?? stop
            default:
                if let after = genericArgumentsEnd(at: index, limit: stop) {
                    index = after
                    continue
                }
            }
            index += 1
        }
        return stop
    }

    /// A computed-property, observer or subscript body: `get`/`set`/`willSet`/`didSet` blocks, or one
    /// implicit getter. Returns the first accessor block (or the getter) and the range of the braces.
    mutating func scheduleAccessors(
        open: Int, limit: Int, owner: Block.Owner, context: ParseContext
    ) -> (block: Int, range: Range<Int>, next: Int) {
        let close = matchIndex(open) ?? limit
        let next = close < limit ? close + 1 : limit
        var index = open + 1
        var blocks: [Int] = []
        while index < close {
            var cursor = index
            _ = parseAttributes(&cursor, limit: close)
            while let word = tokens[safe: cursor]?.keyword, cursor < close, word == .mutating || word == .nonmutating {
                cursor += 1
            }
            guard cursor < close, let word = tokens[cursor].keyword,
                word == .get || word == .set || word == .willSet || word == .didSet || word == .`init`
                    || file.token(tokens[cursor], is: "_read") || file.token(tokens[cursor], is: "_modify")
            else { break }
            let nameToken = cursor
            cursor += 1
            if isKind(cursor, .leftParen), let paren = matchIndex(cursor) { cursor = paren + 1 }
            while let effect = tokens[safe: cursor]?.keyword, cursor < close,
                effect == .async || effect == .throws || effect == .throwsContextual
            {
                cursor += 1
            }
            if isKind(cursor, .leftBrace), cursor < close {
                let body = scheduleBody(
                    open: cursor, limit: close, kind: .accessorBody, owner: owner, context: context,
                    header: nameToken..<(nameToken + 1))
                blocks.append(body.block)
                cursor = body.next
            }
            index = max(cursor, index + 1)
        }
        if blocks.isEmpty && index == open + 1 {
            let body = scheduleBody(open: open, limit: limit, kind: .accessorBody, owner: owner, context: context)
            blocks.append(body.block)
        }
        if case .variable(let variable) = owner { outline.variables[variable].accessorBlocks = blocks }
        return (blocks.first ?? -1, open..<next, next)
    }

    /// Blocks created for an owner so far (accessor blocks are the latest ones).
    func accessorBlocks(owner: Block.Owner) -> [Int] {
        var result: [Int] = []
        var index = outline.blocks.count - 1
        while index >= 0, outline.blocks[index].owner == owner, outline.blocks[index].kind == .accessorBody {
            result.append(index)
            index -= 1
        }
        return result.reversed()
    }

    mutating func parseTypealias(_ header: DeclarationHeader, end: Int, block: Int, context: ParseContext) -> Int {
        var index = header.introducer + 1
        let nameToken = isName(index) ? index : header.introducer
        if isName(index) { index += 1 }
        if startsWithLess(index) { index = skipAngles(from: index, limit: end) }
        var target: TypeSpan?
        if isKind(index, .equal) {
            let typeStop = typeEnd(from: index + 1, limit: end)
            target = typeSpan((index + 1)..<typeStop)
            index = max(typeStop, index + 1)
        }
        index = max(index, header.introducer + 1)
        outline.typealiases.append(
            TypealiasDecl(
                keywordToken: header.introducer, nameToken: nameToken, target: target, enclosingType: context.type,
                range: header.start..<index))
        let statement = addStatement(
            .declaration, range: header.start..<index, keyword: header.introducer, block: block)
        outline.statements[statement].declaration = .typealias(outline.typealiases.count - 1)
        return index
    }
}
