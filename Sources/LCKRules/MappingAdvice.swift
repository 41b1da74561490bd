/// The one text that tells a developer what to write for a mapping. The finding message, `rules explain`,
/// `rules docs`, SARIF help and the HTML and Markdown reports all show it, so they cannot disagree.
extension MappingRule {
    /// The longest after-form quoted in a finding; longer or multi-line ones stay in `rules explain`.
    static let quotedCodeLimit = 120

    /// The rule's note, then its after-form when that is one line of LiveCommunicationKit code (`afterIs: lck`,
    /// type-checked by the test suite): `Append to a Swift array of actions instead. Example: \`actions.append(mute)\``.
    public var advice: String {
        guard let code = quotedCode else { return note }
        let sentence = note.hasSuffix(".") || note.hasSuffix("!") || note.hasSuffix("?") ? note : note + "."
        return sentence + " Example: `" + code + "`"
    }

    /// The one-line LiveCommunicationKit code the advice quotes, or nil.
    public var quotedCode: String? {
        guard let example, example.afterIs == .lck else { return nil }
        let code = example.after.drop { $0 == " " || $0 == "\n" }
        guard !code.contains("\n"), !code.isEmpty, code.utf8.count <= Self.quotedCodeLimit, !code.contains("`") else {
            return nil
        }
        return String(code)
    }

    /// A finding's message: `CXTransaction.addAction(_:) → none: <advice>`.
    public var findingMessage: String { "\(symbol) → \(replacement): \(advice)" }
}
