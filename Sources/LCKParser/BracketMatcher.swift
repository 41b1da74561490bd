import LCKLexer

/// First pass: matches `() [] {}` and groups `#if` directives, tolerating unbalanced input.
///
/// A closer only matches an opener of its own kind found within a few stack entries (a `)` or `]`
/// never reaches past an open `{`), so a missing bracket stays local. Each `#if` clause restores the
/// bracket depth of its `#if`, so clauses do not leak openers into each other.
enum BracketMatcher {
    /// How far down the stack a closer looks for its opener; keeps the pass linear.
    static let searchLimit = 16

    static func run(
        _ tokens: [Token]
    ) -> (matching: BracketMatches, groups: [ConditionalCompilation], groupByIf: [Int: Int]) {
        var matching = BracketMatches(count: tokens.count) { index in
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace, .rightParen, .rightSquare, .rightBrace: true
            default: false
            }
        }
        var openers: [Int] = []
        var groups: [ConditionalCompilation] = []
        var groupByIf: [Int: Int] = [:]
        var openGroups: [(group: Int, depth: Int)] = []

        func conditionEnd(after directive: Int) -> Int {
            var index = directive + 1
            while index < tokens.count, !tokens[index].flags.contains(.atStartOfLine) { index += 1 }
            return index
        }

        func closeClause(_ group: Int, at end: Int) {
            let last = groups[group].clauses.count - 1
            let start = groups[group].clauses[last].body.lowerBound
            groups[group].clauses[last].body = start..<max(start, end)
        }

        for index in tokens.indices {
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace:
                openers.append(index)
            case .rightParen, .rightSquare, .rightBrace:
                let closer = tokens[index].kind
                let wanted: TokenKind =
                    closer == .rightParen ? .leftParen : (closer == .rightSquare ? .leftSquare : .leftBrace)
                var position = openers.count - 1
                let floor = max(openGroups.last?.depth ?? 0, openers.count - searchLimit, 0)
                while position >= floor {
                    let kind = tokens[openers[position]].kind
                    if kind == wanted { break }
                    if kind == .leftBrace {
                        position = floor - 1
                        break
                    }
                    position -= 1
                }
                if position >= floor {
                    let opener = openers[position]
                    matching.pair(opener, index)
                    openers.removeSubrange(position...)
                }
            case .poundIf:
                let end = conditionEnd(after: index)
                let clause = ConditionalCompilation.Clause(
                    directive: index, condition: (index + 1)..<end, body: end..<end)
                groupByIf[index] = groups.count
                openGroups.append((groups.count, openers.count))
                groups.append(ConditionalCompilation(clauses: [clause], endif: nil))
            case .poundElseif, .poundElse:
                guard let open = openGroups.last else { continue }
                if openers.count > open.depth { openers.removeSubrange(open.depth...) }
                closeClause(open.group, at: index)
                let end = tokens[index].kind == .poundElse ? index + 1 : conditionEnd(after: index)
                groups[open.group].clauses.append(
                    ConditionalCompilation.Clause(directive: index, condition: (index + 1)..<end, body: end..<end))
            case .poundEndif:
                guard let open = openGroups.popLast() else { continue }
                if openers.count > open.depth { openers.removeSubrange(open.depth...) }
                closeClause(open.group, at: index)
                groups[open.group].endif = index
            default:
                continue
            }
        }
        while let open = openGroups.popLast() { closeClause(open.group, at: tokens.count) }
        return (matching, groups, groupByIf)
    }
}
