extension Cursor {
    /// Integer and floating-point literals: decimal, `0x` (with hex floats), `0o`, `0b`, `_`
    /// separators and exponents. Trailing identifier characters stay in the token (with a diagnostic).
    mutating func lexNumber() {
        let start = position
        let second = byte(at: start + 1)
        if input[start] == UInt8(ascii: "0") && second == UInt8(ascii: "x") {
            lexHexNumber()
            return
        }
        if input[start] == UInt8(ascii: "0") && (second == UInt8(ascii: "o") || second == UInt8(ascii: "b")) {
            position += 2
            let isOctal = second == UInt8(ascii: "o")
            while position < count {
                let b = input[position]
                let isDigit = isOctal ? (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "7")) : (b == 0x30 || b == 0x31)
                if isDigit || (b == UInt8(ascii: "_") && position > start + 2) { position += 1 } else { break }
            }
            finishNumber(.integerLiteral, from: start, digitsStart: start + 2)
            return
        }
        skipDecimalDigits()
        var kind = TokenKind.integerLiteral
        // A fraction needs a digit after the dot, and `t.0.1` is tuple access, not `0.1`.
        if current == UInt8(ascii: ".") && AsciiClass.isDigit(byte(at: position + 1)) && previousKind != .period {
            position += 1
            skipDecimalDigits()
            kind = .floatLiteral
        }
        let e = current
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            kind = .floatLiteral
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            if !AsciiClass.isDigit(current) {
                diagnose("expected a digit in the exponent of a floating-point literal", at: position)
            }
            skipDecimalDigits()
        }
        finishNumber(kind, from: start, digitsStart: start)
    }

    private mutating func skipDecimalDigits() {
        while position < count {
            let b = input[position]
            if AsciiClass.isDigit(b) || b == UInt8(ascii: "_") { position += 1 } else { return }
        }
    }

    private mutating func skipHexDigits() {
        while position < count {
            let b = input[position]
            if AsciiClass.isHexDigit(b) || b == UInt8(ascii: "_") { position += 1 } else { return }
        }
    }

    /// `0x…`, possibly a hex float `0x1.8p3`. `0xff.description` stays an integer then a period.
    private mutating func lexHexNumber() {
        let start = position
        position += 2
        skipHexDigits()
        var kind = TokenKind.integerLiteral
        if current == UInt8(ascii: ".") && AsciiClass.isHexDigit(byte(at: position + 1)) && previousKind != .period {
            let dot = position
            position += 1
            skipHexDigits()
            let p = current
            if p != UInt8(ascii: "p") && p != UInt8(ascii: "P") {
                if !AsciiClass.isDigit(byte(at: dot + 1)) {
                    position = dot
                    emit(.integerLiteral, from: start, to: position)
                    return
                }
                diagnose("hexadecimal floating-point literal needs an exponent", at: position)
            } else {
                let sign = byte(at: position + 1)
                let afterSign = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") ? position + 2 : position + 1
                if !AsciiClass.isDigit(byte(at: afterSign)) && !AsciiClass.isDigit(byte(at: dot + 1))
                    && afterSign == position + 1
                {
                    // `0xff.fpValue`: member access on an integer.
                    position = dot
                    emit(.integerLiteral, from: start, to: position)
                    return
                }
            }
            kind = .floatLiteral
        }
        let p = current
        if p == UInt8(ascii: "p") || p == UInt8(ascii: "P") {
            kind = .floatLiteral
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            if !AsciiClass.isDigit(current) {
                diagnose("expected a digit in the exponent of a floating-point literal", at: position)
            }
            skipDecimalDigits()
        }
        finishNumber(kind, from: start, digitsStart: start + 2)
    }

    /// Swallows identifier characters glued to the literal (`0b102`, `12abc`) into it, with a diagnostic.
    private mutating func finishNumber(_ kind: TokenKind, from start: Int, digitsStart: Int) {
        if position == digitsStart && digitsStart > start {
            diagnose("expected digits after the literal prefix", at: position)
        }
        let glued = position
        skipIdentifierContinuation()
        if position > glued { diagnose("invalid character in numeric literal", at: glued) }
        emit(kind, from: start, to: position)
    }
}
