import LCKCore
import LCKLexer
import LCKParser

/// Whether a completion closure does something with its error (or success flag) beyond logging it.
///
/// A use counts unless it sits in a logging call, or in the condition of an `if`/`guard`/`switch`
/// whose error branch only logs (or is missing).
extension StatementSyntax {
    /// Whether a closure declares parameters (`{ _ in }`, `{ error in }`), not just a capture list.
    package func takesParameters(_ closure: Int) -> Bool {
        let record = outline.closures[closure]
        guard let inToken = record.inToken else { return false }
        return (record.captureList?.upperBound ?? record.leftBrace + 1) < inToken
    }
}

package struct ErrorUse {
    let syntax: StatementSyntax
    let closure: Int

    package init(syntax: StatementSyntax, closure: Int) {
        self.syntax = syntax
        self.closure = closure
    }

    /// The witness step when the closure ignores the outcome, nil when it handles it.
    package func ignoredStep() -> WitnessStep? {
        let outline = syntax.outline
        let file = syntax.file
        let record = outline.closures[closure]
        let line = syntax.line(of: record.leftBrace)
        var names = Set(record.parameters.map { file.name(at: outline.variables[$0].nameToken) })
        names.remove("_")
        if record.parameters.isEmpty, record.inToken == nil { names = ["$0"] }
        let body =
            (record.inToken.map { $0 + 1 } ?? record.leftBrace + 1)..<(record.rightBrace ?? record.range.upperBound)
        let uses = body.filter { index in
            syntax.isName(index, in: names) || (names.contains("$0") && file.text(at: index) == "$0")
        }.filter { index in !(index > 0 && file.tokens[index - 1].kind == .period) }
            .filter { !isShadowed($0, within: body) }
        if uses.isEmpty {
            let what = names.isEmpty || names == ["$0"] ? "its error" : "`\(names.sorted().joined(separator: "`, `"))`"
            return syntax.step(at: record.leftBrace, "the completion at line \(line) never reads \(what)")
        }
        var loggedBranch: Int?
        var fallsThrough: (branch: Int, work: Int)?
        for use in uses {
            if isInsideLogCall(use, within: body) { continue }
            if let branch = errorBranchOnlyLogs(use, names: names) {
                loggedBranch = loggedBranch ?? branch
            } else if let found = errorBranchFallingThrough(use, names: names) {
                fallsThrough = fallsThrough ?? found
            } else {
                return nil
            }
        }
        if let (branch, work) = fallsThrough {
            return syntax.step(
                at: branch,
                "the error branch at line \(syntax.line(of: branch)) falls through to line \(syntax.line(of: work)), "
                    + "which goes on as if the call were shown")
        }
        let at = loggedBranch ?? record.leftBrace
        return syntax.step(at: at, "the error branch at line \(syntax.line(of: at)) does nothing but log")
    }

    /// A use in `if let error { … }` at the top of the closure, with no `else`, whose branch never leaves, followed by
    /// a statement that does the call's work (not a log, not a call of a closure parameter): the success path
    /// runs after a failed report too. The `if` keyword and the first such statement's token.
    private func errorBranchFallingThrough(_ use: Int, names: Set<String>) -> (branch: Int, work: Int)? {
        let outline = syntax.outline
        let file = syntax.file
        let bodyBlock = outline.closures[closure].bodyBlock
        let statements = outline.statements(in: bodyBlock)
        guard
            let position = statements.firstIndex(where: {
                outline.statements[$0].kind == .if && outline.statements[$0].range.contains(use)
            })
        else { return nil }
        let record = outline.statements[statements[position]]
        guard let condition = record.condition, syntax.mentions(names, in: condition),
            conditionMeansError(condition, names: names), record.blocks.count == 1
        else { return nil }
        let branch = outline.blocks[record.blocks[0]].range
        let leaves = branch.contains { index in
            let keyword = file.tokens[index].keyword
            return keyword == .return || keyword == .throw || keyword == .break || keyword == .continue
        }
        guard !leaves, !outline.statements(in: record.blocks[0]).contains(where: syntax.terminates) else {
            return nil
        }
        let parameters = enclosingParameterNames()
        // `if let error { completion(error) }`: the error goes on to the caller, who judges it.
        let forwards = outline.calls(in: branch).contains { call in
            let callee = outline.calls[call].callee
            return callee.count <= 2 && parameters.contains(file.name(at: callee.lowerBound))
        }
        guard !forwards else { return nil }
        let declared = syntax.functionIndex.declaredNames
        for later in statements[(position + 1)...] {
            let next = outline.statements[later]
            let candidates: [Int]
            switch next.kind {
            case .expression where !syntax.isLogStatement(later): candidates = syntax.ownCalls(of: later)
            case .do: candidates = next.blocks.first.map { outline.calls(in: outline.blocks[$0].range) } ?? []
            default: continue
            }
            // A bare `completion()` calls a closure (a parameter, a property): it hands on, it does no work.
            // A bare call counts only when the file declares a function of that name.
            let calls = candidates.filter { call in
                let callee = outline.calls[call]
                let bare = callee.callee.count <= 2 && callee.receiver.isEmpty
                let name = file.name(at: callee.nameToken)
                guard !bare || (!parameters.contains(name) && declared.contains(name)) else { return false }
                return !syntax.isLogCall(call)
            }
            if let first = calls.first { return (record.keywordToken, outline.calls[first].nameToken) }
        }
        return nil
    }

    /// Parameters of the functions and closures around the closure (`completion`, `pushKitCompletion`).
    private func enclosingParameterNames() -> Set<String> {
        let outline = syntax.outline
        let file = syntax.file
        let brace = outline.closures[closure].leftBrace
        guard let function = syntax.enclosingFunction(at: brace) else { return [] }
        return Set(outline.functions[function].parameters.map { file.name(at: $0.internalName) })
    }

    /// A use inside a nested closure that declares a parameter of the same name (`call.start { error in … }`),
    /// or an `error` inside a nested `catch` without a pattern, which binds its own.
    private func isShadowed(_ token: Int, within body: Range<Int>) -> Bool {
        let outline = syntax.outline
        let name = syntax.file.name(at: token)
        // Only the catch bodies and closures starting inside `body`, found by bisection: one use no longer
        // looks at every block and closure of the file.
        if name == "error" {
            let catches = syntax.functionIndex.bareCatchBodies
            var low = catches.partitioningIndex { outline.blocks[$0].range.lowerBound >= body.lowerBound }
            while low < catches.count, body.contains(outline.blocks[catches[low]].range.lowerBound) {
                if outline.blocks[catches[low]].range.contains(token) { return true }
                low += 1
            }
        }
        var inner = outline.firstClosure(atOrAfter: body.lowerBound)
        while inner < outline.closures.count, body.contains(outline.closures[inner].leftBrace) {
            let record = outline.closures[inner]
            if inner != closure, record.range.contains(token),
                record.parameters.contains(where: { syntax.file.name(at: outline.variables[$0].nameToken) == name })
            {
                return true
            }
            inner += 1
        }
        return false
    }

    private func isInsideLogCall(_ token: Int, within body: Range<Int>) -> Bool {
        syntax.outline.calls(in: body).contains { call in
            let record = syntax.outline.calls[call]
            guard let open = record.leftParen, let close = record.rightParen, open < token, token < close else {
                return false
            }
            return syntax.isLogCall(call)
        }
    }

    /// For a use in a branching condition: the keyword of the statement when its error branch only
    /// logs; nil when the use is anything else.
    private func errorBranchOnlyLogs(_ use: Int, names: Set<String>) -> Int? {
        let outline = syntax.outline
        guard let statement = syntax.functionIndex.conditions.innermost(containing: use) else { return nil }
        let record = outline.statements[statement]
        guard let condition = record.condition else { return nil }
        let errorWhenTrue = conditionMeansError(condition, names: names)
        switch record.kind {
        case .if:
            if errorWhenTrue {
                return record.blocks.first.map { syntax.isLogOnly($0) } == true ? record.keywordToken : nil
            }
            guard record.blocks.count > 1 else { return record.keywordToken }
            return syntax.isLogOnly(record.blocks[1]) ? record.keywordToken : nil
        case .guard:
            guard !errorWhenTrue, let otherwise = record.blocks.first else { return nil }
            return syntax.isLogOnly(otherwise) ? record.keywordToken : nil
        case .switch:
            for caseBlock in record.blocks {
                let header = outline.blocks[caseBlock].header ?? 0..<0
                let failure = header.contains { syntax.file.name(at: $0) == "failure" }
                if failure || outline.blocks[caseBlock].isDefaultCase, !syntax.isLogOnly(caseBlock) { return nil }
            }
            return record.keywordToken
        default:
            return nil
        }
    }

    /// `error != nil`, `let e = error`, `if let error`, `!success` hold when something went wrong;
    /// `error == nil` and `success` hold when it did not.
    private func conditionMeansError(_ condition: Range<Int>, names: Set<String>) -> Bool {
        let texts = condition.map { syntax.file.text(at: $0) }
        if texts.contains("==") && texts.contains("nil") { return false }
        if texts.contains("!=") && texts.contains("nil") { return true }
        if texts.contains("let") || texts.contains("var") { return true }
        let errorLike = names.contains { $0.lowercased().contains("err") }
        let negated = texts.contains("!")
        return errorLike != negated
    }
}
