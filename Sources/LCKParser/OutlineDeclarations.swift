import LCKLexer

/// A type written in source, kept as tokens so nothing is allocated while parsing.
///
/// `nameToken` is the principal named type with module qualifiers dropped, so `CallKit.CXProvider?`,
/// `CXProvider!` and `[CXProvider]` all point at the `CXProvider` token.
public struct TypeSpan: Hashable, Sendable {
    /// The outer shape, so analyzers can tell `CXProvider` from `[CXProvider]` or a closure type.
    public enum Shape: UInt8, Sendable {
        case named, array, dictionary, tuple, function, unknown
    }

    private var packedRange: PackedRange
    private var packedName: PackedIndex
    public var shape: Shape
    /// Trailing `?` or `!` (including `[T]?`).
    public var isOptional: Bool

    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }
    public var nameToken: Int? {
        get { packedName.optional }
        set { packedName = PackedIndex(newValue) }
    }

    /// Every identifier token of the type, e.g. `Result`, `CXCall`, `Error` in `Result<[CXCall], Error>?`.
    public func identifierTokens(in file: TokenizedFile) -> [Int] {
        range.filter { file.tokens[$0].kind == .identifier }
    }

    public init(range: Range<Int>, nameToken: Int?, shape: Shape, isOptional: Bool) {
        packedRange = PackedRange(range)
        packedName = PackedIndex(nameToken)
        self.shape = shape
        self.isOptional = isOptional
    }
}

/// `@name(arguments)` before a declaration or import.
public struct Attribute: Hashable, Sendable {
    private var packedAtSign: PackedIndex
    private var packedNameToken: PackedIndex
    private var packedArguments: PackedRange

    public var atSign: Int {
        get { packedAtSign.value }
        set { packedAtSign = PackedIndex(newValue) }
    }
    public var nameToken: Int {
        get { packedNameToken.value }
        set { packedNameToken = PackedIndex(newValue) }
    }
    /// Parentheses included.
    public var arguments: Range<Int>? {
        get { packedArguments.optional }
        set { packedArguments = PackedRange(newValue) }
    }

    init(
        atSign: Int, nameToken: Int, arguments: Range<Int>?
    ) {
        packedAtSign = PackedIndex(atSign)
        packedNameToken = PackedIndex(nameToken)
        packedArguments = PackedRange(arguments)
    }
}

/// Declaration modifiers the analyzers ask about; the rest are skipped.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let `static` = Modifiers(rawValue: 1 << 0)
    public static let `class` = Modifiers(rawValue: 1 << 1)
    public static let lazy = Modifiers(rawValue: 1 << 2)
    public static let weak = Modifiers(rawValue: 1 << 3)
    public static let unowned = Modifiers(rawValue: 1 << 4)
    public static let `private` = Modifiers(rawValue: 1 << 5)
    public static let `public` = Modifiers(rawValue: 1 << 6)
    public static let override = Modifiers(rawValue: 1 << 7)
    public static let mutating = Modifiers(rawValue: 1 << 8)
    public static let nonisolated = Modifiers(rawValue: 1 << 9)
    public static let final = Modifiers(rawValue: 1 << 10)
    public static let convenience = Modifiers(rawValue: 1 << 11)
    public static let required = Modifiers(rawValue: 1 << 12)
}

/// `import CallKit`, `import class CallKit.CXProvider`, `@preconcurrency import PushKit`.
public struct ImportDecl: Hashable, Sendable {
    public var importToken: Int
    /// `class`, `struct`, `func`… in `import class A.B`.
    public var kindToken: Int?
    /// The dotted path, e.g. `CallKit.CXProvider`.
    public var path: Range<Int>
    /// First path component.
    public var moduleToken: Int
    public var attributes: [Attribute]
    public var range: Range<Int>
}

/// class, struct, enum, actor, protocol or extension.
public struct TypeDecl: Hashable, Sendable {
    public enum Kind: UInt8, Sendable { case `class`, `struct`, `enum`, actor, `protocol`, `extension` }

    public var kind: Kind
    private var packedKeywordToken: PackedIndex
    private var packedNameToken: PackedIndex
    private var packedNameRange: PackedRange
    public var inherited: [TypeSpan]
    public var attributes: [Attribute]
    public var modifiers: Modifiers
    private var packedBody: PackedRange
    private var packedBodyBlock: PackedIndex
    private var packedParent: PackedIndex
    private var packedRange: PackedRange

    public var keywordToken: Int {
        get { packedKeywordToken.value }
        set { packedKeywordToken = PackedIndex(newValue) }
    }
    /// Last component of the declared (or extended) name: `Foo` in `extension CallKit.Foo`.
    public var nameToken: Int {
        get { packedNameToken.value }
        set { packedNameToken = PackedIndex(newValue) }
    }
    /// The full written name, qualifiers included.
    public var nameRange: Range<Int> {
        get { packedNameRange.range }
        set { packedNameRange = PackedRange(newValue) }
    }
    /// Braces included; runs to the end of the enclosing region when `}` is missing.
    public var body: Range<Int>? {
        get { packedBody.optional }
        set { packedBody = PackedRange(newValue) }
    }
    /// The member block (statements of kind `.declaration`).
    public var bodyBlock: Int? {
        get { packedBodyBlock.optional }
        set { packedBodyBlock = PackedIndex(newValue) }
    }
    /// Index of the enclosing type declaration in `SyntaxOutline.types`.
    public var parent: Int? {
        get { packedParent.optional }
        set { packedParent = PackedIndex(newValue) }
    }
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        kind: Kind, keywordToken: Int, nameToken: Int, nameRange: Range<Int>, inherited: [TypeSpan],
        attributes: [Attribute], modifiers: Modifiers, body: Range<Int>?, bodyBlock: Int?, parent: Int?,
        range: Range<Int>
    ) {
        self.kind = kind
        packedKeywordToken = PackedIndex(keywordToken)
        packedNameToken = PackedIndex(nameToken)
        packedNameRange = PackedRange(nameRange)
        self.inherited = inherited
        self.attributes = attributes
        self.modifiers = modifiers
        packedBody = PackedRange(body)
        packedBodyBlock = PackedIndex(bodyBlock)
        packedParent = PackedIndex(parent)
        packedRange = PackedRange(range)
    }
}

/// One parameter of a function, initializer or subscript.
public struct Parameter: Hashable, Sendable {
    /// The name used inside the body.
    public var internalName: Int { secondName ?? firstName }

    private var packedFirstName: PackedIndex
    private var packedSecondName: PackedIndex
    public var type: TypeSpan?
    private var packedDefaultValue: PackedRange
    public var isVariadic: Bool
    private var packedVariable: PackedIndex
    private var packedRange: PackedRange

    /// The first name (`_` is a wildcard token).
    public var firstName: Int {
        get { packedFirstName.value }
        set { packedFirstName = PackedIndex(newValue) }
    }
    /// The internal name when two names are written.
    public var secondName: Int? {
        get { packedSecondName.optional }
        set { packedSecondName = PackedIndex(newValue) }
    }
    /// The default value expression, `=` excluded.
    public var defaultValue: Range<Int>? {
        get { packedDefaultValue.optional }
        set { packedDefaultValue = PackedRange(newValue) }
    }
    /// Index in `SyntaxOutline.variables` of the parameter as a local.
    public var variable: Int {
        get { packedVariable.value }
        set { packedVariable = PackedIndex(newValue) }
    }
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        firstName: Int, secondName: Int?, type: TypeSpan?, defaultValue: Range<Int>?, isVariadic: Bool,
        variable: Int, range: Range<Int>
    ) {
        packedFirstName = PackedIndex(firstName)
        packedSecondName = PackedIndex(secondName)
        self.type = type
        packedDefaultValue = PackedRange(defaultValue)
        self.isVariadic = isVariadic
        packedVariable = PackedIndex(variable)
        packedRange = PackedRange(range)
    }
}

/// Functions, initializers, deinitializers and subscripts.
public struct FunctionDecl: Hashable, Sendable {
    public enum Kind: UInt8, Sendable { case function, initializer, deinitializer, `subscript` }

    public var kind: Kind
    private var packedKeywordToken: PackedIndex
    private var packedNameToken: PackedIndex
    public var isOperator: Bool
    public var parameters: [Parameter]
    private var packedParameterClause: PackedRange
    public var isAsync: Bool
    public var isThrowing: Bool
    public var returnType: TypeSpan?
    public var attributes: [Attribute]
    public var modifiers: Modifiers
    private var packedBody: PackedRange
    private var packedBodyBlock: PackedIndex
    private var packedEnclosingType: PackedIndex
    private var packedEnclosingFunction: PackedIndex
    private var packedRange: PackedRange

    public var keywordToken: Int {
        get { packedKeywordToken.value }
        set { packedKeywordToken = PackedIndex(newValue) }
    }
    /// The base name (`func` name, operator token, or the `init`/`deinit`/`subscript` keyword).
    public var nameToken: Int {
        get { packedNameToken.value }
        set { packedNameToken = PackedIndex(newValue) }
    }
    /// Parentheses included.
    public var parameterClause: Range<Int>? {
        get { packedParameterClause.optional }
        set { packedParameterClause = PackedRange(newValue) }
    }
    public var body: Range<Int>? {
        get { packedBody.optional }
        set { packedBody = PackedRange(newValue) }
    }
    public var bodyBlock: Int? {
        get { packedBodyBlock.optional }
        set { packedBodyBlock = PackedIndex(newValue) }
    }
    public var enclosingType: Int? {
        get { packedEnclosingType.optional }
        set { packedEnclosingType = PackedIndex(newValue) }
    }
    /// Set for local functions.
    public var enclosingFunction: Int? {
        get { packedEnclosingFunction.optional }
        set { packedEnclosingFunction = PackedIndex(newValue) }
    }
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        kind: Kind, keywordToken: Int, nameToken: Int, isOperator: Bool, parameters: [Parameter],
        parameterClause: Range<Int>?, isAsync: Bool, isThrowing: Bool, returnType: TypeSpan?,
        attributes: [Attribute], modifiers: Modifiers, body: Range<Int>?, bodyBlock: Int?, enclosingType: Int?,
        enclosingFunction: Int?, range: Range<Int>
    ) {
        self.kind = kind
        packedKeywordToken = PackedIndex(keywordToken)
        packedNameToken = PackedIndex(nameToken)
        self.isOperator = isOperator
        self.parameters = parameters
        packedParameterClause = PackedRange(parameterClause)
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.returnType = returnType
        self.attributes = attributes
        self.modifiers = modifiers
        packedBody = PackedRange(body)
        packedBodyBlock = PackedIndex(bodyBlock)
        packedEnclosingType = PackedIndex(enclosingType)
        packedEnclosingFunction = PackedIndex(enclosingFunction)
        packedRange = PackedRange(range)
    }
}

/// `typealias Provider = CXProvider`.
public struct TypealiasDecl: Hashable, Sendable {
    public var keywordToken: Int
    public var nameToken: Int
    public var target: TypeSpan?
    public var enclosingType: Int?
    public var range: Range<Int>
}

/// A `#if … #elseif … #else … #endif` group; clauses are alternatives, conditions not evaluated.
public struct ConditionalCompilation: Hashable, Sendable {
    public struct Clause: Hashable, Sendable {
        /// The `#if`, `#elseif` or `#else` token.
        public var directive: Int
        /// Condition tokens (empty for `#else`).
        public var condition: Range<Int>
        /// Tokens after the condition up to the next directive of this group.
        public var body: Range<Int>
    }

    public var clauses: [Clause]
    /// Missing when the file ends before `#endif`.
    public var endif: Int?
}
