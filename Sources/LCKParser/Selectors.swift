import LCKLexer

/// Human-readable names of functions and calls, in the form rules are written in.
extension SyntaxOutline {
    /// `provider(_:perform:)`, `init(configuration:)`, `==(_:_:)`, `subscript(_:)`, `deinit`.
    ///
    /// Operator and single-name subscript parameters have no argument label, as in Swift.
    public func selector(ofFunction index: Int, in file: TokenizedFile) -> String {
        let function = functions[index]
        if function.kind == .deinitializer { return "deinit" }
        var text = function.kind == .function ? file.name(at: function.nameToken) : file.text(at: function.keywordToken)
        text += "("
        for parameter in function.parameters {
            if function.isOperator || (function.kind == .subscript && parameter.secondName == nil) {
                text += "_:"
            } else {
                text += file.name(at: parameter.firstName) + ":"
            }
        }
        return text + ")"
    }

    /// `request(_:completion:)` for `request(transaction) { … }`-style calls: argument labels,
    /// then one `_:` (or `label:`) per trailing closure.
    public func selector(ofCall index: Int, in file: TokenizedFile) -> String {
        let call = calls[index]
        var text = file.name(at: call.nameToken) + "("
        for argument in call.arguments {
            text += (argument.label.map { file.name(at: $0) } ?? "_") + ":"
        }
        for closure in call.trailingClosures {
            text += (closures[closure].trailingLabel.map { file.name(at: $0) } ?? "_") + ":"
        }
        return text + ")"
    }
}
