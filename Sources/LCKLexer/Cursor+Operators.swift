extension Cursor {
    /// Whether the character before `offset` binds an operator starting there to its left
    /// operand: not whitespace, an opening bracket, a separator, a comment end, or the file start.
    func isLeftBound(_ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        switch input[offset - 1] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return !(offset >= 2 && input[offset - 2] == UInt8(ascii: "*"))
        case 0xA0:
            return !(offset >= 2 && input[offset - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether the character at `offset` (just after an operator) binds it to its right operand.
    func isRightBound(_ offset: Int, leftBound: Bool) -> Bool {
        guard offset < count else { return false }
        switch input[offset] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "."):
            // `x!.y` keeps `!` postfix; `!.y` is prefix.
            return !leftBound
        case UInt8(ascii: "/"):
            let next = byte(at: offset + 1)
            return next != UInt8(ascii: "/") && next != UInt8(ascii: "*")
        case 0xC2:
            return byte(at: offset + 1) != 0xA0
        default:
            return true
        }
    }

    /// Length of the operator character at `offset` (0 if none). `first` selects start vs continuation rules.
    @inline(__always)
    func operatorCharacterLength(at offset: Int, first: Bool) -> Int {
        guard offset < count else { return 0 }
        let b = input[offset]
        if b < 0x80 { return AsciiClass.isOperator(b) ? 1 : 0 }
        let (scalar, length) = decodeScalar(at: offset)
        guard let scalar else { return 0 }
        let isOperator = first ? UnicodeClass.isOperatorStart(scalar) : UnicodeClass.isOperatorContinuation(scalar)
        return isOperator ? length : 0
    }

    /// An operator: a maximal run of operator characters (a `.` only continues an operator that
    /// began with `.`), split at an embedded comment start or where a regex literal begins.
    mutating func lexOperator() {
        let start = position
        let startsWithDot = input[start] == UInt8(ascii: ".")
        position += max(operatorCharacterLength(at: start, first: true), 1)
        while position < count {
            let b = input[position]
            if b < 0x80 && !AsciiClass.isOperator(b) { break }
            if b == UInt8(ascii: ".") && !startsWithDot { break }
            // An editor placeholder right after an operator (`x.<#name#>`) is not part of it.
            if input[position] == UInt8(ascii: "<") && byte(at: position + 1) == UInt8(ascii: "#")
                && placeholderEnd(from: position) != nil
            {
                break
            }
            let length = operatorCharacterLength(at: position, first: false)
            if length == 0 { break }
            position += length
        }
        var end = position

        // A `/` inside the operator may start a regex literal (`=/x/`, `(/x/)`).
        var slash = start
        while slash < end && input[slash] != UInt8(ascii: "/") { slash += 1 }
        if slash < end && tryRegexFromOperator(slashAt: slash, operatorStart: start, operatorEnd: end) {
            return
        }

        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var scan = start + 1
            while scan + 1 < end {
                if input[scan] == UInt8(ascii: "/")
                    && (input[scan + 1] == UInt8(ascii: "/") || input[scan + 1] == UInt8(ascii: "*"))
                {
                    end = scan
                    break
                }
                scan += 1
            }
        }
        position = end
        emit(classifyOperator(from: start, to: end), from: start, to: end)
    }

    /// Binary when bound on both sides or neither, postfix when only left-bound, prefix when
    /// only right-bound; `=`, `&`, `.`, `?`, `->` have their own kinds.
    func classifyOperator(from start: Int, to end: Int) -> TokenKind {
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, leftBound: leftBound)
        let length = end - start
        if length == 1 {
            switch input[start] {
            case UInt8(ascii: "="): return .equal
            case UInt8(ascii: "&"): if !leftBound && rightBound { return .prefixAmpersand }
            case UInt8(ascii: "."): return .period
            case UInt8(ascii: "?"): return leftBound ? .postfixQuestionMark : .infixQuestionMark
            default: break
            }
        } else if length == 2 {
            if input[start] == UInt8(ascii: "-") && input[start + 1] == UInt8(ascii: ">") { return .arrow }
            if input[start] == UInt8(ascii: "*") && input[start + 1] == UInt8(ascii: "/") { return .unknown }
        }
        if leftBound == rightBound { return .binaryOperator }
        return leftBound ? .postfixOperator : .prefixOperator
    }
}
