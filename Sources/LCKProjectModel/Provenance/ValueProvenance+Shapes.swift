import LCKCore
import LCKLexer
import LCKParser

/// The expression shapes a provenance walk reads: wrappers it looks through, the alternatives of `??`
/// and ternaries, interpolation parts, and the shapes that decide by themselves.
extension ValueProvenance {
    /// Without `try`/`await`, a trailing `!`/`?`, `as? String`, and enclosing parentheses.
    func trim(_ range: Range<Int>) -> Range<Int> {
        let tokens = context.file.tokens
        var lower = range.lowerBound
        var upper = range.upperBound
        for _ in 0..<8 {
            guard lower < upper else { break }
            let before = (lower, upper)
            if tokens[lower].keyword == .try || tokens[lower].keyword == .await {
                lower += 1
                if lower < upper, tokens[lower].kind == .postfixQuestionMark || tokens[lower].kind == .exclamationMark {
                    lower += 1
                }
            }
            if lower < upper,
                tokens[upper - 1].kind == .exclamationMark || tokens[upper - 1].kind == .postfixQuestionMark
            {
                upper -= 1
            }
            // `… as? String`, `… as! String`, `… as String`
            if upper - lower > 3, tokens[upper - 1].kind == .identifier {
                let cast =
                    tokens[upper - 2].keyword == .as ? upper - 2 : tokens[upper - 3].keyword == .as ? upper - 3 : nil
                if let cast, cast > lower { upper = cast }
            }
            if lower < upper, tokens[lower].kind == .leftParen,
                Int(context.outline.matchingBracket[lower]) == upper - 1
            {
                lower += 1
                upper -= 1
            }
            if before == (lower, upper) { break }
        }
        return lower..<max(lower, upper)
    }

    /// `a ?? b`: the value, then its fallback (the last `??` at the top level).
    func split(_ range: Range<Int>) -> (Range<Int>, Range<Int>)? {
        guard let operatorIndex = topLevel(range, where: { $0.kind == .binaryOperator }, text: "??", last: true) else {
            return nil
        }
        return (range.lowerBound..<operatorIndex, operatorIndex + 1..<range.upperBound)
    }

    /// `c ? a : b`: both branches.
    func ternaryBranches(_ range: Range<Int>) -> [Range<Int>]? {
        guard let question = topLevel(range, where: { $0.kind == .infixQuestionMark }, text: nil, last: false),
            let colon = topLevel(question + 1..<range.upperBound, where: { $0.kind == .colon }, text: nil, last: false)
        else { return nil }
        return [question + 1..<colon, colon + 1..<range.upperBound]
    }

    private func topLevel(_ range: Range<Int>, where matches: (Token) -> Bool, text: String?, last: Bool) -> Int? {
        let file = context.file
        var depth = 0
        var found: Int?
        for index in range {
            let token = file.tokens[index]
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            default:
                guard depth == 0, !token.flags.contains(.inInterpolation), matches(token),
                    text.map({ file.text(at: index) == $0 }) ?? true
                else { continue }
                found = index
                if !last { return index }
            }
        }
        return found
    }

    /// What the value's own tokens show: a literal, a fresh `UUID()` or random number, a localized string.
    func shape(_ item: Item) -> ProvenanceLeaf? {
        let file = context.file
        let tokens = file.tokens
        let range = item.range
        if let text = Self.plainLiteral(range, in: file) {
            let (origin, why, isPlainText) = classifier.literal(text)
            var result = leaf(item, origin, why, byShape: true)
            result.isEmptyLiteral = text.isEmpty
            result.isPlainText = isPlainText
            result.literal = text
            return result
        }
        for index in range where tokens[index].kind == .identifier {
            let name = file.name(at: index)
            if name == "UUID" || name == "NSUUID", index + 2 < range.upperBound, tokens[index + 1].kind == .leftParen,
                tokens[index + 2].kind == .rightParen
            {
                var fresh = leaf(item, .uuidOrRandom, "a fresh \(name)() (line \(lineOf(index)))", byShape: true)
                fresh.freshUUID = index
                return fresh
            }
            if classifier.randomFunctions.contains(name) {
                return leaf(item, .uuidOrRandom, "a random value `\(name)` (line \(lineOf(index)))", byShape: true)
            }
            if classifier.localizingFunctions.contains(name) {
                return leaf(
                    item, .localizedPlaceholder, "a localized constant `\(file.text(of: range))`", byShape: true)
            }
        }
        return nil
    }

    /// The `\( … )` parts of a single interpolated string literal; nil for anything else.
    func interpolationParts(_ range: Range<Int>) -> [Range<Int>]? {
        let file = context.file
        let tokens = file.tokens
        guard range.count >= 4, tokens[range.lowerBound].kind == .stringQuote,
            tokens[range.upperBound - 1].kind == .stringQuote
        else { return nil }
        var parts: [Range<Int>] = []
        for index in range.lowerBound + 1..<range.upperBound - 1 {
            let token = tokens[index]
            if token.flags.contains(.inInterpolation) { continue }
            if token.kind == .stringQuote { return nil }
            guard token.kind == .backslash, tokens[index + 1].kind == .leftParen else { continue }
            let close = Int(context.outline.matchingBracket[index + 1])
            if close > index + 2 { parts.append(index + 2..<close) }
        }
        return parts.isEmpty ? nil : parts
    }

    func lineOf(_ token: Int) -> Int { index?.line(of: token) ?? 0 }

    /// The text of a string literal without interpolation that is the whole range.
    static func plainLiteral(_ range: Range<Int>, in file: TokenizedFile) -> String? {
        let tokens = file.tokens
        guard range.count <= 3, range.count >= 2, tokens[range.lowerBound].kind == .stringQuote,
            tokens[range.upperBound - 1].kind == .stringQuote
        else { return nil }
        if range.count == 2 { return "" }
        guard tokens[range.lowerBound + 1].kind == .stringSegment else { return nil }
        return file.text(at: range.lowerBound + 1)
    }
}
