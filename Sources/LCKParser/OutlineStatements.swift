/// One statement or declaration in a block; compound statements own child blocks.
///
/// Path-sensitive analyzers walk `SyntaxOutline.blocks[b].statements` and descend into `blocks`,
/// using `kind` to know which children are alternatives (if/else, cases, catches, `#if` clauses).
public struct Statement: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case expression
        /// A declaration; see `declaration`.
        case declaration
        /// Blocks: then, and else when present (an `else if` is an else block holding one `.if`).
        case `if`
        /// Blocks: the else block.
        case `guard`
        /// Blocks: one `.caseBody` per case, in order.
        case `switch`
        /// Blocks: body.
        case forIn, `while`, repeatWhile
        /// Blocks: the do body, then one `.catchBody` per catch clause.
        case `do`
        case `return`, `throw`, `break`, `continue`, `fallthrough`
        /// Blocks: body (runs on scope exit).
        case `defer`
        /// `#if` group; blocks: one `.conditionalClause` per clause (alternatives).
        case conditionalCompilation
        /// Tokens the parser could not place (a stray `}`), kept so nothing is lost.
        case unknown
    }

    /// What a `.declaration` statement declares.
    public enum Declaration: Hashable, Sendable {
        case type(Int)
        case function(Int)
        /// A range of indices in `SyntaxOutline.variables` (`let a = 1, b = 2`).
        case variables(Range<Int>)
        case `typealias`(Int)
        case `import`(Int)
        /// Enum cases, associated types, operators, precedence groups, macros.
        case other
    }

    public var kind: Kind
    public var range: Range<Int>
    /// The introducing keyword (`if`, `return`…), or the first token.
    public var keywordToken: Int
    /// Conditions of if/guard/while, the switch subject, the for-in header, the repeat-while condition,
    /// the returned or thrown expression.
    public var condition: Range<Int>?
    /// Child block indices in `SyntaxOutline.blocks`. For `.declaration` these are the bodies
    /// (type members, function body, accessors), which do not run where they are declared. Any
    /// statement may also own `.expressionBranches` blocks for `if`/`switch` expressions it contains.
    public var blocks: [Int]
    public var declaration: Declaration?
    /// `outer` in `outer: for …`.
    public var label: Int?
    /// The block containing this statement.
    public var parentBlock: Int
}

/// A list of statements: a brace body, a case body, or a `#if` clause.
public struct Block: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case file, typeMembers, functionBody, closureBody, accessorBody
        case then, `else`, guardElse, caseBody, doBody, catchBody, loopBody, deferBody
        case conditionalClause
        /// Holds the `if`/`switch` statement of an `if`/`switch` expression (`let x = if …`); owned by
        /// the statement containing the expression.
        case expressionBranches
    }

    /// Who owns a block, for walking upwards.
    public enum Owner: Hashable, Sendable {
        case file
        case type(Int)
        case function(Int)
        case closure(Int)
        case variable(Int)
        case statement(Int)
    }

    public var kind: Kind
    public var owner: Owner
    /// Contents (braces excluded).
    public var range: Range<Int>
    public var statements: [Int]
    /// Case patterns (`.foo(let x) where y`), catch patterns, `#if` conditions, accessor names.
    public var header: Range<Int>?
    /// `default:` or `@unknown default:` case.
    public var isDefaultCase: Bool
}
