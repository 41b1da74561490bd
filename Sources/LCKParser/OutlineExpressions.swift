/// `{ [weak self] x in … }` in expression position, trailing or not.
public struct Closure: Hashable, Sendable {
    public var leftBrace: Int
    /// Missing when the closure is never closed.
    public var rightBrace: Int?
    /// Brackets included.
    public var captureList: Range<Int>?
    /// Indices in `SyntaxOutline.variables` (kind `.closureParameter`).
    public var parameters: [Int]
    public var inToken: Int?
    public var bodyBlock: Int
    /// The call this closure is an argument or trailing closure of.
    public var call: Int?
    public var isTrailing: Bool
    /// Label of a second or later trailing closure (`completion:` in `} completion: {`).
    public var trailingLabel: Int?
    public var enclosingFunction: Int?
    public var enclosingClosure: Int?
    /// Braces included.
    public var range: Range<Int>
}

/// One argument of a call: `label: value` or just `value`.
public struct Argument: Hashable, Sendable {
    /// Nil for unlabeled arguments.
    public var label: Int?
    public var value: Range<Int>
}

/// `callee(args) { trailing }`; also paren-less `Task { }` / `queue.async { }`.
public struct Call: Hashable, Sendable {
    /// The member chain naming the callee: `self.callController.request`, `CXHandle`, `.init`.
    public var callee: Range<Int>
    /// Last identifier of the callee (`request`), or the token before `(` when it is not a name.
    public var nameToken: Int
    public var leftParen: Int?
    public var rightParen: Int?
    public var arguments: [Argument]
    /// Indices in `SyntaxOutline.closures`, in source order.
    public var trailingClosures: [Int]
    /// The callee followed by `(…)` (and trailing closures as far as seen).
    public var range: Range<Int>

    /// Tokens of the receiver (`self.callController` in `self.callController.request`); empty if none.
    public var receiver: Range<Int> {
        nameToken > callee.lowerBound + 1 ? callee.lowerBound..<(nameToken - 1) : callee.lowerBound..<callee.lowerBound
    }
}

/// `receiver.member`, including optional chaining and implicit members (`.main`).
public struct MemberAccess: Hashable, Sendable {
    public var period: Int
    public var member: Int
    /// Empty for implicit member expressions (`.fulfill`) or when the receiver is not a postfix chain.
    public var receiver: Range<Int>
}

/// `x as T`, `x as? T`, `x as! T`, `x is T`, and the patterns `case let x as T`, `case is T`.
public struct Cast: Hashable, Sendable {
    public enum Kind: UInt8, Sendable { case `as`, conditional, forced, `is` }

    public var kind: Kind
    public var operatorToken: Int
    public var type: TypeSpan
    /// The postfix expression before the operator, when one is directly in front.
    public var operand: Range<Int>?
    /// Inside a `case`/`catch` pattern.
    public var isPattern: Bool
    /// `x` in `case let x as T`.
    public var boundName: Int?
}
