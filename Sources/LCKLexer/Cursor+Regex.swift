/// Where a scanned regex literal's parts end.
struct RegexScan {
    var openingPounds: Int
    var slashStart: Int
    var patternEnd: Int
    /// End of the closing `/` (equal to `patternEnd` when unterminated).
    var closingSlashEnd: Int
    var end: Int
    var terminated: Bool
}

extension Cursor {
    /// Whether the previous token leaves us expecting an expression, where `/` starts a regex.
    var isInRegexLiteralPosition: Bool {
        guard let previousKind else { return true }
        switch previousKind {
        case .leftAngle, .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .binaryOperator,
            .equal, .semicolon, .comma, .colon, .infixQuestionMark, .poundIf, .poundElse, .poundElseif,
            .poundEndif, .unknown:
            return true
        case .keyword:
            switch previousKeyword {
            case .true?, .false?, .Any?, .nil?, .`self`?, .`Self`?, .super?: return false
            default: return true
            }
        default:
            return false
        }
    }

    /// Tries to lex a regex literal starting at the `/` found inside an operator. When it
    /// succeeds, any operator characters before the `/` become their own token.
    mutating func tryRegexFromOperator(slashAt slash: Int, operatorStart: Int, operatorEnd: Int) -> Bool {
        let leftBound = isLeftBound(operatorStart)
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        guard !leftBound else { return false }
        // `operator /^/` and `func /(…)` declare operators.
        if previousKind == .keyword && (previousKeyword == .func || previousKeyword == .operator) { return false }
        var mustBeRegex = false
        if leftBound == rightBound {
            if regexPreferredForThisToken { mustBeRegex = true }
            if !mustBeRegex && !isInRegexLiteralPosition { return false }
            switch previousKind {
            case .leftParen?, .leftSquare?, .comma?, .colon?: break
            default: mustBeRegex = true
            }
        }
        guard let scan = scanRegex(at: slash, mustBeRegex: mustBeRegex) else { return false }
        if slash > operatorStart {
            emit(classifyOperator(from: operatorStart, to: slash), from: operatorStart, to: slash)
        }
        emitRegex(scan)
        return true
    }

    /// Lexes `#/…/#` (or `/…/` when `start` is at the slash). Returns false, consuming nothing,
    /// when there is no regex literal there.
    mutating func lexRegexLiteral(at start: Int, mustBeRegex: Bool) -> Bool {
        guard let scan = scanRegex(at: start, mustBeRegex: mustBeRegex) else { return false }
        emitRegex(scan)
        return true
    }

    private mutating func emitRegex(_ scan: RegexScan) {
        let start = scan.slashStart - scan.openingPounds
        if scan.openingPounds > 0 { emit(.regexPoundDelimiter, from: start, to: scan.slashStart) }
        emit(.regexSlash, from: scan.slashStart, to: scan.slashStart + 1)
        emitIfNotEmpty(.regexLiteralPattern, from: scan.slashStart + 1, to: scan.patternEnd)
        if scan.terminated {
            emit(.regexSlash, from: scan.patternEnd, to: scan.closingSlashEnd)
            if scan.end > scan.closingSlashEnd { emit(.regexPoundDelimiter, from: scan.closingSlashEnd, to: scan.end) }
        } else {
            diagnose("unterminated regex literal", at: start)
        }
        position = scan.end
    }

    /// Scans a regex literal without emitting anything. Bare `/…/` literals (no `#`) may not
    /// start with a space or tab, may not end with one unless `mustBeRegex`, never cross a
    /// newline, and are rejected by an unbalanced `)` unless `mustBeRegex`.
    mutating func scanRegex(at start: Int, mustBeRegex: Bool) -> RegexScan? {
        var cursor = start
        while cursor < count && input[cursor] == UInt8(ascii: "#") { cursor += 1 }
        let pounds = cursor - start
        guard byte(at: cursor) == UInt8(ascii: "/"), cursor < count else { return nil }
        let slash = cursor
        cursor += 1
        if pounds == 0 {
            let next = byte(at: cursor)
            if (next == 0x20 || next == 0x09) && !mustBeRegex { return nil }
            if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") { return nil }
            if slash > 0 && input[slash - 1] == UInt8(ascii: "*") { return nil }
        }
        var isMultiline = false
        var firstNewline = -1
        if pounds > 0 {
            var scan = cursor
            while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
            if scan < count && (input[scan] == 0x0A || input[scan] == 0x0D) {
                isMultiline = true
                firstNewline = scan
                cursor = scan
            }
        }
        // A multi-line scan that found no closer before the end will not find one from a later
        // start with as many pounds either; remembering that keeps broken files linear.
        if isMultiline && slash > failedMultilineRegexStart && pounds >= failedMultilineRegexPounds {
            return RegexScan(openingPounds: pounds, slashStart: slash, patternEnd: firstNewline,
                             closingSlashEnd: firstNewline, end: firstNewline, terminated: false)
        }
        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace = -1
        func unterminated(at offset: Int) -> RegexScan? {
            guard mustBeRegex else { return nil }
            return RegexScan(openingPounds: pounds, slashStart: slash, patternEnd: offset, closingSlashEnd: offset,
                             end: offset, terminated: false)
        }
        while true {
            if cursor < count && input[cursor] == UInt8(ascii: "/") {
                var closeEnd = cursor + 1
                var closePounds = 0
                if pounds > 0 {
                    while closeEnd < count && input[closeEnd] == UInt8(ascii: "#") {
                        closeEnd += 1
                        closePounds += 1
                    }
                }
                if closePounds >= pounds {
                    var accepted = true
                    if closePounds == 0 {
                        let after = byte(at: closeEnd)
                        if closeEnd < count && (after == UInt8(ascii: "*") || after == UInt8(ascii: "/")) {
                            return unterminated(at: cursor)
                        }
                        if lastUnescapedSpace >= 0 && lastUnescapedSpace + 1 == cursor && !mustBeRegex {
                            accepted = false
                        }
                    }
                    if accepted {
                        return RegexScan(openingPounds: pounds, slashStart: slash, patternEnd: cursor,
                                         closingSlashEnd: cursor + 1, end: closeEnd, terminated: true)
                    }
                    return nil
                }
            }
            guard cursor < count else {
                if isMultiline && pounds <= failedMultilineRegexPounds {
                    failedMultilineRegexStart = slash
                    failedMultilineRegexPounds = pounds
                }
                return unterminated(at: isMultiline && firstNewline >= 0 ? firstNewline : cursor)
            }
            var escaped = false
            var b = input[cursor]
            if b == UInt8(ascii: "\\") {
                escaped = true
                cursor += 1
                guard cursor < count else { return unterminated(at: isMultiline ? firstNewline : cursor) }
                b = input[cursor]
            }
            switch b {
            case 0x0A, 0x0D:
                if !isMultiline { return unterminated(at: cursor) }
            case UInt8(ascii: "(") where !escaped && classDepth == 0:
                groupDepth += 1
            case UInt8(ascii: ")") where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }
                } else {
                    groupDepth -= 1
                }
            case UInt8(ascii: "[") where !escaped:
                classDepth += 1
            case UInt8(ascii: "]") where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case 0x20, 0x09:
                if !escaped { lastUnescapedSpace = cursor }
            default:
                break
            }
            cursor += b < 0x80 ? 1 : max(decodeScalar(at: cursor).1, 1)
        }
    }
}
