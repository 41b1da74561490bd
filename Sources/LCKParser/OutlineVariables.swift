/// A stored or computed property, a local, a parameter or a pattern binding.
public struct VariableDecl: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        /// Member of a type, or a global (no enclosing type or function).
        case property
        case local
        case parameter
        case closureParameter
        /// `if let`, `guard let`, `while let`, `for x in`, `case let x`, `catch let x`.
        case binding
    }

    public var kind: Kind
    public var isConstant: Bool
    public var modifiers: Modifiers
    private var packedName: PackedIndex
    private var packedIntroducer: PackedIndex
    private var packedType: PackedIndex
    private var packedFunction: PackedIndex
    private var packedClosure: PackedIndex
    private var packedInitializer: PackedRange
    private var packedScope: PackedRange
    private var packedRange: PackedRange
    public var type: TypeSpan?
    /// Getter/setter/observer bodies (indices in `SyntaxOutline.blocks`).
    public var accessorBlocks: [Int]
    public var attributes: [Attribute]

    public var nameToken: Int {
        get { packedName.value }
        set { packedName = PackedIndex(newValue) }
    }
    /// `let`, `var`, or the keyword introducing the binding; the name itself for parameters.
    public var introducer: Int {
        get { packedIntroducer.value }
        set { packedIntroducer = PackedIndex(newValue) }
    }
    /// The initializer expression, `=` excluded.
    public var initializer: Range<Int>? {
        get { packedInitializer.optional }
        set { packedInitializer = PackedRange(newValue) }
    }
    public var enclosingType: Int? {
        get { packedType.optional }
        set { packedType = PackedIndex(newValue) }
    }
    public var enclosingFunction: Int? {
        get { packedFunction.optional }
        set { packedFunction = PackedIndex(newValue) }
    }
    public var enclosingClosure: Int? {
        get { packedClosure.optional }
        set { packedClosure = PackedIndex(newValue) }
    }
    /// Tokens where the name is visible (used by scoped lookups).
    public var scope: Range<Int> {
        get { packedScope.range }
        set { packedScope = PackedRange(newValue) }
    }
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        kind: Kind, nameToken: Int, introducer: Int, isConstant: Bool, type: TypeSpan?, initializer: Range<Int>?,
        accessorBlocks: [Int], attributes: [Attribute], modifiers: Modifiers, enclosingType: Int?,
        enclosingFunction: Int?, enclosingClosure: Int?, scope: Range<Int>, range: Range<Int>
    ) {
        self.kind = kind
        self.isConstant = isConstant
        self.modifiers = modifiers
        packedName = PackedIndex(nameToken)
        packedIntroducer = PackedIndex(introducer)
        packedType = PackedIndex(enclosingType)
        packedFunction = PackedIndex(enclosingFunction)
        packedClosure = PackedIndex(enclosingClosure)
        packedInitializer = PackedRange(initializer)
        packedScope = PackedRange(scope)
        packedRange = PackedRange(range)
        self.type = type
        self.accessorBlocks = accessorBlocks
        self.attributes = attributes
    }
}
