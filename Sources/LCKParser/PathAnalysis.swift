/// "Does every path through this body do X?" over the statement tree, without recursion.
///
/// Analyzers supply a predicate over a statement's *own* tokens (the whole range of a simple statement,
/// the condition of a compound one); this walk combines the answers along control flow. It is an
/// approximation chosen to be useful for CallKit checks such as "every path fulfils or fails the action":
/// switches are assumed exhaustive, loop bodies may run zero times (repeat-while once), a `defer` that
/// reaches X covers every later exit, `#if` clauses must all reach X, and a `do` reaches X only when the
/// body and every catch do.
public enum PathAnalysis {
    /// How control leaves a block.
    public enum Outcome: UInt8, Sendable {
        /// Every path does X before leaving.
        case reached
        /// Some path reaches the end of the block without X, none leaves the function without X.
        case fallsThrough
        /// Some path returns or throws without X.
        case exitsWithout
    }

    /// Whether every path through `block` reaches a statement whose own tokens satisfy `reaches`.
    public static func everyPath(
        through block: Int, in outline: SyntaxOutline, reaches: (Range<Int>) -> Bool
    ) -> Bool {
        outcome(of: block, in: outline, reaches: reaches) == .reached
    }

    /// The combined outcome of `block`, computed bottom-up with an explicit stack.
    public static func outcome(
        of root: Int, in outline: SyntaxOutline, reaches: (Range<Int>) -> Bool
    ) -> Outcome {
        var results: [Int: Outcome] = [:]
        var stack: [(block: Int, expanded: Bool)] = [(root, false)]
        while let (block, expanded) = stack.popLast() {
            if !expanded {
                stack.append((block, true))
                for statement in outline.blocks[block].statements where isCompound(outline.statements[statement]) {
                    for child in outline.statements[statement].blocks { stack.append((child, false)) }
                }
                continue
            }
            results[block] = sequence(
                outline.blocks[block].statements, outline: outline, results: results, reaches: reaches)
        }
        return results[root] ?? .fallsThrough
    }

    static func isCompound(_ statement: Statement) -> Bool {
        statement.kind != .declaration && !statement.blocks.isEmpty
    }

    static func sequence(
        _ statements: [Int], outline: SyntaxOutline, results: [Int: Outcome], reaches: (Range<Int>) -> Bool
    ) -> Outcome {
        for index in statements {
            let statement = outline.statements[index]
            let own = ownTokens(of: statement)
            if let own, reaches(own) { return .reached }
            let outcome: Outcome
            switch statement.kind {
            case .return, .throw:
                return .exitsWithout
            case .break, .continue:
                return .fallsThrough
            case .if:
                var children = statement.blocks.map { results[$0] ?? .fallsThrough }
                if statement.blocks.count < 2 { children.append(.fallsThrough) }
                outcome = combine(children)
            case .guard:
                let elseOutcome = statement.blocks.first.flatMap { results[$0] } ?? .exitsWithout
                if elseOutcome != .reached { return .exitsWithout }
                outcome = .fallsThrough
            case .switch:
                outcome = combine(switchCases(statement, outline: outline, results: results))
            case .do, .conditionalCompilation:
                outcome = combine(statement.blocks.map { results[$0] ?? .fallsThrough })
            case .forIn, .while:
                let body = statement.blocks.first.flatMap { results[$0] } ?? .fallsThrough
                outcome = body == .exitsWithout ? .exitsWithout : .fallsThrough
            case .repeatWhile:
                outcome = statement.blocks.first.flatMap { results[$0] } ?? .fallsThrough
            case .defer:
                outcome = statement.blocks.first.flatMap { results[$0] } == .reached ? .reached : .fallsThrough
            case .expression, .declaration, .fallthrough, .unknown:
                outcome = .fallsThrough
            }
            if outcome != .fallsThrough { return outcome }
        }
        return .fallsThrough
    }

    /// A case ending in `fallthrough` takes the outcome of the next case.
    static func switchCases(_ statement: Statement, outline: SyntaxOutline, results: [Int: Outcome]) -> [Outcome] {
        var outcomes = statement.blocks.map { results[$0] ?? .fallsThrough }
        var position = outcomes.count - 2
        while position >= 0 {
            let block = outline.blocks[statement.blocks[position]]
            if outcomes[position] == .fallsThrough, let last = block.statements.last,
                outline.statements[last].kind == .fallthrough
            {
                outcomes[position] = outcomes[position + 1]
            }
            position -= 1
        }
        return outcomes.isEmpty ? [.fallsThrough] : outcomes
    }

    static func combine(_ outcomes: [Outcome]) -> Outcome {
        if outcomes.contains(.exitsWithout) { return .exitsWithout }
        return outcomes.allSatisfy { $0 == .reached } ? .reached : .fallsThrough
    }

    /// The tokens a statement evaluates itself: everything for simple statements, the condition for
    /// compound ones, nothing for nested function and type declarations.
    static func ownTokens(of statement: Statement) -> Range<Int>? {
        switch statement.kind {
        case .expression, .return, .throw: return statement.range
        case .declaration:
            if case .variables = statement.declaration { return statement.range }
            return nil
        default: return statement.condition
        }
    }
}
