import LCKLexer

/// The structural outline of one file: flat arrays of records addressed by Int indices.
///
/// Everything is token indices into `TokenizedFile.tokens` (ranges are half-open). Declarations,
/// statements, closures, casts and member accesses are in source order; calls in order of their name
/// token; variables mostly (pattern bindings are recorded with their statement). Nothing here is a
/// tree of references, so analyzers walk it with explicit stacks and the outline is cheap to keep.
public struct SyntaxOutline: Sendable {
    /// For each token, the index of its matching bracket, or -1 (not a bracket, or unbalanced).
    public var matchingBracket: BracketMatches
    public var conditionalCompilations: [ConditionalCompilation]
    public var imports: [ImportDecl] = []
    public var types: [TypeDecl] = []
    public var functions: [FunctionDecl] = []
    public var variables: [VariableDecl] = []
    public var typealiases: [TypealiasDecl] = []
    public var closures: [Closure] = []
    public var calls: [Call] = []
    public var memberAccesses: [MemberAccess] = []
    public var casts: [Cast] = []
    public var statements: [Statement] = []
    public var blocks: [Block] = []
    /// Every block's statements, block after block (`statements(in:)`).
    var blockStatementList: [Int32] = []
    /// Every call's arguments, call after call (`Call.arguments` views it).
    var argumentList: [Argument] = []

    /// The top-level block (always index 0).
    public var fileBlock: Int { 0 }

    /// The matching `)`/`]`/`}` for an opener or the opener for a closer.
    public func matchingIndex(of token: Int) -> Int? {
        let other = matchingBracket[token]
        return other < 0 ? nil : Int(other)
    }

    /// Innermost type declaration whose body contains the token.
    public func enclosingType(at token: Int) -> Int? {
        var best: Int?
        for (index, type) in types.enumerated() {
            guard let body = type.body, body.contains(token) else { continue }
            if let current = best, let currentBody = types[current].body, currentBody.count <= body.count { continue }
            best = index
        }
        return best
    }

    /// Innermost function (or initializer, accessor owner aside) whose body contains the token.
    public func enclosingFunction(at token: Int) -> Int? {
        var best: Int?
        for (index, function) in functions.enumerated() {
            guard let body = function.body, body.contains(token) else { continue }
            if let current = best, let currentBody = functions[current].body, currentBody.count <= body.count {
                continue
            }
            best = index
        }
        return best
    }

    /// Closures containing the token, innermost first: is this `fulfill()` inside a `Task { }`?
    public func closures(containing token: Int) -> [Int] {
        var result: [Int] = []
        var index = closures.count - 1
        while index >= 0 {
            if closures[index].leftBrace < token && closures[index].range.contains(token) { result.append(index) }
            index -= 1
        }
        return result
    }

    /// The index of the first closure whose `{` is at or after `token` (`closures.count` if none): binary
    /// search, closures being in source order. Skipping to the first closure past a range is how callers
    /// step over nested closures without visiting them.
    public func firstClosure(atOrAfter token: Int) -> Int {
        closures.partitioningIndex { $0.leftBrace >= token }
    }

    /// Indices of closures whose `{` lies inside `range` (closures are in source order), nested ones included.
    public func closures(in range: Range<Int>) -> [Int] {
        var result: [Int] = []
        var index = firstClosure(atOrAfter: range.lowerBound)
        while index < closures.count, closures[index].leftBrace < range.upperBound {
            result.append(index)
            index += 1
        }
        return result
    }

    /// Indices of casts whose operator lies inside `range` (casts are in source order).
    public func casts(in range: Range<Int>) -> Range<Int> {
        let low = casts.partitioningIndex { $0.operatorToken >= range.lowerBound }
        var upper = low
        while upper < casts.count, casts[upper].operatorToken < range.upperBound { upper += 1 }
        return low..<upper
    }

    /// Indices of calls whose name token lies inside `range` (calls are sorted by name token).
    public func calls(in range: Range<Int>) -> [Int] {
        let low = calls.partitioningIndex { $0.nameToken >= range.lowerBound }
        var result: [Int] = []
        var index = low
        while index < calls.count, calls[index].nameToken < range.upperBound {
            result.append(index)
            index += 1
        }
        return result
    }
}

extension TokenizedFile {
    /// Source text of a token range (allocates; for reports and tests).
    public func text(of range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        return String(decoding: bytes[tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
    }

    /// Source text of a token by index (allocates).
    public func text(at index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        return text(of: tokens[index])
    }

    /// Name text with surrounding backticks removed, so `` `default` `` compares as `default`.
    public func name(at index: Int) -> String {
        // Most names carry no backticks: skip the character counting below for them.
        if index >= 0, index < tokens.count {
            let token = tokens[index]
            if token.length == 0 || bytes[token.start] != UInt8(ascii: "`") { return text(of: token) }
        }
        var text = text(at: index)
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") {
            text.removeFirst()
            text.removeLast()
        }
        return text
    }
}
