import LCKCore
import LCKLexer
import LCKParser

/// Whether a completion closure does something with its error (or success flag) beyond logging it.
///
/// A use counts unless it sits in a logging call, or in the condition of an `if`/`guard`/`switch`
/// whose error branch only logs (or is missing).
extension StatementSyntax {
    /// Whether a closure declares parameters (`{ _ in }`, `{ error in }`), not just a capture list.
    func takesParameters(_ closure: Int) -> Bool {
        let record = outline.closures[closure]
        guard let inToken = record.inToken else { return false }
        return (record.captureList?.upperBound ?? record.leftBrace + 1) < inToken
    }
}

struct ErrorUse {
    let syntax: StatementSyntax
    let closure: Int

    /// The witness step when the closure ignores the outcome, nil when it handles it.
    func ignoredStep() -> WitnessStep? {
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
        if uses.isEmpty {
            let what = names.isEmpty || names == ["$0"] ? "its error" : "`\(names.sorted().joined(separator: "`, `"))`"
            return syntax.step(at: record.leftBrace, "the completion at line \(line) never reads \(what)")
        }
        var loggedBranch: Int?
        for use in uses {
            if isInsideLogCall(use, within: body) { continue }
            guard let branch = errorBranchOnlyLogs(use, names: names) else { return nil }
            loggedBranch = loggedBranch ?? branch
        }
        let at = loggedBranch ?? record.leftBrace
        return syntax.step(at: at, "the error branch at line \(syntax.line(of: at)) does nothing but log")
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
        guard
            let statement = outline.statements.indices.last(where: {
                outline.statements[$0].condition?.contains(use) == true
            })
        else { return nil }
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
