extension Cursor {
    /// Lexes one run of trivia at the cursor, if any. Returns whether bytes were consumed.
    mutating func lexTrivia() -> Bool {
        let start = position
        switch input[start] {
        case 0x20, 0x09, 0x0B, 0x0C:
            position += 1
            skipHorizontalWhitespace()
            addTrivia(.whitespace, from: start, to: position)
            return true
        case 0x0A, 0x0D:
            skipNewlines()
            addTrivia(.newline, from: start, to: position)
            return true
        case UInt8(ascii: "/"):
            let next = byte(at: start + 1)
            if next == UInt8(ascii: "/") {
                lexLineComment()
                return true
            }
            if next == UInt8(ascii: "*") {
                lexBlockComment()
                return true
            }
            return false
        case 0x00:
            // NUL bytes are skipped as unexpected text (only when really inside the file).
            while position < count && input[position] == 0 { position += 1 }
            diagnose("NUL byte in source", at: start)
            addTrivia(.unexpectedText, from: start, to: position)
            return true
        case 0xEF:
            if byte(at: start + 1) == 0xBB && byte(at: start + 2) == 0xBF {
                position += 3
                addTrivia(.byteOrderMark, from: start, to: position)
                return true
            }
            return false
        case 0xC2:
            // U+00A0 NO-BREAK SPACE is whitespace in Swift source (with a warning).
            if byte(at: start + 1) == 0xA0 {
                position += 2
                addTrivia(.whitespace, from: start, to: position)
                return true
            }
            return false
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            if let end = conflictRegionEnd(at: start) {
                position = end
                diagnose("source control conflict marker", at: start)
                addTrivia(.unexpectedText, from: start, to: end)
                return true
            }
            return false
        case 0x80...0xFF:
            // Bytes that do not start a valid UTF-8 scalar are skipped as unexpected text.
            let (scalar, length) = decodeScalar(at: start)
            if scalar == nil {
                position += max(length, 1)
                diagnose("invalid UTF-8 in source", at: start)
                addTrivia(.unexpectedText, from: start, to: position)
                return true
            }
            return false
        default:
            return false
        }
    }

    mutating func skipHorizontalWhitespace() {
        var index = position
        while index < count {
            let b = input[index]
            if b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C { index += 1 } else { break }
        }
        position = index
    }

    mutating func skipNewlines() {
        var index = position
        while index < count {
            let b = input[index]
            if b == 0x0A || b == 0x0D { index += 1 } else { break }
        }
        position = index
    }

    /// `// …` up to (not including) the line end; `///` (but not `////`) is a doc comment.
    mutating func lexLineComment() {
        let start = position
        let isDoc = byte(at: start + 2) == UInt8(ascii: "/") && byte(at: start + 3) != UInt8(ascii: "/")
        position += 2
        skipToLineEnd()
        addTrivia(isDoc ? .docLineComment : .lineComment, from: start, to: position)
    }

    mutating func skipToLineEnd() {
        var index = position
        while index < count {
            let b = input[index]
            if b == 0x0A || b == 0x0D { break }
            index += 1
        }
        position = index
    }

    /// `/* … */` with nesting; `/**` (but not `/**/`) is a doc comment. Unterminated runs to the end.
    mutating func lexBlockComment() {
        let start = position
        let isDoc = byte(at: start + 2) == UInt8(ascii: "*") && byte(at: start + 3) != UInt8(ascii: "/")
        position += 2
        var depth = 1
        while position < count {
            let b = input[position]
            if b == UInt8(ascii: "*") && byte(at: position + 1) == UInt8(ascii: "/") {
                position += 2
                depth -= 1
                if depth == 0 { break }
            } else if b == UInt8(ascii: "/") && byte(at: position + 1) == UInt8(ascii: "*") {
                position += 2
                depth += 1
            } else {
                position += 1
            }
        }
        if depth > 0 { diagnose("unterminated block comment", at: start) }
        addTrivia(isDoc ? .docBlockComment : .blockComment, from: start, to: position)
    }

    /// Conflict markers at a line start: git's `<<<<<<< ` … `>>>>>>> `, and Perforce's
    /// `>>>> ` … `<<<<` + newline. Returns where the whole conflict region ends, or nil.
    func conflictRegionEnd(at offset: Int) -> Int? {
        guard offset == 0 || byte(at: offset - 1) == 0x0A || byte(at: offset - 1) == 0x0D else { return nil }
        if input[offset] == UInt8(ascii: "<") && runOf(UInt8(ascii: "<"), at: offset, length: 7)
            && byte(at: offset + 7) == 0x20
        {
            // Git: up to the end of the `>>>>>>> ` line at a line start.
            var scan = offset + 8
            while scan + 8 <= count {
                if (input[scan - 1] == 0x0A || input[scan - 1] == 0x0D) && runOf(UInt8(ascii: ">"), at: scan, length: 7)
                    && input[scan + 7] == 0x20
                {
                    return lineEnd(from: scan)
                }
                scan += 1
            }
            return nil
        }
        if input[offset] == UInt8(ascii: ">") && runOf(UInt8(ascii: ">"), at: offset, length: 4)
            && byte(at: offset + 4) == 0x20
        {
            // Perforce: up to the end of a `<<<<` line at a line start.
            var scan = offset + 5
            while scan + 5 <= count {
                if (input[scan - 1] == 0x0A || input[scan - 1] == 0x0D) && runOf(UInt8(ascii: "<"), at: scan, length: 4)
                    && (input[scan + 4] == 0x0A || input[scan + 4] == 0x0D)
                {
                    return scan + 4
                }
                scan += 1
            }
        }
        return nil
    }

    private func runOf(_ byte: UInt8, at offset: Int, length: Int) -> Bool {
        guard offset + length <= count else { return false }
        for index in 0..<length where input[offset + index] != byte { return false }
        return true
    }

    private func lineEnd(from offset: Int) -> Int {
        var index = offset
        while index < count && input[index] != 0x0A && input[index] != 0x0D { index += 1 }
        return index
    }

    /// Decodes the UTF-8 scalar at `offset`. Returns nil and the number of bytes to skip when invalid.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar?, Int) {
        let lead = byte(at: offset)
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return (nil, invalidRunLength(from: offset))
        }
        guard offset + length <= count else { return (nil, invalidRunLength(from: offset)) }
        for index in 1..<length {
            let continuation = input[offset + index]
            guard continuation & 0xC0 == 0x80 else { return (nil, invalidRunLength(from: offset)) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            return (nil, invalidRunLength(from: offset))
        }
        return (scalar, length)
    }

    /// From an invalid lead byte, skip it and any continuation bytes after it.
    private func invalidRunLength(from offset: Int) -> Int {
        var end = offset + 1
        while end < count && input[end] & 0xC0 == 0x80 { end += 1 }
        return end - offset
    }
}
