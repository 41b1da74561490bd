/// What the cursor is currently inside of. Kept on an explicit stack so that nesting depth
/// (strings inside interpolations inside strings…) never turns into recursion.
enum LexerFrame {
    /// Inside the body of a string literal, between its quotes.
    case string(StringFrame)
    /// Inside `\( … )` of a string literal; `parenDepth` counts unclosed `(` of the expression.
    case interpolation(parenDepth: Int, isMultiline: Bool)
}

/// The shape of an open string literal.
struct StringFrame {
    enum Flavor: UInt8 {
        case singleLine, multiline, singleQuoted
    }

    var flavor: Flavor
    /// Number of `#` around the literal (raw strings).
    var pounds: Int
    /// Multi-line only: whether the next byte starts a line of the literal.
    var atLineStart = false
    /// Multi-line only: where the closing line starts (its indentation is trivia), or -1.
    var closingLineStart = -1
    /// Multi-line only: offset of the closing `"""`, or -1 if unterminated.
    var closingQuoteStart = -1

    var indentation: Int { closingLineStart >= 0 ? closingQuoteStart - closingLineStart : 0 }
}

/// The lexer's state: a read position over the bytes and the streams it appends to.
///
/// One `Cursor` lexes one file front to back in a single pass; it never backs up over
/// emitted output, so the output is always in source order.
struct Cursor {
    let input: UnsafeBufferPointer<UInt8>
    let count: Int
    var position = 0

    var tokens: [Token] = []
    /// The last token, held back until the next one so trivia can still mark it `trailingSpace`.
    var pendingToken = Token(kind: .unknown, start: 0, length: 0)
    var hasPendingToken = false
    var trivia: [TriviaPiece] = []
    var diagnostics: [LexerDiagnostic] = []
    var frames: [LexerFrame] = []
    /// Number of `.interpolation` frames on the stack (for `Token.Flags.inInterpolation`).
    var interpolationDepth = 0
    /// Number of open multi-line string literals (limits look-ahead probing).
    var multilineDepth = 0

    /// Flags collected from the trivia seen since the last token.
    var pendingFlags: Token.Flags = [.atStartOfLine]
    var previousKind: TokenKind?
    var previousKeyword: Keyword?
    /// Set right after `try?` / `try!`: a following `/` starts a regex rather than a binary operator.
    var preferRegexOverBinaryOperator = false
    /// `preferRegexOverBinaryOperator` as it was when the current token started.
    var regexPreferredForThisToken = false

    /// Where a multi-line `#/` regex scan last ran off the end, and with how many pounds.
    var failedMultilineRegexStart = Int.max
    var failedMultilineRegexPounds = Int.max
    /// A probe is a throw-away cursor that looks ahead for the end of a multi-line string.
    let isProbe: Bool
    /// Offset of the last closing `"""` (what a probe is run for).
    var closedMultilineQuote: Int?

    /// False: only line comments are recorded (`Lexer.TriviaKept.lineComments`).
    let keepsAllTrivia: Bool

    init(_ input: UnsafeBufferPointer<UInt8>, isProbe: Bool = false, keepsAllTrivia: Bool = true) {
        self.input = input
        self.count = input.count
        self.isProbe = isProbe
        self.keepsAllTrivia = keepsAllTrivia
        if !isProbe {
            tokens.reserveCapacity(input.count / 5 + 16)
            if keepsAllTrivia { trivia.reserveCapacity(input.count / 5 + 16) }
        }
    }

    // MARK: Byte access

    /// The byte at `offset`, or 0 past the end (callers that care about NUL check `offset < count`).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < count && offset >= 0 ? input[offset] : 0
    }

    @inline(__always)
    var current: UInt8 { byte(at: position) }

    @inline(__always)
    var isAtEnd: Bool { position >= count }

    // MARK: Output

    mutating func emit(_ kind: TokenKind, from start: Int, to end: Int, keyword: Keyword? = nil) {
        var flags = pendingFlags
        if interpolationDepth > 0 { flags.insert(.inInterpolation) }
        if hasPendingToken { appendToken(pendingToken) }
        pendingToken = Token(kind: kind, flags: flags, keyword: keyword, start: start, length: end - start)
        hasPendingToken = true
        pendingFlags = []
        previousKind = kind
        previousKeyword = kind == .keyword ? keyword : nil
    }

    /// Appends, reserving room when full for the whole file at the density seen so far (plus an eighth):
    /// doubling from the first guess left token-dense input (`a,a,a,…`, a token a byte) with an array
    /// 1.6 times too big, and held the old and the new array at once, 19 bytes a source byte.
    @inline(__always)
    mutating func appendToken(_ token: Token) {
        if tokens.count == tokens.capacity, position > 0 {
            let estimate = Int(Double(tokens.count) * Double(count) / Double(position))
            tokens.reserveCapacity(max(tokens.count + tokens.count / 8 + 16, estimate + estimate / 8))
        }
        tokens.append(token)
    }

    /// Emits a token only when it is not empty (empty string segments carry no bytes).
    mutating func emitIfNotEmpty(_ kind: TokenKind, from start: Int, to end: Int) {
        if end > start { emit(kind, from: start, to: end) }
    }

    mutating func addTrivia(_ kind: TriviaPiece.Kind, from start: Int, to end: Int) {
        guard end > start else { return }
        if hasPendingToken && pendingToken.end == start { pendingToken.flags.insert(.trailingSpace) }
        if keepsAllTrivia || kind == .lineComment {
            trivia.append(TriviaPiece(kind: kind, start: start, length: end - start))
        }
        pendingFlags.insert(.leadingSpace)
        if kind == .newline { pendingFlags.insert(.atStartOfLine) }
    }

    mutating func diagnose(_ message: String, at offset: Int) {
        diagnostics.append(LexerDiagnostic(offset: offset, message: message))
    }

    // MARK: Driver

    /// Lexes the whole input. Every iteration consumes at least one byte or pops a frame,
    /// and frames are only pushed after consuming bytes, so the loop terminates.
    mutating func run() {
        if count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            addTrivia(.byteOrderMark, from: 0, to: 3)
            position = 3
            pendingFlags = [.atStartOfLine]
        }
        while position < count { step() }
        if hasPendingToken {
            tokens.append(pendingToken)
            hasPendingToken = false
        }
        // Anything still open at the end of input is unterminated.
        if !frames.isEmpty {
            diagnose("unterminated string literal or interpolation", at: count)
            frames.removeAll()
            interpolationDepth = 0
            multilineDepth = 0
        }
    }

    /// One unit of progress: a string body piece, a trivia run, or a token.
    mutating func step() {
        if !frames.isEmpty {
            if case .string(let frame) = frames[frames.count - 1] {
                lexStringBody(frame)
                return
            }
            if case .interpolation(_, let isMultiline) = frames[frames.count - 1], !isMultiline,
                current == 0x0A || current == 0x0D
            {
                // A single-line string cannot continue past the line end: close the
                // interpolation here and let the string body report it as unterminated.
                popFrame()
                return
            }
        }
        let first = input[position]
        // Fast path: one space, then a printable ASCII byte that cannot start trivia.
        let next = byte(at: position + 1)
        if first == 0x20 && next > 0x20 && next < 0x7F && next != UInt8(ascii: "/") && next != UInt8(ascii: "<")
            && next != UInt8(ascii: ">")
        {
            addTrivia(.whitespace, from: position, to: position + 1)
            position += 1
        } else if first <= 0x20 || first == UInt8(ascii: "/") || first >= 0x80 || first == UInt8(ascii: "<")
            || first == UInt8(ascii: ">")
        {
            if lexTrivia() { return }
        }
        guard position < count else { return }
        lexToken()
    }

    mutating func pushFrame(_ frame: LexerFrame) {
        switch frame {
        case .interpolation: interpolationDepth += 1
        case .string(let string): if string.flavor == .multiline { multilineDepth += 1 }
        }
        frames.append(frame)
    }

    mutating func popFrame() {
        switch frames.popLast() {
        case .interpolation?: interpolationDepth -= 1
        case .string(let string)?: if string.flavor == .multiline { multilineDepth -= 1 }
        case nil: break
        }
    }

    /// Lexes one token in code position.
    mutating func lexToken() {
        let start = position
        let first = input[start]
        regexPreferredForThisToken = preferRegexOverBinaryOperator
        preferRegexOverBinaryOperator = false
        switch first {
        case UInt8(ascii: "@"): position += 1; emit(.atSign, from: start, to: position)
        case UInt8(ascii: "{"): position += 1; emit(.leftBrace, from: start, to: position)
        case UInt8(ascii: "}"): position += 1; emit(.rightBrace, from: start, to: position)
        case UInt8(ascii: "["): position += 1; emit(.leftSquare, from: start, to: position)
        case UInt8(ascii: "]"): position += 1; emit(.rightSquare, from: start, to: position)
        case UInt8(ascii: "("):
            position += 1
            if case .interpolation(let depth, let isMultiline)? = frames.last {
                frames[frames.count - 1] = .interpolation(parenDepth: depth + 1, isMultiline: isMultiline)
            }
            emit(.leftParen, from: start, to: position)
        case UInt8(ascii: ")"):
            position += 1
            emit(.rightParen, from: start, to: position)
            if case .interpolation(let depth, let isMultiline)? = frames.last {
                if depth == 0 {
                    popFrame()
                } else {
                    frames[frames.count - 1] = .interpolation(parenDepth: depth - 1, isMultiline: isMultiline)
                }
            }
        case UInt8(ascii: ","): position += 1; emit(.comma, from: start, to: position)
        case UInt8(ascii: ";"): position += 1; emit(.semicolon, from: start, to: position)
        case UInt8(ascii: ":"): position += 1; emit(.colon, from: start, to: position)
        case UInt8(ascii: "\\"): position += 1; emit(.backslash, from: start, to: position)
        case UInt8(ascii: "#"): lexPound()
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            if isLeftBound(start) {
                position += 1
                let wasTry = previousKeyword == .try
                emit(first == UInt8(ascii: "!") ? .exclamationMark : .postfixQuestionMark, from: start, to: position)
                if wasTry { preferRegexOverBinaryOperator = true }
                return
            }
            lexOperator()
        case UInt8(ascii: "<"):
            if byte(at: start + 1) == UInt8(ascii: "#") && lexEditorPlaceholder() { break }
            lexOperator()
        case UInt8(ascii: "$"): lexDollarIdentifier()
        case UInt8(ascii: "0")...UInt8(ascii: "9"): lexNumber()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): lexStringOpening(pounds: 0, poundStart: start)
        case UInt8(ascii: "`"): lexBacktickIdentifier()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            lexIdentifier()
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "."):
            lexOperator()
        default:
            lexOtherCharacter()
        }
    }

    /// A non-ASCII (or unusual ASCII) byte in code position.
    mutating func lexOtherCharacter() {
        let start = position
        let (scalar, length) = decodeScalar(at: start)
        if let scalar {
            if UnicodeClass.isIdentifierStart(scalar) {
                lexIdentifier()
                return
            }
            if UnicodeClass.isOperatorStart(scalar) {
                lexOperator()
                return
            }
        }
        position = start + max(length, 1)
        if scalar == nil {
            diagnose("invalid UTF-8 in source", at: start)
            addTrivia(.unexpectedText, from: start, to: position)
            return
        }
        diagnose("invalid character in source", at: start)
        emit(.unknown, from: start, to: position)
    }
}
