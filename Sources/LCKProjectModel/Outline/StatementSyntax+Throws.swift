import LCKLexer
import LCKParser

/// Where a thrown error goes: the `try` before a call, and whether the error leaves the function.
extension StatementSyntax {
    /// The `try` written just before the call (`try await x.f()`), if any.
    package func tryKeyword(before call: Int) -> Int? {
        var before = outline.calls[call].callee.lowerBound - 1
        if before >= 0, file.tokens[before].keyword == .await { before -= 1 }
        if before >= 1, file.tokens[before].kind == .postfixQuestionMark || file.tokens[before].kind == .exclamationMark
        {
            before -= 1
        }
        return before >= 0 && file.tokens[before].keyword == .try ? before : nil
    }

    /// Whether an error thrown at `token` reaches the enclosing function's caller: no `do` with a `catch`
    /// and no closure lies between them. Walks outwards block by block (bounded by the nesting).
    package func errorLeavesFunction(from token: Int) -> Bool {
        guard var block = innermostBlock(containing: token) else { return false }
        for _ in 0..<10_000 {
            switch outline.blocks[block].owner {
            case .statement(let statement):
                let record = outline.statements[statement]
                if record.kind == .do, record.blocks.first == block, record.blocks.count > 1 { return false }
                block = record.parentBlock
            case .function:
                return true
            case .closure, .file, .type, .variable:
                return false
            }
        }
        return false
    }

    /// The smallest block whose contents hold the token.
    package func innermostBlock(containing token: Int) -> Int? {
        // Indexed when blocks nest (asked per report error use: a scan of every block each time made a
        // file of many reports quadratic); the scan answers the same where they do not.
        if let blocks = functionIndex.nestedBlocks { return blocks.innermost(containing: token) }
        var best: Int?
        for index in outline.blocks.indices where outline.blocks[index].range.contains(token) {
            if let current = best, outline.blocks[current].range.count <= outline.blocks[index].range.count { continue }
            best = index
        }
        return best
    }
}
