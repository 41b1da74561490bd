import LCKCore

/// The kind of a token, named after swift-syntax's `RawTokenKind` so that output can be
/// compared with the compiler's own parser token for token.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Names
    case identifier  // plain, backticked (`\`a b\``, backticks included), editor placeholder <#x#>
    case dollarIdentifier  // $0, $name
    case keyword  // reserved word (func, let, self, init, true, ...); contextual words stay `identifier`
    case wildcard  // _

    // Literals
    case integerLiteral
    case floatLiteral
    case stringQuote  // "
    case multilineStringQuote  // """
    case singleQuote  // '
    case rawStringPoundDelimiter  // the #s around a raw string, and the # of \#(
    case stringSegment  // literal text of a string (one per line in multi-line strings)
    case regexSlash  // / around a regex literal
    case regexPoundDelimiter  // #s around #/.../#
    case regexLiteralPattern  // the regex body

    // Operators
    case binaryOperator
    case prefixOperator
    case postfixOperator
    case equal  // =
    case arrow  // ->
    case period  // .
    case ellipsis  // ...
    case exclamationMark  // ! (postfix force-unwrap, try!)
    case postfixQuestionMark  // ? (optional chaining, try?)
    case infixQuestionMark  // ternary ?
    case prefixAmpersand  // &x
    case leftAngle  // < as generic bracket (parser decision; the lexer emits operators)
    case rightAngle

    // Punctuation
    case leftParen, rightParen, leftBrace, rightBrace, leftSquare, rightSquare
    case comma, colon, colonColon, semicolon
    case backslash  // key paths and the \ of \( interpolation
    case pound  // bare # (#selector → pound + identifier)
    case atSign
    case backtick  // a lone backtick

    // Directives
    case poundIf, poundElseif, poundElse, poundEndif, poundSourceLocation
    case poundAvailable, poundUnavailable

    // Other
    case shebang
    case unknown

    /// The class printed by `lckmigrate tokens` and by the swift-syntax oracle.
    public var tokenClass: TokenClass {
        switch self {
        case .identifier, .dollarIdentifier: .identifier
        case .keyword, .wildcard, .poundIf, .poundElseif, .poundElse, .poundEndif, .poundSourceLocation,
            .poundAvailable, .poundUnavailable:
            .keyword
        case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment, .rawStringPoundDelimiter,
            .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            .string
        case .integerLiteral, .floatLiteral: .number
        case .binaryOperator, .prefixOperator, .postfixOperator, .equal, .arrow, .period, .ellipsis,
            .exclamationMark, .postfixQuestionMark, .infixQuestionMark, .prefixAmpersand, .leftAngle, .rightAngle:
            .operator
        case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .comma, .colon,
            .colonColon, .semicolon, .backslash, .pound, .atSign, .backtick:
            .punct
        case .shebang, .unknown: .other
        }
    }
}

/// The coarse token classes shared with `../shared/tools/swift-syntax-oracle`.
public enum TokenClass: String, Sendable {
    case identifier, keyword, string, number, `operator`, punct, other
}

/// One token: a kind and a byte range. Text is read from the file's bytes on demand.
public struct Token: Hashable, Sendable {
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A newline (or the file start) comes before this token, comments aside.
        public static let atStartOfLine = Flags(rawValue: 1 << 0)
        /// Whitespace or a comment directly precedes the token.
        public static let leadingSpace = Flags(rawValue: 1 << 1)
        /// Whitespace or a comment directly follows the token.
        public static let trailingSpace = Flags(rawValue: 1 << 2)
        /// The token is inside a string interpolation `\( … )`.
        public static let inInterpolation = Flags(rawValue: 1 << 3)
    }

    public var kind: TokenKind
    public var flags: Flags
    /// Set for identifiers and keywords whose text is a Swift keyword (reserved or contextual).
    public var keyword: Keyword?
    /// Offsets are stored in 32 bits (`SourceReader` refuses files of 4 GiB or more): a token takes 12
    /// bytes instead of 24, and tokens are most of a lexed file's memory (`a,a,a,…` is one per byte).
    private var storedStart: UInt32
    private var storedLength: UInt32

    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = UInt32(truncatingIfNeeded: newValue) }
    }

    public var length: Int {
        get { Int(storedLength) }
        set { storedLength = UInt32(truncatingIfNeeded: newValue) }
    }

    public init(kind: TokenKind, flags: Flags = [], keyword: Keyword? = nil, start: Int, length: Int) {
        self.kind = kind
        self.flags = flags
        self.keyword = keyword
        storedStart = UInt32(truncatingIfNeeded: start)
        storedLength = UInt32(truncatingIfNeeded: length)
    }

    public var end: Int { start + length }
    public var range: ByteRange { ByteRange(start: start, end: start + length) }
}

/// Bytes that are not tokens: whitespace, newlines, comments, a BOM, stray NUL bytes.
public struct TriviaPiece: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case whitespace  // spaces, tabs, vertical tab, form feed
        case newline  // LF, CR or CRLF (one piece per run)
        case lineComment  // // ...
        case docLineComment  // /// ...
        case blockComment  // /* ... */ (nested)
        case docBlockComment  // /** ... */
        case byteOrderMark
        case unexpectedText  // NUL bytes, conflict markers, stray bytes the lexer skips
        case multilineStringIndentation  // indentation / line continuation inside """ literals
    }

    public var kind: Kind
    /// 32-bit offsets, as in `Token`: 12 bytes a piece instead of 24.
    private var storedStart: UInt32
    private var storedLength: UInt32

    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = UInt32(truncatingIfNeeded: newValue) }
    }

    public var length: Int {
        get { Int(storedLength) }
        set { storedLength = UInt32(truncatingIfNeeded: newValue) }
    }

    public init(kind: Kind, start: Int, length: Int) {
        self.kind = kind
        storedStart = UInt32(truncatingIfNeeded: start)
        storedLength = UInt32(truncatingIfNeeded: length)
    }

    public var range: ByteRange { ByteRange(start: start, end: start + length) }
    public var isComment: Bool {
        kind == .lineComment || kind == .docLineComment || kind == .blockComment || kind == .docBlockComment
    }
}

/// A problem the lexer recovered from; lexing never fails.
public struct LexerDiagnostic: Hashable, Sendable {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}
