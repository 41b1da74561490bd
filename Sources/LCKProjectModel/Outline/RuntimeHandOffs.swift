import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Where a function hands work to another runtime through a bridge of `Rules/bridges.json` (a Flutter
/// channel, a React Native event, a Capacitor plugin call): what happens next is decided on the other
/// side, so a finding that rests on "nothing resolves it" cannot be certain there.
///
/// Looks at the function's own body (closures included) and, one level down, at same-file functions
/// it calls by name without a receiver other than `self`. Built only for files with a finding.
package final class RuntimeHandOffs {
    /// One hand-off: the token of the call and the bridge it goes through.
    package struct HandOff {
        package var token: Int
        package var bridge: RuntimeBridge
        /// The call as written (`channel.invokeMethod`), for messages.
        package var spelling: String
        /// The same-file helper the hand-off is in, when it is not in the function itself.
        package var helper: String?

        /// The witness step text: where the outcome is decided, and what to check there.
        package var message: String {
            let place =
                helper.map { "`\($0)` hands off to \(bridge.runtime) through `\(spelling)`" }
                ?? "hands off to \(bridge.runtime) through `\(spelling)`"
            return "\(place): the outcome is decided there; check \(bridge.otherSide)"
        }
    }

    private let bridges: BridgeTable
    private let syntax: StatementSyntax
    private let variables: [VariableDecl]
    /// The file's variables, parameters and properties of a bridge type, by name, and the untyped
    /// bindings and locals copied from one (`guard let sink = eventSink`); made on first use.
    private lazy var typedNames: [String: RuntimeBridge] = {
        let file = syntax.file
        var result: [String: RuntimeBridge] = [:]
        for variable in variables {
            guard let typeToken = variable.type?.nameToken,
                let bridge = bridges.bridge(ofType: file.name(at: typeToken))
            else { continue }
            result[file.name(at: variable.nameToken)] = bridge
        }
        guard !result.isEmpty else { return result }
        for variable in variables where variable.type == nil {
            // `x`, `self.x`, `x?` or `x!`: the value itself, not something computed from it.
            guard let value = variable.initializer, (1...3).contains(value.count),
                let named = value.last(where: { file.tokens[$0].kind == .identifier }),
                let bridge = result[file.name(at: named)]
            else { continue }
            result[file.name(at: variable.nameToken)] = bridge
        }
        return result
    }()

    /// Same-file helpers' hand-offs by name (nil inside: looked at, none).
    private var helperHandOffs: [String: HandOff?] = [:]

    /// Cheap: nothing is looked at before the first question.
    package init(context: AnalysisContext, syntax: StatementSyntax) {
        bridges = context.rules.bridges
        self.syntax = syntax
        variables = context.outline.variables
    }

    /// Lowers `finding` to medium confidence when `function` hands off, with the hand-off as a witness
    /// step and, in the message, what to check on the other side.
    package func qualify(_ finding: inout Finding, handler function: Int) {
        guard let handOff = first(inFunction: function) else { return }
        finding.confidence = min(finding.confidence ?? .medium, .medium)
        finding.witness.append(syntax.step(at: handOff.token, handOff.message))
        finding.message +=
            "; it hands off to \(handOff.bridge.runtime) (`\(handOff.spelling)`): check \(handOff.bridge.otherSide)"
    }

    /// The first hand-off of `function`, in its body or in a same-file helper it calls.
    package func first(inFunction function: Int) -> HandOff? {
        guard !bridges.isEmpty, let body = syntax.outline.functions[function].body else { return nil }
        if let direct = firstDirect(in: body) { return direct }
        let outline = syntax.outline
        for call in outline.calls(in: body) {
            let receiver = outline.calls[call].receiver
            guard receiver.isEmpty || (receiver.count == 1 && syntax.file.name(at: receiver.lowerBound) == "self")
            else { continue }
            let name = syntax.file.name(at: outline.calls[call].nameToken)
            if let handOff = firstInFunctions(named: name) { return handOff }
        }
        return nil
    }

    /// The first hand-off in the file's functions named `name`, each name looked at once: many handlers
    /// calling one of many same-named helpers would otherwise read every helper per handler.
    private func firstInFunctions(named name: String) -> HandOff? {
        if let known = helperHandOffs[name] { return known }
        var found: HandOff?
        for helper in syntax.functions(named: name) {
            guard let body = syntax.outline.functions[helper].body, var handOff = firstDirect(in: body) else {
                continue
            }
            handOff.helper = name
            found = handOff
            break
        }
        helperHandOffs[name] = .some(found)
        return found
    }

    /// The first call in `range` that goes through a bridge: by its name and labels, by calling a value of
    /// a bridge type, or by calling a method on one.
    private func firstDirect(in range: Range<Int>) -> HandOff? {
        let file = syntax.file
        let outline = syntax.outline
        for index in outline.calls(in: range) {
            let call = outline.calls[index]
            let name = file.name(at: call.nameToken)
            let labels = call.arguments.map { argument in argument.label.map { file.name(at: $0) } ?? "_" }
            var bridge = bridges.bridge(calling: name, labels: labels) ?? typedNames[name]
            for token in call.receiver where bridge == nil && file.tokens[token].kind == .identifier {
                bridge = typedNames[file.name(at: token)]
            }
            if let bridge {
                return HandOff(token: call.nameToken, bridge: bridge, spelling: file.text(of: call.callee), helper: nil)
            }
        }
        return nil
    }
}
