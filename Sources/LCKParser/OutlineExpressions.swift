/// `{ [weak self] x in … }` in expression position, trailing or not.
public struct Closure: Hashable, Sendable {
    private var packedLeftBrace: PackedIndex
    private var packedRightBrace: PackedIndex
    private var packedCaptureList: PackedRange
    /// Indices in `SyntaxOutline.variables` (kind `.closureParameter`).
    public var parameters: [Int]
    private var packedInToken: PackedIndex
    private var packedBodyBlock: PackedIndex
    private var packedCall: PackedIndex
    public var isTrailing: Bool
    private var packedTrailingLabel: PackedIndex
    private var packedEnclosingFunction: PackedIndex
    private var packedEnclosingClosure: PackedIndex
    private var packedRange: PackedRange

    public var leftBrace: Int {
        get { packedLeftBrace.value }
        set { packedLeftBrace = PackedIndex(newValue) }
    }
    /// Missing when the closure is never closed.
    public var rightBrace: Int? {
        get { packedRightBrace.optional }
        set { packedRightBrace = PackedIndex(newValue) }
    }
    /// Brackets included.
    public var captureList: Range<Int>? {
        get { packedCaptureList.optional }
        set { packedCaptureList = PackedRange(newValue) }
    }
    public var inToken: Int? {
        get { packedInToken.optional }
        set { packedInToken = PackedIndex(newValue) }
    }
    public var bodyBlock: Int {
        get { packedBodyBlock.value }
        set { packedBodyBlock = PackedIndex(newValue) }
    }
    /// The call this closure is an argument or trailing closure of.
    public var call: Int? {
        get { packedCall.optional }
        set { packedCall = PackedIndex(newValue) }
    }
    /// Label of a second or later trailing closure (`completion:` in `} completion: {`).
    public var trailingLabel: Int? {
        get { packedTrailingLabel.optional }
        set { packedTrailingLabel = PackedIndex(newValue) }
    }
    public var enclosingFunction: Int? {
        get { packedEnclosingFunction.optional }
        set { packedEnclosingFunction = PackedIndex(newValue) }
    }
    public var enclosingClosure: Int? {
        get { packedEnclosingClosure.optional }
        set { packedEnclosingClosure = PackedIndex(newValue) }
    }
    /// Braces included.
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        leftBrace: Int, rightBrace: Int?, captureList: Range<Int>?, parameters: [Int], inToken: Int?, bodyBlock: Int,
        call: Int?, isTrailing: Bool, trailingLabel: Int?, enclosingFunction: Int?, enclosingClosure: Int?,
        range: Range<Int>
    ) {
        packedLeftBrace = PackedIndex(leftBrace)
        packedRightBrace = PackedIndex(rightBrace)
        packedCaptureList = PackedRange(captureList)
        self.parameters = parameters
        packedInToken = PackedIndex(inToken)
        packedBodyBlock = PackedIndex(bodyBlock)
        packedCall = PackedIndex(call)
        self.isTrailing = isTrailing
        packedTrailingLabel = PackedIndex(trailingLabel)
        packedEnclosingFunction = PackedIndex(enclosingFunction)
        packedEnclosingClosure = PackedIndex(enclosingClosure)
        packedRange = PackedRange(range)
    }
}

/// One argument of a call: `label: value` or just `value`.
public struct Argument: Hashable, Sendable {
    private var packedLabel: PackedIndex
    private var packedValue: PackedRange

    /// Nil for unlabeled arguments.
    public var label: Int? {
        get { packedLabel.optional }
        set { packedLabel = PackedIndex(newValue) }
    }
    public var value: Range<Int> {
        get { packedValue.range }
        set { packedValue = PackedRange(newValue) }
    }

    init(
        label: Int?, value: Range<Int>
    ) {
        packedLabel = PackedIndex(label)
        packedValue = PackedRange(value)
    }
}

/// `callee(args) { trailing }`; also paren-less `Task { }` / `queue.async { }`.
public struct Call: Hashable, Sendable {
    /// Tokens of the receiver (`self.callController` in `self.callController.request`); empty if none.
    public var receiver: Range<Int> {
        nameToken > callee.lowerBound + 1 ? callee.lowerBound..<(nameToken - 1) : callee.lowerBound..<callee.lowerBound
    }

    private var packedCallee: PackedRange
    private var packedNameToken: PackedIndex
    private var packedLeftParen: PackedIndex
    private var packedRightParen: PackedIndex
    public var arguments: CallArguments
    /// Indices in `SyntaxOutline.closures`, in source order.
    public var trailingClosures: [Int]
    private var packedRange: PackedRange

    /// The member chain naming the callee: `self.callController.request`, `CXHandle`, `.init`.
    public var callee: Range<Int> {
        get { packedCallee.range }
        set { packedCallee = PackedRange(newValue) }
    }
    /// Last identifier of the callee (`request`), or the token before `(` when it is not a name.
    public var nameToken: Int {
        get { packedNameToken.value }
        set { packedNameToken = PackedIndex(newValue) }
    }
    public var leftParen: Int? {
        get { packedLeftParen.optional }
        set { packedLeftParen = PackedIndex(newValue) }
    }
    public var rightParen: Int? {
        get { packedRightParen.optional }
        set { packedRightParen = PackedIndex(newValue) }
    }
    /// The callee followed by `(…)` (and trailing closures as far as seen).
    public var range: Range<Int> {
        get { packedRange.range }
        set { packedRange = PackedRange(newValue) }
    }

    init(
        callee: Range<Int>, nameToken: Int, leftParen: Int?, rightParen: Int?, arguments: CallArguments,
        trailingClosures: [Int], range: Range<Int>
    ) {
        packedCallee = PackedRange(callee)
        packedNameToken = PackedIndex(nameToken)
        packedLeftParen = PackedIndex(leftParen)
        packedRightParen = PackedIndex(rightParen)
        self.arguments = arguments
        self.trailingClosures = trailingClosures
        packedRange = PackedRange(range)
    }
}

/// `receiver.member`, including optional chaining and implicit members (`.main`).
public struct MemberAccess: Hashable, Sendable {
    private var packedMember: PackedIndex
    private var packedReceiver: PackedRange

    /// The `.` token, always the one right before `member` (so it is not stored: a large file has an
    /// access every ten tokens).
    public var period: Int { member - 1 }
    public var member: Int {
        get { packedMember.value }
        set { packedMember = PackedIndex(newValue) }
    }
    /// Empty for implicit member expressions (`.fulfill`) or when the receiver is not a postfix chain.
    public var receiver: Range<Int> {
        get { packedReceiver.range }
        set { packedReceiver = PackedRange(newValue) }
    }

    init(member: Int, receiver: Range<Int>) {
        packedMember = PackedIndex(member)
        packedReceiver = PackedRange(receiver)
    }
}

/// `x as T`, `x as? T`, `x as! T`, `x is T`, and the patterns `case let x as T`, `case is T`.
public struct Cast: Hashable, Sendable {
    public enum Kind: UInt8, Sendable { case `as`, conditional, forced, `is` }

    public var kind: Kind
    private var packedOperatorToken: PackedIndex
    public var type: TypeSpan
    private var packedOperand: PackedRange
    /// Inside a `case`/`catch` pattern.
    public var isPattern: Bool
    private var packedBoundName: PackedIndex

    public var operatorToken: Int {
        get { packedOperatorToken.value }
        set { packedOperatorToken = PackedIndex(newValue) }
    }
    /// The postfix expression before the operator, when one is directly in front.
    public var operand: Range<Int>? {
        get { packedOperand.optional }
        set { packedOperand = PackedRange(newValue) }
    }
    /// `x` in `case let x as T`.
    public var boundName: Int? {
        get { packedBoundName.optional }
        set { packedBoundName = PackedIndex(newValue) }
    }

    init(
        kind: Kind, operatorToken: Int, type: TypeSpan, operand: Range<Int>?, isPattern: Bool, boundName: Int?
    ) {
        self.kind = kind
        packedOperatorToken = PackedIndex(operatorToken)
        self.type = type
        packedOperand = PackedRange(operand)
        self.isPattern = isPattern
        packedBoundName = PackedIndex(boundName)
    }
}
