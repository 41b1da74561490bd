import LCKLexer

/// Closures in expression position and how they attach to calls.
extension ParserState {
    /// Records the closure opening at `open`, schedules its body and returns the index after it.
    mutating func recordClosure(
        at open: Int, end: Int, context: ParseContext, state: inout ExpressionScanState
    ) -> Int {
        let close = matchIndex(open).flatMap { $0 < end ? $0 : nil }
        let limit = close ?? end
        var call: Int?
        var isTrailing = false
        var label: Int?
        if state.lastCallClose >= 0, state.lastCallClose == open - 1 {
            call = state.lastCall
            isTrailing = true
        } else if open >= 3, state.lastTrailingClose == open - 3, tokens[open - 1].kind == .colon,
            isName(open - 2) || tokens[open - 2].kind == .keyword
        {
            call = state.lastTrailingCall
            isTrailing = true
            label = open - 2
        } else if state.chainStart >= 0, state.chainStart < open, !startsLine(open), isCalleeEnd(open - 1) {
            let name = calleeName(before: open, chainStart: state.chainStart)
            outline.calls.append(
                Call(
                    callee: state.chainStart..<open, nameToken: name, leftParen: nil, rightParen: nil,
                    arguments: CallArguments(span: 0..<0), trailingClosures: [], range: state.chainStart..<(open + 1)))
            call = outline.calls.count - 1
            isTrailing = true
        } else if frameStack.count > state.frameBase, let frame = frameStack.last, frame.call >= 0 {
            call = frame.call
        }

        let signature = closureSignature(open: open, limit: limit)
        let closureIndex = outline.closures.count
        let bodyStart = signature.inToken.map { $0 + 1 } ?? (open + 1)
        let bodyRange = bodyStart..<max(bodyStart, limit)
        let block = addBlock(.closureBody, owner: .closure(closureIndex), range: bodyRange)
        let bodyContext = ParseContext(
            type: context.type, function: context.function, closure: closureIndex, isMemberBlock: false)
        var parameters: [Int] = []
        for parameter in signature.parameters {
            parameters.append(outline.variables.count)
            outline.variables.append(
                VariableDecl(
                    kind: .closureParameter, nameToken: parameter.name, introducer: parameter.name, isConstant: true,
                    type: parameter.type, initializer: nil, accessorBlocks: [], attributes: [], modifiers: [],
                    enclosingType: context.type, enclosingFunction: context.function, enclosingClosure: closureIndex,
                    scope: bodyRange, range: parameter.name..<(parameter.name + 1)))
        }
        let next = close.map { $0 + 1 } ?? end
        outline.closures.append(
            Closure(
                leftBrace: open, rightBrace: close, captureList: signature.captureList, parameters: parameters,
                inToken: signature.inToken, bodyBlock: block, call: call, isTrailing: isTrailing, trailingLabel: label,
                enclosingFunction: context.function, enclosingClosure: context.closure, range: open..<next))
        if let call, isTrailing {
            outline.calls[call].trailingClosures.append(closureIndex)
            outline.calls[call].range = outline.calls[call].range.lowerBound..<next
            state.chainStart = outline.calls[call].callee.lowerBound
            state.lastTrailingClose = close ?? -1
            state.lastTrailingCall = call
        } else {
            state.chainStart = open
        }
        state.lastCallClose = -1
        pending.append(.items(ItemJob(block: block, position: bodyStart, end: limit, context: bodyContext)))
        return next
    }

    /// A token that can end a callee written before a trailing closure: `Task`, `async`, `x?`, `self`.
    func isCalleeEnd(_ index: Int) -> Bool {
        switch tokens[index].kind {
        case .identifier, .dollarIdentifier, .postfixQuestionMark, .exclamationMark: return true
        case .keyword: return tokens[index].keyword == .self || tokens[index].keyword == .super
        case .binaryOperator, .rightAngle: return file.bytes[tokens[index].end - 1] == UInt8(ascii: ">")
        default: return false
        }
    }

    /// `[capture list] (params) -> T in` or `a, b in`; nothing when no `in` follows the signature.
    func closureSignature(
        open: Int, limit: Int
    ) -> (captureList: Range<Int>?, parameters: [(name: Int, type: TypeSpan?)], inToken: Int?) {
        var index = open + 1
        var captureList: Range<Int>?
        if isKind(index, .leftSquare), let close = matchIndex(index), close < limit {
            captureList = index..<(close + 1)
            index = close + 1
        }
        let signatureStart = index
        var cursor = index
        var inToken: Int?
        scan: while cursor < limit {
            let token = tokens[cursor]
            switch token.kind {
            case .keyword:
                switch token.keyword {
                case .in:
                    inToken = cursor
                    break scan
                case .throws, .rethrows, .inout, .Any, .Self, .self: break
                default: break scan
                }
            case .identifier, .wildcard, .comma, .colon, .arrow, .period, .postfixQuestionMark, .exclamationMark,
                .atSign, .ellipsis, .leftAngle, .rightAngle:
                break
            case .binaryOperator, .prefixOperator, .postfixOperator:
                var offset = token.start
                while offset < token.end {
                    let byte = file.bytes[offset]
                    if byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") {
                        break scan
                    }
                    offset += 1
                }
            case .leftParen, .leftSquare:
                guard let close = matchIndex(cursor), close < limit else { break scan }
                cursor = close
            default:
                break scan
            }
            cursor += 1
        }
        guard let inToken else { return (nil, [], nil) }
        var parameters: [(name: Int, type: TypeSpan?)] = []
        if isKind(signatureStart, .leftParen), let close = matchIndex(signatureStart), close < inToken {
            for segment in splitTopLevel(from: signatureStart + 1, to: close, separator: .comma) {
                var name = segment.lowerBound
                guard isName(name) || isKind(name, .wildcard) else { continue }
                if name + 1 < segment.upperBound, isName(name + 1) { name += 1 }
                var type: TypeSpan?
                if isKind(name + 1, .colon), name + 1 < segment.upperBound {
                    let typeStop = typeEnd(from: name + 2, limit: segment.upperBound)
                    type = typeSpan((name + 2)..<typeStop)
                }
                if isName(name) { parameters.append((name, type)) }
            }
        } else {
            var position = signatureStart
            while position < inToken, tokens[position].kind != .arrow {
                if isName(position), position == 0 || tokens[position - 1].kind != .atSign {
                    parameters.append((position, nil))
                }
                position += 1
            }
        }
        return (captureList, parameters, inToken)
    }
}
