/// One statement or declaration in a block; compound statements own child blocks.
///
/// Path-sensitive analyzers walk `SyntaxOutline.statements(in: b)` and descend into `blocks`,
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
    /// Which `Declaration` case (0: none), and its payload in `packedDeclaration`.
    private var declarationTag: UInt8
    private var packedRange: PackedRange
    private var packedKeyword: PackedIndex
    private var packedCondition: PackedRange
    private var packedDeclaration: PackedRange
    private var packedLabel: PackedIndex
    private var packedParent: PackedIndex
    /// Child block indices in `SyntaxOutline.blocks`. For `.declaration` these are the bodies
    /// (type members, function body, accessors), which do not run where they are declared. Any
    /// statement may also own `.expressionBranches` blocks for `if`/`switch` expressions it contains.
    public var blocks: [Int]

    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }
    /// The introducing keyword (`if`, `return`…), or the first token.
    public var keywordToken: Int {
        get { packedKeyword.value }
        set { packedKeyword = PackedIndex(newValue) }
    }
    /// Conditions of if/guard/while, the switch subject, the for-in header, the repeat-while condition,
    /// the returned or thrown expression.
    public var condition: Range<Int>? {
        get { packedCondition.optional }
        set { packedCondition = PackedRange(newValue) }
    }
    public var declaration: Declaration? {
        get {
            let payload = packedDeclaration
            switch declarationTag {
            case 0: return nil
            case 1: return .type(Int(payload.lower))
            case 2: return .function(Int(payload.lower))
            case 3: return .variables(payload.range)
            case 4: return .typealias(Int(payload.lower))
            case 5: return .import(Int(payload.lower))
            default: return .other
            }
        }
        set {
            switch newValue {
            case nil: (declarationTag, packedDeclaration) = (0, PackedRange(0..<0))
            case .type(let index): (declarationTag, packedDeclaration) = (1, PackedRange(index..<index))
            case .function(let index): (declarationTag, packedDeclaration) = (2, PackedRange(index..<index))
            case .variables(let range): (declarationTag, packedDeclaration) = (3, PackedRange(range))
            case .typealias(let index): (declarationTag, packedDeclaration) = (4, PackedRange(index..<index))
            case .import(let index): (declarationTag, packedDeclaration) = (5, PackedRange(index..<index))
            case .other: (declarationTag, packedDeclaration) = (6, PackedRange(0..<0))
            }
        }
    }
    /// `outer` in `outer: for …`.
    public var label: Int? {
        get { packedLabel.optional }
        set { packedLabel = PackedIndex(newValue) }
    }
    /// The block containing this statement.
    public var parentBlock: Int {
        get { packedParent.value }
        set { packedParent = PackedIndex(newValue) }
    }

    init(
        kind: Kind, range: Range<Int>, keywordToken: Int, condition: Range<Int>?, blocks: [Int],
        declaration: Declaration?, label: Int?, parentBlock: Int
    ) {
        self.kind = kind
        self.blocks = blocks
        declarationTag = 0
        packedDeclaration = PackedRange(0..<0)
        packedRange = PackedRange(range)
        packedKeyword = PackedIndex(keywordToken)
        packedCondition = PackedRange(condition)
        packedLabel = PackedIndex(label)
        packedParent = PackedIndex(parentBlock)
        self.declaration = declaration
    }
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
    /// `default:` or `@unknown default:` case.
    public var isDefaultCase: Bool
    /// Which `Owner` case, and its index in `packedOwnerIndex` (an enum with an `Int` payload took 16 bytes).
    private var ownerTag: UInt8
    private var packedOwnerIndex: PackedIndex
    private var packedRange: PackedRange
    private var packedHeader: PackedRange
    /// Where the block's statements lie in `SyntaxOutline`'s shared list (`statements(in:)`), set once
    /// the parse is over: a list per block cost an array header and a heap block each.
    var statementSpan: PackedRange

    public var owner: Owner {
        get {
            let index = packedOwnerIndex.value
            switch ownerTag {
            case 1: return .type(index)
            case 2: return .function(index)
            case 3: return .closure(index)
            case 4: return .variable(index)
            case 5: return .statement(index)
            default: return .file
            }
        }
        set {
            switch newValue {
            case .file: (ownerTag, packedOwnerIndex) = (0, PackedIndex(0))
            case .type(let index): (ownerTag, packedOwnerIndex) = (1, PackedIndex(index))
            case .function(let index): (ownerTag, packedOwnerIndex) = (2, PackedIndex(index))
            case .closure(let index): (ownerTag, packedOwnerIndex) = (3, PackedIndex(index))
            case .variable(let index): (ownerTag, packedOwnerIndex) = (4, PackedIndex(index))
            case .statement(let index): (ownerTag, packedOwnerIndex) = (5, PackedIndex(index))
            }
        }
    }

    /// Contents (braces excluded).
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }
    /// Case patterns (`.foo(let x) where y`), catch patterns, `#if` conditions, accessor names.
    public var header: Range<Int>? {
        get { packedHeader.optional }
        set { packedHeader = PackedRange(newValue) }
    }

    init(kind: Kind, owner: Owner, range: Range<Int>, header: Range<Int>?, isDefaultCase: Bool) {
        self.kind = kind
        self.isDefaultCase = isDefaultCase
        ownerTag = 0
        packedOwnerIndex = PackedIndex(0)
        packedRange = PackedRange(range)
        packedHeader = PackedRange(header)
        statementSpan = PackedRange(0..<0)
        self.owner = owner
    }
}
