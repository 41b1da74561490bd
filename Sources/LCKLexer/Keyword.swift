/// Swift keywords, reserved and contextual.
///
/// The lexer sets `Token.keyword` for every identifier or keyword whose text is one of these,
/// so the parser compares enum values instead of bytes. Only `isReserved` words get
/// `TokenKind.keyword`; contextual ones (`get`, `async`, `override`, …) stay identifiers and
/// the parser decides from context.
public enum Keyword: UInt8, Sendable, CaseIterable {
    // Declarations (reserved)
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `func`, `import`, `init`, `inout`, `let`,
        `operator`, `precedencegroup`, `protocol`, `struct`, `subscript`, `typealias`, `var`
    case `fileprivate`, `internal`, `private`, `public`, `static`
    // Statements (reserved)
    case `defer`, `if`, `guard`, `do`, `repeat`, `else`, `for`, `in`, `while`, `return`, `break`, `continue`,
        `fallthrough`, `switch`, `case`, `default`, `where`, `catch`, `throw`
    // Expressions and types (reserved)
    case `as`, `Any`, `false`, `is`, `nil`, `rethrows`, `super`, `self`, `Self`, `true`, `try`, `throws`
    // Contextual
    case `actor`, `any`, `async`, `await`, `borrowing`, `consuming`, `convenience`, `didSet`, `dynamic`, `each`,
        `final`, `get`, `indirect`, `infix`, `isolated`, `lazy`, `macro`, `mutating`, `nonisolated`,
        `nonmutating`, `open`, `optional`, `override`, `package`, `postfix`, `prefix`, `required`, `sending`,
        `set`, `some`, `throwsContextual`, `unowned`, `weak`, `willSet`, `Type`, `Protocol`

    /// Reserved words: always keywords, whatever the context (except after `.` or in backticks).
    public var isReserved: Bool { rawValue <= Keyword.throws.rawValue }

    /// The keyword's spelling.
    public var text: String {
        switch self {
        case .throwsContextual: "throws"
        default: String(describing: self)
        }
    }
}
