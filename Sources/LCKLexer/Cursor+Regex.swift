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
        guard let opening = regexOpening(at: start, mustBeRegex: mustBeRegex) else { return nil }
        // A multi-line scan that found no closer before the end will not find one from a later
        // start with as many pounds either; remembering that keeps broken files linear.
        if opening.isMultiline && opening.slash > failedMultilineRegexStart
            && opening.pounds >= failedMultilineRegexPounds
        {
            return opening.unterminated(at: opening.firstNewline)
        }
        return scanRegexPattern(after: opening, mustBeRegex: mustBeRegex)
    }

    /// Reads the `#`s and `/` that open a regex literal at `start`, or nil when none can start there.
    private func regexOpening(at start: Int, mustBeRegex: Bool) -> RegexOpening? {
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
            return RegexOpening(pounds: pounds, slash: slash, patternStart: cursor, firstNewline: -1)
        }
        var scan = cursor
        while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
        if scan < count && (input[scan] == 0x0A || input[scan] == 0x0D) {
            return RegexOpening(pounds: pounds, slash: slash, patternStart: scan, firstNewline: scan)
        }
        return RegexOpening(pounds: pounds, slash: slash, patternStart: cursor, firstNewline: -1)
    }

    /// Scans the pattern from `opening.patternStart` to the closing `/` (and its `#`s), tracking groups,
    /// classes and escapes.
    private mutating func scanRegexPattern(after opening: RegexOpening, mustBeRegex: Bool) -> RegexScan? {
        var cursor = opening.patternStart
        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace = -1
        func unterminated(at offset: Int) -> RegexScan? {
            mustBeRegex ? opening.unterminated(at: offset) : nil
        }
        while true {
            if cursor < count && input[cursor] == UInt8(ascii: "/"),
                case .finished(let scan) = regexClosing(
                    at: cursor, after: opening, lastUnescapedSpace: lastUnescapedSpace, mustBeRegex: mustBeRegex)
            {
                return scan
            }
            guard cursor < count else {
                if opening.isMultiline && opening.pounds <= failedMultilineRegexPounds {
                    failedMultilineRegexStart = opening.slash
                    failedMultilineRegexPounds = opening.pounds
                }
                return unterminated(at: opening.isMultiline ? opening.firstNewline : cursor)
            }
            var escaped = false
            var b = input[cursor]
            if b == UInt8(ascii: "\\") {
                escaped = true
                cursor += 1
                guard cursor < count else {
                    return unterminated(at: opening.isMultiline ? opening.firstNewline : cursor)
                }
                b = input[cursor]
            }
            switch b {
            case 0x0A, 0x0D:
                if !opening.isMultiline { return unterminated(at: cursor) }
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

    /// At an unescaped `/` in the pattern: whether it closes the literal (with as many `#`s as opened it), and
    /// if so the scan's result; a bare literal is refused when a space precedes the `/` or a comment follows.
    private func regexClosing(
        at slash: Int, after opening: RegexOpening, lastUnescapedSpace: Int, mustBeRegex: Bool
    ) -> RegexClosing {
        var closeEnd = slash + 1
        var closePounds = 0
        if opening.pounds > 0 {
            while closeEnd < count && input[closeEnd] == UInt8(ascii: "#") {
                closeEnd += 1
                closePounds += 1
            }
        }
        guard closePounds >= opening.pounds else { return .notClosed }
        if closePounds == 0 {
            let after = byte(at: closeEnd)
            if closeEnd < count && (after == UInt8(ascii: "*") || after == UInt8(ascii: "/")) {
                return .finished(mustBeRegex ? opening.unterminated(at: slash) : nil)
            }
            if lastUnescapedSpace >= 0 && lastUnescapedSpace + 1 == slash && !mustBeRegex { return .finished(nil) }
        }
        return .finished(
            RegexScan(
                openingPounds: opening.pounds, slashStart: opening.slash, patternEnd: slash,
                closingSlashEnd: slash + 1, end: closeEnd, terminated: true))
    }
}

/// The `#`s and `/` that open a regex literal.
private struct RegexOpening {
    var pounds: Int
    var slash: Int
    /// Where the pattern scan starts: after the `/`, or at the line break of a multi-line `#/`.
    var patternStart: Int
    /// The line break right after a multi-line literal's `#/` (spaces between allowed), or -1.
    var firstNewline: Int

    var isMultiline: Bool { firstNewline >= 0 }

    /// An unterminated literal whose pattern ends at `offset`.
    func unterminated(at offset: Int) -> RegexScan {
        RegexScan(
            openingPounds: pounds, slashStart: slash, patternEnd: offset, closingSlashEnd: offset, end: offset,
            terminated: false)
    }
}

/// What a `/` inside a regex pattern means for the scan.
private enum RegexClosing {
    /// Not the closer (too few `#`s after it): the pattern goes on.
    case notClosed
    /// The scan ends here, with this literal or with none.
    case finished(RegexScan?)
}
