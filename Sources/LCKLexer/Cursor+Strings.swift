extension Cursor {
    /// At an opening `"`, `"""` or `'` (after `pounds` `#`s, already emitted). Emits the quote
    /// and pushes a string frame; the body is lexed by `lexStringBody`.
    mutating func lexStringOpening(pounds: Int, poundStart: Int) {
        let start = position
        if input[start] == UInt8(ascii: "'") {
            position += 1
            emit(.singleQuote, from: start, to: position)
            pushFrame(.string(StringFrame(flavor: .singleQuoted, pounds: pounds)))
            return
        }
        if byte(at: start + 1) == UInt8(ascii: "\"") && byte(at: start + 2) == UInt8(ascii: "\"")
            && !(pounds > 0 && closesOnSameLine(from: start + 3, pounds: pounds))
        {
            position += 3
            emit(.multilineStringQuote, from: start, to: position)
            var frame = StringFrame(flavor: .multiline, pounds: pounds)
            // Whitespace then a newline right after the opening quote is not part of the text.
            var scan = position
            while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
            if scan < count && (input[scan] == 0x0A || input[scan] == 0x0D) {
                addTrivia(.whitespace, from: position, to: scan)
                position = scan
                let newlineEnd = newlineLength(at: scan) + scan
                addTrivia(.newline, from: scan, to: newlineEnd)
                position = newlineEnd
                frame.atLineStart = true
            } else {
                diagnose("multi-line string literal content must begin on a new line", at: position)
            }
            locateMultilineClose(&frame, bodyStart: position)
            pushFrame(.string(frame))
            return
        }
        position += 1
        emit(.stringQuote, from: start, to: position)
        pushFrame(.string(StringFrame(flavor: .singleLine, pounds: pounds)))
    }

    /// `#"""#` and `#""" "#` are single-line raw strings starting with quotes: a `"` plus the
    /// pounds on the same line closes them.
    private func closesOnSameLine(from offset: Int, pounds: Int) -> Bool {
        if poundsMatch(at: offset, pounds: pounds) { return true }
        var scan = offset
        while scan < count && input[scan] != 0x0A && input[scan] != 0x0D {
            if input[scan] == UInt8(ascii: "\"") && poundsMatch(at: scan + 1, pounds: pounds) { return true }
            scan += 1
        }
        return false
    }

    /// Whether `pounds` `#` bytes start at `offset`.
    @inline(__always)
    func poundsMatch(at offset: Int, pounds: Int) -> Bool {
        guard pounds > 0 else { return true }
        guard offset + pounds <= count else { return false }
        for index in 0..<pounds where input[offset + index] != UInt8(ascii: "#") { return false }
        return true
    }

    /// 2 for CRLF, 1 for LF or CR.
    @inline(__always)
    func newlineLength(at offset: Int) -> Int {
        input[offset] == 0x0D && byte(at: offset + 1) == 0x0A ? 2 : 1
    }

    /// Finds the closing `"""` ahead of time, because the indentation before it decides which
    /// leading whitespace of every line is trivia. A throw-away cursor lexes the literal to its
    /// end (so nested strings and interpolations are handled exactly); probes do not probe
    /// again, and deeply nested literals skip probing, which bounds the extra work.
    private func locateMultilineClose(_ frame: inout StringFrame, bodyStart: Int) {
        guard !isProbe && multilineDepth < 8 else { return }
        var probe = Cursor(input, isProbe: true)
        probe.position = bodyStart
        probe.frames = [.string(frame)]
        while probe.position < count && !probe.frames.isEmpty { probe.step() }
        guard let quote = probe.closedMultilineQuote else { return }
        frame.closingQuoteStart = quote
        var lineStart = quote
        while lineStart > bodyStart && (input[lineStart - 1] == 0x20 || input[lineStart - 1] == 0x09) { lineStart -= 1 }
        let previous = byte(at: lineStart - 1)
        if previous == 0x0A || previous == 0x0D { frame.closingLineStart = lineStart }
    }

    /// Lexes string text up to the next interpolation, line end (multi-line), or closing quote.
    mutating func lexStringBody(_ frame: StringFrame) {
        if frame.flavor == .multiline {
            lexMultilineBody(frame)
        } else {
            lexSingleLineBody(frame)
        }
    }

    private mutating func lexSingleLineBody(_ frame: StringFrame) {
        let segmentStart = position
        let quote = frame.flavor == .singleQuoted ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        while position < count {
            let b = input[position]
            if b == 0x0A || b == 0x0D { break }
            if b == quote && poundsMatch(at: position + 1, pounds: frame.pounds) {
                emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                closeString(frame, quoteLength: 1)
                return
            }
            if b == UInt8(ascii: "\\") && poundsMatch(at: position + 1, pounds: frame.pounds) {
                if byte(at: position + 1 + frame.pounds) == UInt8(ascii: "(") {
                    emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                    openInterpolation(frame)
                    return
                }
                position += 1 + frame.pounds
                if position < count && input[position] != 0x0A && input[position] != 0x0D {
                    if skipEscapedCharacter() {
                        emit(.stringSegment, from: segmentStart, to: position)
                        return
                    }
                }
                continue
            }
            position += 1
        }
        emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
        diagnose("unterminated string literal", at: segmentStart)
        popFrame()
    }

    /// Skips the character after `\` (and its pounds). Returns true when it is an escaped line
    /// break (`\n`, `\r`, `\u{A}`, `\u{D}`), after which the compiler starts a new segment.
    private mutating func skipEscapedCharacter() -> Bool {
        let escaped = input[position]
        position += 1
        if escaped == UInt8(ascii: "n") || escaped == UInt8(ascii: "r") { return true }
        guard escaped == UInt8(ascii: "u") && current == UInt8(ascii: "{") else { return false }
        var scan = position + 1
        var value: UInt32 = 0
        var digits = 0
        while scan < count && AsciiClass.isHexDigit(input[scan]) && digits < 9 {
            let b = input[scan]
            let digit = AsciiClass.isDigit(b) ? b - 0x30 : (b | 0x20) - UInt8(ascii: "a") + 10
            value = value &* 16 &+ UInt32(digit)
            digits += 1
            scan += 1
        }
        guard scan < count && input[scan] == UInt8(ascii: "}") && digits > 0 else { return false }
        position = scan + 1
        return value == 0x0A || value == 0x0D
    }

    private mutating func closeString(_ frame: StringFrame, quoteLength: Int) {
        let quoteStart = position
        position += quoteLength
        let kind: TokenKind =
            switch frame.flavor {
            case .singleLine: .stringQuote
            case .multiline: .multilineStringQuote
            case .singleQuoted: .singleQuote
            }
        emit(kind, from: quoteStart, to: position)
        if frame.flavor == .multiline { closedMultilineQuote = quoteStart }
        if frame.pounds > 0 {
            emit(.rawStringPoundDelimiter, from: position, to: position + frame.pounds)
            position += frame.pounds
        }
        popFrame()
    }

    /// At `\` (+ pounds) + `(`: emits them and enters code mode.
    private mutating func openInterpolation(_ frame: StringFrame) {
        let start = position
        emit(.backslash, from: start, to: start + 1)
        if frame.pounds > 0 { emit(.rawStringPoundDelimiter, from: start + 1, to: start + 1 + frame.pounds) }
        let paren = start + 1 + frame.pounds
        position = paren + 1
        // The string frame resumes mid-line after the interpolation closes.
        if case .string(var current)? = frames.last {
            current.atLineStart = false
            frames[frames.count - 1] = .string(current)
        }
        pushFrame(.interpolation(parenDepth: 0, isMultiline: frame.flavor == .multiline))
        emit(.leftParen, from: paren, to: paren + 1)
    }

    private mutating func setAtLineStart(_ value: Bool) {
        if case .string(var current)? = frames.last {
            current.atLineStart = value
            frames[frames.count - 1] = .string(current)
        }
    }

    private mutating func lexMultilineBody(_ frame: StringFrame) {
        if frame.atLineStart {
            setAtLineStart(false)
            let lineStart = position
            if lineStart == frame.closingLineStart {
                // The closing line: its indentation is trivia, then the closing quote.
                addTrivia(.multilineStringIndentation, from: lineStart, to: frame.closingQuoteStart)
                position = frame.closingQuoteStart
                closeString(frame, quoteLength: 3)
                return
            }
            var indentEnd = lineStart
            let limit = lineStart + frame.indentation
            while indentEnd < limit && indentEnd < count && (input[indentEnd] == 0x20 || input[indentEnd] == 0x09) {
                indentEnd += 1
            }
            addTrivia(.multilineStringIndentation, from: lineStart, to: indentEnd)
            position = indentEnd
        }
        let segmentStart = position
        let pounds = frame.pounds
        while position < count {
            let b = input[position]
            if b == 0x0A || b == 0x0D {
                let newlineEnd = position + newlineLength(at: position)
                if newlineEnd == frame.closingLineStart {
                    // The newline before the closing line is not part of the text.
                    emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                    addTrivia(.newline, from: position, to: newlineEnd)
                } else {
                    emit(.stringSegment, from: segmentStart, to: newlineEnd)
                }
                position = newlineEnd
                setAtLineStart(true)
                return
            }
            if b == UInt8(ascii: "\"") && byte(at: position + 1) == UInt8(ascii: "\"")
                && byte(at: position + 2) == UInt8(ascii: "\"") && poundsMatch(at: position + 3, pounds: pounds)
            {
                emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                closeString(frame, quoteLength: 3)
                return
            }
            if b == UInt8(ascii: "\\") && poundsMatch(at: position + 1, pounds: pounds) {
                let afterPounds = position + 1 + pounds
                if byte(at: afterPounds) == UInt8(ascii: "(") {
                    emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                    openInterpolation(frame)
                    return
                }
                var scan = afterPounds
                while scan < count && (input[scan] == 0x20 || input[scan] == 0x09) { scan += 1 }
                if scan < count && (input[scan] == 0x0A || input[scan] == 0x0D) {
                    // Line continuation: `\`, trailing blanks and the newline are trivia.
                    emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
                    let newlineEnd = scan + newlineLength(at: scan)
                    addTrivia(.multilineStringIndentation, from: position, to: newlineEnd)
                    position = newlineEnd
                    setAtLineStart(true)
                    return
                }
                position = afterPounds
                if position < count && skipEscapedCharacter() {
                    emit(.stringSegment, from: segmentStart, to: position)
                    return
                }
                continue
            }
            position += 1
        }
        emitIfNotEmpty(.stringSegment, from: segmentStart, to: position)
        diagnose("unterminated multi-line string literal", at: segmentStart)
        popFrame()
    }
}
