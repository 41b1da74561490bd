import LCKLexer

extension StatementSyntax {
    /// A leading-dot name such as `.ended` in `state = .ended`: an enum case or static member written
    /// without its type. It names a value (usually a state the app records), never work being done,
    /// so its words (`ended`, `connected`) say nothing about what the code calls.
    package func isImplicitMember(_ token: Int) -> Bool {
        let tokens = file.tokens
        guard token >= 1, tokens[token - 1].kind == .period else { return false }
        guard token >= 2 else { return true }
        let before = tokens[token - 2]
        switch before.kind {
        case .identifier, .dollarIdentifier, .rightParen, .rightSquare, .postfixQuestionMark, .exclamationMark,
            .stringQuote, .multilineStringQuote, .integerLiteral, .floatLiteral, .rightAngle:
            return false
        case .keyword:
            // `self.end`, `super.start`: a member of an instance, not a leading dot.
            return !(before.keyword == .self || before.keyword == .super || before.keyword == .`Self`)
        default:
            return true
        }
    }
}
