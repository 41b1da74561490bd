import LCKLexer

/// Resumable state of an expression scan (kept in the job while a closure body is parsed).
struct ExpressionScanState {
    /// First token of the postfix chain ending at the previous token, or -1 when the previous token
    /// does not end an operand (after an operator, a keyword, a comma…).
    var chainStart = -1
    /// Where this scan's open brackets start in `ParserState.frameStack`, or -1 before the first run.
    ///
    /// Jobs run LIFO and a suspended scan resumes only after everything started above it finished,
    /// so all scans share one frame stack and no job owns an array.
    var frameBase = -1
    /// The `)` that last closed a call, and that call, for trailing-closure attachment.
    var lastCallClose = -1
    var lastCall = -1
    /// The `}` of the last trailing closure, and its call, for `} label: {` closures.
    var lastTrailingClose = -1
    var lastTrailingCall = -1
    /// Frame depth at which a `case` pattern began (`if case …`), or -1.
    var patternDepth = -1
}

struct ExpressionFrame {
    var opener: Int
    var savedChainStart: Int
    /// Call index when the opener is a call's `(`, else -1.
    var call: Int
    var isSubscript: Bool
}

/// Expression scanning: calls, arguments, closures, member accesses and casts.
extension ParserState {
    mutating func runExpression(_ job: ExpressionJob) {
        var state = job.scan
        if state.frameBase < 0 { state.frameBase = frameStack.count }
        var index = job.position
        let end = job.end
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .identifier, .dollarIdentifier, .wildcard:
                notePrimary(at: index, state: &state)
            case .keyword where index > 0 && tokens[index - 1].kind == .period:
                notePrimary(at: index, state: &state)
            case .keyword:
                switch token.keyword {
                case .self, .super, .Self, .`init`, .Any:
                    notePrimary(at: index, state: &state)
                case .true, .false, .nil:
                    state.chainStart = index
                case .as, .is:
                    index = recordCast(at: index, end: end, state: &state, inPattern: job.inPattern)
                    continue
                case .case:
                    state.patternDepth = frameStack.count - state.frameBase
                    state.chainStart = -1
                case .if, .switch:
                    let next = parseBranchExpression(at: index, job: job)
                    var continuation = job
                    continuation.position = next
                    state.chainStart = -1
                    continuation.scan = state
                    suspend(continuation, resumingAt: next)
                    return
                default:
                    state.chainStart = -1
                }
            case .integerLiteral, .floatLiteral:
                state.chainStart = index
            case .period:
                if state.chainStart < 0 { state.chainStart = index }
            case .postfixQuestionMark, .exclamationMark, .postfixOperator:
                break
            case .leftParen:
                openParen(at: index, end: end, state: &state)
            case .leftSquare:
                openSquare(at: index, state: &state)
            case .rightParen, .rightSquare:
                closeBracket(at: index, state: &state)
            case .leftBrace:
                let resume = recordClosure(at: index, end: end, context: job.context, state: &state)
                var continuation = job
                continuation.position = resume
                continuation.scan = state
                suspend(continuation, resumingAt: resume)
                return
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                index = lineEnd(after: index, limit: end)
                state.chainStart = -1
                continue
            case .binaryOperator, .prefixOperator, .leftAngle:
                if let after = genericArgumentsEnd(at: index, end: end, state: state) {
                    index = after
                    continue
                }
                state.chainStart = -1
            case .equal, .comma:
                if state.patternDepth == frameStack.count - state.frameBase { state.patternDepth = -1 }
                state.chainStart = -1
            default:
                state.chainStart = -1
            }
            index += 1
        }
        if frameStack.count > state.frameBase { frameStack.removeSubrange(state.frameBase...) }
    }

    /// `[` after an operand opens a subscript, anywhere else an array or dictionary literal.
    private mutating func openSquare(at index: Int, state: inout ExpressionScanState) {
        let isSubscript = state.chainStart >= 0 && !startsLine(index)
        frameStack.append(
            ExpressionFrame(opener: index, savedChainStart: state.chainStart, call: -1, isSubscript: isSubscript))
        state.chainStart = -1
    }

    /// The token after `<…>` when the `<` at `index` opens explicit generic arguments of the operand before
    /// it (`Array<Int>(…)`, `Set<String>.init`), else nil: then it is an operator.
    private func genericArgumentsEnd(at index: Int, end: Int, state: ExpressionScanState) -> Int? {
        guard state.chainStart >= 0, !tokens[index].flags.contains(.leadingSpace), startsWithLess(index) else {
            return nil
        }
        let after = skipAngles(from: index, limit: min(end, index + 64))
        return after > index && (isKind(after, .leftParen) || isKind(after, .period)) ? after : nil
    }

    /// Schedules the rest of a scan behind the jobs just produced (a closure or branch body).
    mutating func suspend(_ continuation: ExpressionJob, resumingAt position: Int) {
        if position < continuation.end {
            jobs.append(.expression(continuation))
        } else if frameStack.count > continuation.scan.frameBase {
            frameStack.removeSubrange(continuation.scan.frameBase...)
        }
        flushPending()
    }

    /// `if`/`switch` used as an expression: parsed as a statement in an `.expressionBranches` block.
    mutating func parseBranchExpression(at index: Int, job: ExpressionJob) -> Int {
        let owner = job.ownerStatement
        let block = addBlock(
            .expressionBranches, owner: owner >= 0 ? .statement(owner) : .file, range: index..<job.end)
        if owner >= 0 { outline.statements[owner].blocks.append(block) }
        let next: Int
        if reserved(index) == .if {
            next = parseIf(at: index, start: index, end: job.end, block: block, context: job.context)
        } else {
            next = parseSwitch(at: index, start: index, end: job.end, block: block, context: job.context)
        }
        outline.blocks[block].range = index..<max(next, index + 1)
        return max(next, index + 1)
    }

    /// A name or `self`: a member of the chain after `.`, or the start of a new chain.
    mutating func notePrimary(at index: Int, state: inout ExpressionScanState) {
        if index > 0, tokens[index - 1].kind == .period, state.chainStart >= 0, state.chainStart <= index - 1 {
            outline.memberAccesses.append(
                MemberAccess(member: index, receiver: state.chainStart..<(index - 1)))
        } else {
            state.chainStart = index
        }
    }

    mutating func openParen(at index: Int, end: Int, state: inout ExpressionScanState) {
        var callIndex = -1
        if state.chainStart >= 0, index > 0, !startsLine(index), tokens[index - 1].kind != .backslash {
            let name = calleeName(before: index, chainStart: state.chainStart)
            let close = matchIndex(index)
            // An unclosed `(` gets no arguments: splitting to the end of the region for each of many
            // nested unclosed calls would be quadratic.
            let argumentEnd = close.map { min($0, end) } ?? (index + 1)
            let firstArgument = outline.argumentList.count
            var segmentStart = index + 1
            var cursor = index + 1
            while cursor <= argumentEnd {
                if cursor == argumentEnd || tokens[cursor].kind == .comma {
                    if let argument = argument(in: segmentStart..<cursor) {
                        outline.argumentList.append(argument)
                    }
                    segmentStart = cursor + 1
                } else if let close = matchIndex(cursor), close > cursor, close < argumentEnd {
                    cursor = close
                } else if let after = genericArgumentsEnd(at: cursor, limit: argumentEnd) {
                    cursor = after
                    continue
                }
                cursor += 1
            }
            callIndex = outline.calls.count
            outline.calls.append(
                Call(
                    callee: state.chainStart..<index, nameToken: name, leftParen: index, rightParen: close,
                    arguments: CallArguments(span: firstArgument..<outline.argumentList.count), trailingClosures: [],
                    range: state.chainStart..<((close ?? (end - 1)) + 1)))
        }
        frameStack.append(
            ExpressionFrame(opener: index, savedChainStart: state.chainStart, call: callIndex, isSubscript: false))
        state.chainStart = -1
    }

    /// The last name of a callee ending before `end`: skips `?`/`!` and explicit generic arguments
    /// (`Set<String>(` names `Set`).
    func calleeName(before end: Int, chainStart: Int) -> Int {
        var name = end - 1
        while name > chainStart, tokens[name].kind == .postfixQuestionMark || tokens[name].kind == .exclamationMark {
            name -= 1
        }
        guard name > chainStart, tokens[name].length > 0,
            file.bytes[tokens[name].end - 1] == UInt8(ascii: ">"), tokens[name].kind != .arrow
        else { return name }
        var depth = 0
        var cursor = name
        while cursor > chainStart, name - cursor < 64 {
            let token = tokens[cursor]
            if token.kind != .identifier && token.kind != .period && token.kind != .comma {
                var offset = token.start
                while offset < token.end {
                    if file.bytes[offset] == UInt8(ascii: ">") { depth += 1 }
                    if file.bytes[offset] == UInt8(ascii: "<") { depth -= 1 }
                    offset += 1
                }
                if depth == 0 { return isName(cursor - 1) ? cursor - 1 : name }
            }
            cursor -= 1
        }
        return name
    }

    /// `label: value` or `value`; directive lines at the start are skipped.
    func argument(in range: Range<Int>) -> Argument? {
        var lower = range.lowerBound
        while lower < range.upperBound, isDirective(lower) {
            lower = lineEnd(after: lower, limit: range.upperBound)
        }
        guard lower < range.upperBound else { return nil }
        if lower + 1 < range.upperBound, tokens[lower + 1].kind == .colon,
            isName(lower) || tokens[lower].kind == .keyword || tokens[lower].kind == .wildcard
        {
            return Argument(label: lower, value: (lower + 2)..<range.upperBound)
        }
        return Argument(label: nil, value: lower..<range.upperBound)
    }

    mutating func closeBracket(at index: Int, state: inout ExpressionScanState) {
        guard frameStack.count > state.frameBase, let frame = frameStack.last, matchIndex(frame.opener) == index else {
            state.chainStart = -1
            return
        }
        frameStack.removeLast()
        if state.patternDepth > frameStack.count - state.frameBase { state.patternDepth = -1 }
        if frame.call >= 0 {
            state.chainStart = frame.savedChainStart
            state.lastCallClose = index
            state.lastCall = frame.call
        } else if frame.isSubscript {
            state.chainStart = frame.savedChainStart
        } else {
            state.chainStart = frame.opener
        }
    }

    /// `as T`, `as? T`, `as! T`, `is T`; returns the index after the type.
    mutating func recordCast(at index: Int, end: Int, state: inout ExpressionScanState, inPattern: Bool) -> Int {
        var kind: Cast.Kind = reserved(index) == .is ? .is : .as
        var typeStart = index + 1
        if kind == .as, typeStart < end, !tokens[typeStart].flags.contains(.leadingSpace) {
            if tokens[typeStart].kind == .postfixQuestionMark || tokens[typeStart].kind == .infixQuestionMark {
                kind = .conditional
                typeStart += 1
            } else if tokens[typeStart].kind == .exclamationMark {
                kind = .forced
                typeStart += 1
            }
        }
        let typeStop = max(typeEnd(from: typeStart, limit: end), typeStart)
        let isPattern = inPattern || state.patternDepth >= 0
        var boundName: Int?
        if isPattern, index >= 2, isName(index - 1), let word = reserved(index - 2), word == .let || word == .var {
            boundName = index - 1
        }
        let operand: Range<Int>? = state.chainStart >= 0 && boundName == nil ? state.chainStart..<index : nil
        outline.casts.append(
            Cast(
                kind: kind, operatorToken: index, type: typeSpan(typeStart..<typeStop), operand: operand,
                isPattern: isPattern, boundName: boundName))
        state.chainStart = -1
        return max(typeStop, index + 1)
    }
}
