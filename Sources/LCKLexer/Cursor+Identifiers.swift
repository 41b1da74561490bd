extension Cursor {
    /// Whether the byte at `offset` can continue an identifier; decodes non-ASCII scalars.
    /// Returns the byte length of the character, or 0 when it does not continue an identifier.
    @inline(__always)
    func identifierContinuationLength(at offset: Int) -> Int {
        guard offset < count else { return 0 }
        let b = input[offset]
        if b < 0x80 { return AsciiClass.isIdentifierContinuation(b) ? 1 : 0 }
        let (scalar, length) = decodeScalar(at: offset)
        guard let scalar, UnicodeClass.isIdentifierContinuation(scalar) else { return 0 }
        return length
    }

    mutating func skipIdentifierContinuation() {
        var index = position
        let end = count
        let bytes = input
        while true {
            while index < end {
                let b = bytes[index]
                if b >= 0x80 || !AsciiClass.isIdentifierContinuation(b) { break }
                index += 1
            }
            guard index < end && bytes[index] >= 0x80 else { break }
            let length = identifierContinuationLength(at: index)
            if length == 0 { break }
            index += length
        }
        position = index
    }

    /// A plain identifier or keyword; the first character is known to be an identifier start.
    mutating func lexIdentifier() {
        let start = position
        let (_, firstLength) = input[start] < 0x80 ? (nil, 1) : decodeScalar(at: start)
        position += firstLength
        skipIdentifierContinuation()
        let length = position - start
        if length == 1 && input[start] == UInt8(ascii: "_") {
            emit(.wildcard, from: start, to: position)
            return
        }
        guard let keyword = KeywordTable.lookup(input, start: start, length: length) else {
            emit(.identifier, from: start, to: position)
            return
        }
        var kind: TokenKind = keyword.isReserved ? .keyword : .identifier
        // After `.`, reserved words name members (`.default`, `x.class`), except the
        // few that keep their meaning there (`.init`, `x.self`, `T.Self`).
        if kind == .keyword && previousKind == .period && keyword != .`init` && keyword != .`self`
            && keyword != .`Self`
        {
            kind = .identifier
        }
        emit(kind, from: start, to: position, keyword: keyword)
    }

    /// `$0`, `$name`, or a lone `$`.
    mutating func lexDollarIdentifier() {
        let start = position
        position += 1
        skipIdentifierContinuation()
        emit(position - start == 1 ? .identifier : .dollarIdentifier, from: start, to: position)
    }

    /// `` `name` `` including raw identifiers with spaces and operators (`` `a b` ``);
    /// a backtick without a closing one on the same line is a lone `backtick` token.
    mutating func lexBacktickIdentifier() {
        let start = position
        var scan = start + 1
        var sawNonSpace = false
        while scan < count {
            let b = input[scan]
            if b == UInt8(ascii: "`") || b == 0x0A || b == 0x0D || b == 0 { break }
            if b != 0x20 { sawNonSpace = true }
            scan += 1
        }
        if scan < count && input[scan] == UInt8(ascii: "`") && sawNonSpace {
            position = scan + 1
            emit(.identifier, from: start, to: position)
            return
        }
        position = start + 1
        emit(.backtick, from: start, to: position)
    }

    /// `<#placeholder#>` on one line is an identifier; otherwise returns false and consumes nothing.
    mutating func lexEditorPlaceholder() -> Bool {
        guard let end = placeholderEnd(from: position) else { return false }
        let start = position
        position = end
        emit(.identifier, from: start, to: end)
        return true
    }

    /// For `<#` at `start`: the end of `<#…#>` if it closes on the same line without another `<#`.
    func placeholderEnd(from start: Int) -> Int? {
        var scan = start + 2
        while scan + 1 < count {
            let b = input[scan]
            if b == 0x0A || b == 0x0D { return nil }
            if b == UInt8(ascii: "<") && input[scan + 1] == UInt8(ascii: "#") { return nil }
            if b == UInt8(ascii: "#") && input[scan + 1] == UInt8(ascii: ">") { return scan + 2 }
            scan += 1
        }
        return nil
    }

    /// `#`: shebang, raw string, `#/regex/#`, `#if`-family directive, or a bare pound.
    mutating func lexPound() {
        let start = position
        if start == 0 && byte(at: 1) == UInt8(ascii: "!") {
            skipToLineEnd()
            emit(.shebang, from: start, to: position)
            return
        }
        var scan = start
        while scan < count && input[scan] == UInt8(ascii: "#") { scan += 1 }
        let next = byte(at: scan)
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
            position = scan
            emit(.rawStringPoundDelimiter, from: start, to: scan)
            lexStringOpening(pounds: scan - start, poundStart: start)
            return
        }
        if next == UInt8(ascii: "/") && lexRegexLiteral(at: start, mustBeRegex: true) {
            return
        }
        var nameEnd = start + 1
        while nameEnd < count && AsciiClass.isLetter(input[nameEnd]) { nameEnd += 1 }
        let directive = Self.directiveKind(input, start: start + 1, length: nameEnd - start - 1)
        if let directive {
            position = nameEnd
            emit(directive, from: start, to: position)
            return
        }
        position = start + 1
        emit(.pound, from: start, to: position)
    }

    static func directiveKind(_ input: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> TokenKind? {
        func matches(_ text: StaticString) -> Bool {
            guard text.utf8CodeUnitCount == length else { return false }
            let pointer = text.utf8Start
            for index in 0..<length where input[start + index] != pointer[index] { return false }
            return true
        }
        switch length {
        case 2: return matches("if") ? .poundIf : nil
        case 4: return matches("else") ? .poundElse : nil
        case 5: return matches("endif") ? .poundEndif : nil
        case 6: return matches("elseif") ? .poundElseif : nil
        case 9: return matches("available") ? .poundAvailable : nil
        case 11: return matches("unavailable") ? .poundUnavailable : nil
        case 14: return matches("sourceLocation") ? .poundSourceLocation : nil
        default: return nil
        }
    }
}
