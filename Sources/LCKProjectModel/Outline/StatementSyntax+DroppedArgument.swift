import LCKLexer
import LCKParser

extension StatementSyntax {
    /// Whether every same-file function the call can reach takes the labelled argument under a
    /// parameter its body never mentions: the value handed over is dropped there, not handed on.
    /// Unlabelled arguments, calls on other objects and functions of other files give `false`.
    package func dropsArgument(_ argument: Int, of call: Int) -> Bool {
        let record = outline.calls[call]
        guard isSameFileCall(call), argument < record.arguments.count, let label = record.arguments[argument].label
        else {
            return false
        }
        let labelText = file.name(at: label)
        var receivers: [(body: Range<Int>, name: String)] = []
        for candidate in functions(named: file.name(at: record.nameToken)) {
            guard let body = outline.functions[candidate].body,
                let parameter = outline.functions[candidate].parameters.first(where: {
                    file.name(at: $0.firstName) == labelText
                })
            else { continue }
            receivers.append((body, file.name(at: parameter.internalName)))
        }
        guard !receivers.isEmpty else { return false }
        return receivers.allSatisfy { receiver in
            !receiver.body.contains { file.tokens[$0].kind == .identifier && file.name(at: $0) == receiver.name }
        }
    }
}
