import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel

/// `swallowed_report_error`'s fact in the function summaries: whether a function is a report wrapper
/// whose callers decide what happens to the report's error.
package struct ReportErrorForwarding: FunctionFact {
    /// Index of the closure parameter that receives the error of a report it makes.
    package var closureParameter: Int?
    /// A `throws` function whose report's error leaves it uncaught (`try await provider.report…(…)`).
    package var throwsError = false

    package init() {}

    package static func summarize(_ function: SummarizedFunction) -> ReportErrorForwarding {
        var fact = ReportErrorForwarding()
        fact.closureParameter = forwardedReportError(function)
        fact.throwsError =
            function.context.outline.functions[function.function].isThrowing && thrownReportError(function)
        return fact
    }

    /// A parameter both bodies hand the error to; throwing only when both throw it.
    package func agreeing(with other: ReportErrorForwarding) -> ReportErrorForwarding {
        var result = self
        if other.closureParameter != closureParameter { result.closureParameter = nil }
        result.throwsError = throwsError && other.throwsError
        return result
    }

    /// The closure parameter a report's error is handed to: `report…(…) { error in completion(error) }`,
    /// `report…(…, completion: completion)`, or the same through another such wrapper.
    private static func forwardedReportError(_ function: SummarizedFunction) -> Int? {
        let context = function.context
        let syntax = function.syntax
        let outline = context.outline
        let file = context.file
        let parameters = outline.functions[function.function].parameters
        var closureParameters: [String: Int] = [:]
        for (index, parameter) in parameters.enumerated()
        where parameter.type?.shape == .function
            || parameter.type?.range.contains(where: { file.tokens[$0].kind == .arrow }) == true
        {
            closureParameters[file.name(at: parameter.internalName)] = index
        }
        guard !closureParameters.isEmpty else { return nil }
        let members = CallRoles.incomingReportMembers
        for call in function.calls {
            let record = outline.calls[call]
            var closures: [Int] = []
            if members.contains(file.name(at: record.nameToken)) {
                for argument in record.arguments where argument.value.count == 1 {
                    if let index = closureParameters[file.name(at: argument.value.lowerBound)] { return index }
                }
                closures = syntax.closures(of: call)
            } else if let resolved = syntax.resolvedCall(call),
                let wrapped = resolved.summary.facts[Self.self].closureParameter
            {
                // `wrapper(…, completion: completion)`: a wrapper of a wrapper hands the same error on.
                for (position, argument) in record.arguments.enumerated()
                where argument.value.count == 1 && resolved.argumentParameters[position] == wrapped {
                    if let index = closureParameters[file.name(at: argument.value.lowerBound)] { return index }
                }
                closures = syntax.closures(of: call).filter {
                    resolved.parameter(ofClosure: $0, in: outline, call: call) == wrapped
                }
            }
            for closure in closures {
                if let index = forwardingTarget(closure, closureParameters: closureParameters, in: function) {
                    return index
                }
            }
        }
        return nil
    }

    /// A report (or a throwing wrapper's call) under a plain `try` whose error no `catch` of the function stops.
    private static func thrownReportError(_ function: SummarizedFunction) -> Bool {
        let context = function.context
        let syntax = function.syntax
        let outline = context.outline
        let file = context.file
        let members = CallRoles.incomingReportMembers
        return function.calls.contains { call in
            let record = outline.calls[call]
            let reports =
                members.contains(file.name(at: record.nameToken))
                || syntax.resolvedCall(call)?.summary.facts[Self.self].throwsError == true
            guard reports, let keyword = syntax.tryKeyword(before: call), !syntax.isFollowedByOptionalMark(keyword)
            else { return false }
            return syntax.errorLeavesFunction(from: record.nameToken)
        }
    }

    /// `{ error in completion(error) }`: the function's closure parameter called with the error.
    private static func forwardingTarget(
        _ closure: Int, closureParameters: [String: Int], in function: SummarizedFunction
    ) -> Int? {
        let context = function.context
        let syntax = function.syntax
        let outline = context.outline
        let file = context.file
        let names = Set(outline.closures[closure].parameters.map { file.name(at: outline.variables[$0].nameToken) })
            .subtracting(["_"])
        guard !names.isEmpty else { return nil }
        // What runs only after a successful report (`if error == nil { add(call) }`) does not handle the error.
        let successOnly = successOnlyBlocks(of: closure, errorNames: names, in: context)
        let range = outline.closures[closure].range
        let calls = outline.calls(in: range).filter { call in
            !successOnly.contains { $0.contains(outline.calls[call].nameToken) }
        }
        // Nor does one that changes state on the error path (`self.callInProgress = nil`).
        let assigns = range.contains { index in
            file.tokens[index].kind == .equal && !successOnly.contains { $0.contains(index) }
                && !isBinding(index, in: context.file)
        }
        guard !assigns else { return nil }
        // A wrapper that also acts on the error (ends the call) handles it; only a pure relay hands it on.
        let forwarding = calls.filter { call in
            guard let first = outline.calls[call].callee.first else { return false }
            return closureParameters[file.name(at: first)] != nil
        }
        guard calls.allSatisfy({ forwarding.contains($0) || syntax.isLogCall($0) }) else { return nil }
        for inner in forwarding {
            let record = outline.calls[inner]
            guard let first = record.callee.first, let index = closureParameters[file.name(at: first)],
                record.callee.count <= 2,
                record.arguments.contains(where: { syntax.mentions(names, in: $0.value) })
            else { continue }
            return index
        }
        return nil
    }

    /// Token ranges of the closure's top-level `if` branches that run only when the report succeeded: the
    /// `then` block of `if error == nil`, and the `else` block of `if let error` / `if error != nil`.
    private static func successOnlyBlocks(
        of closure: Int, errorNames: Set<String>, in context: AnalysisContext
    ) -> [Range<Int>] {
        let outline = context.outline
        let file = context.file
        var ranges: [Range<Int>] = []
        for statement in outline.statements(in: outline.closures[closure].bodyBlock) {
            let record = outline.statements[statement]
            guard record.kind == .if, let condition = record.condition, condition.count <= 4 else { continue }
            let texts = condition.map { file.text(at: $0) }
            let testsError = texts.contains { errorNames.contains($0) }
            guard testsError else { continue }
            let thenOnSuccess = texts.count == 3 && texts[1] == "==" && texts[2] == "nil"
            let elseOnSuccess =
                (texts.count == 3 && texts[1] == "!=" && texts[2] == "nil") || texts.first == "let"
            let branch = thenOnSuccess ? 0 : elseOnSuccess ? 1 : nil
            if let branch, branch < record.blocks.count { ranges.append(outline.blocks[record.blocks[branch]].range) }
        }
        return ranges
    }

    /// Whether the `=` at `index` binds a new name (`let x = …`, `if let error = error`) rather than assigning
    /// to existing state: a `let`, `var` or `case` before it on the same line.
    private static func isBinding(_ index: Int, in file: TokenizedFile) -> Bool {
        let tokens = file.tokens
        var position = index - 1
        while position >= 0, index - position <= 16 {
            if let keyword = tokens[position].keyword, [.let, .var, .case].contains(keyword) { return true }
            if tokens[position].flags.contains(.atStartOfLine) { return false }
            position -= 1
        }
        return false
    }
}
