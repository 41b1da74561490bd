import LCKCore
import LCKLexer
import LCKParser

/// Calls of this file matched to the project's function summaries (`FunctionSummaries`).
extension StatementSyntax {
    func position(of offset: Int) -> SourcePosition { linePosition(of: offset) }

    /// The innermost function whose body holds `token` (`SyntaxOutline.enclosingFunction(at:)`, indexed).
    package func enclosingFunction(at token: Int) -> Int? { functionIndex.bodies.innermost(containing: token) }

    /// The summary a call reaches, with its arguments matched to parameters; nil when unknown.
    package func resolvedCall(_ call: Int) -> ResolvedCall? {
        guard !table.summaries.isEmpty else { return nil }
        return table.summaries.resolve(call, in: file, outline: outline, examined: &table.resolveExamined) {
            callerType(of: call)
        }
    }

    /// The type whose method holds the call, for `FunctionSummaries.resolve`'s own-method preference.
    func callerType(of call: Int) -> String? {
        enclosingFunction(at: outline.calls[call].nameToken)
            .flatMap { outline.functions[$0].enclosingType }
            .map { file.name(at: outline.types[$0].nameToken) }
    }

    /// Closures written as arguments or trailing closures of a call.
    package func closures(of call: Int) -> [Int] {
        let record = outline.calls[call]
        var result = record.trailingClosures
        for argument in record.arguments {
            let index = outline.firstClosure(atOrAfter: argument.value.lowerBound)
            if index < outline.closures.count, outline.closures[index].leftBrace == argument.value.lowerBound {
                result.append(index)
            }
        }
        return result
    }

    /// What the callee of the call a closure belongs to does with that closure; nil when unknown.
    package func closureFact(of closure: Int) -> (fact: ObligationFact, resolved: ResolvedCall, call: Int)? {
        guard let call = outline.closures[closure].call, let resolved = resolvedCall(call),
            let parameter = resolved.parameter(ofClosure: closure, in: outline, call: call),
            let fact = resolved.summary.closureCalls[parameter], fact.coverage != .unknown
        else { return nil }
        return (fact, resolved, call)
    }

    /// A call of a never-returning function: a same-file `-> Never` declaration, or one the summaries
    /// know (`-> Never` or every path ends), called so that it surely runs.
    func callsNeverReturning(_ call: Int) -> Bool {
        guard isSameFileCall(call) else { return false }
        let name = file.name(at: outline.calls[call].nameToken)
        if functionIndex.neverReturningNames.contains(name) { return true }
        guard let resolved = resolvedCall(call) else { return false }
        return resolved.summary.neverReturns && !resolved.mayNotRun
    }

    /// `guard let self else { … }`, `guard let self = self`, `guard let strongSelf = self`.
    func isWeakSelfGuard(_ statement: Int) -> Bool {
        let record = outline.statements[statement]
        guard record.kind == .guard, let condition = record.condition, condition.count <= 4,
            condition.contains(where: { file.tokens[$0].keyword == .let }),
            condition.contains(where: { file.tokens[$0].keyword == .self })
        else { return false }
        return true
    }

    /// "connect(room:completion:) at RoomClient.swift:234 returns without calling its completion".
    package func helperSteps(
        _ resolved: ResolvedCall, call: Int, fact: ObligationFact, what: String
    ) -> [WitnessStep] {
        let name = resolved.summary.selector
        let at = outline.calls[call].nameToken
        let line = line(of: at)
        if resolved.mayNotRun {
            return [step(at: at, "\(name) at line \(line) is called through optional chaining and may not run")]
        }
        let remote = fact.witness ?? resolved.summary.location
        let local: String
        switch fact.coverage {
        case .none: local = "\(name) at \(remote.shortLocation) never \(what)"
        default: local = "\(name) at \(remote.shortLocation) returns without \(what) on some path"
        }
        var steps = [step(at: at, "\(local) (called at line \(line))")]
        if resolved.definitions > 1 {
            steps[0].notHigh = "not high: `\(name)` resolved by name among \(resolved.definitions) definitions"
        }
        var far = remote.witnessStep
        if far.message.isEmpty { far.message = "\(name) is declared here" }
        steps.append(far)
        return steps
    }
}
