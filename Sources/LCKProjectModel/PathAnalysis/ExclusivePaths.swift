import LCKCore
import LCKLexer
import LCKParser

/// Whether two places of one function body can run on the same path: the `if #available … else …`,
/// `guard #available … else { …; return }`, `switch`, `#if` and `do`/`catch` question, answered from the
/// statements holding each place. No recursion: a place's chain is found by descending the blocks once.
package struct ExclusivePaths {
    let outline: SyntaxOutline
    let syntax: StatementSyntax

    package init(outline: SyntaxOutline, syntax: StatementSyntax) {
        self.outline = outline
        self.syntax = syntax
    }

    /// One level of a place's chain: the statement of `block` that holds the place.
    package struct Level: Equatable {
        var block: Int
        var statement: Int
        /// `block` is a closure body: a `return` in it leaves the closure, not the function.
        var inClosure: Bool
    }

    /// The statements holding `token`, outermost (in `body`) first; a closure written in a statement is
    /// entered like a child block.
    package func chain(of token: Int, body: Int) -> [Level] {
        var levels: [Level] = []
        var block = body
        var inClosure = false
        while let statement = statement(holding: token, in: block) {
            levels.append(Level(block: block, statement: statement, inClosure: inClosure))
            let record = outline.statements[statement]
            if let child = record.blocks.first(where: { outline.blocks[$0].range.contains(token) }) {
                block = child
                inClosure = false
            } else if let closure = outermostClosure(holding: token, in: record.range) {
                block = outline.closures[closure].bodyBlock
                inClosure = true
            } else {
                break
            }
        }
        return levels
    }

    /// Whether no path runs both places (`first` before `second` in the source).
    package func areExclusive(_ first: [Level], _ second: [Level]) -> Bool {
        var level = 0
        while level < first.count, level < second.count, first[level] == second[level] { level += 1 }
        guard level < first.count, level < second.count else { return false }
        if first[level].block != second[level].block {
            // Different children of one statement: the branches of an `if`, `switch`, `#if` or `do`/`catch`.
            guard level > 0 else { return false }
            let owner = outline.statements[first[level - 1].statement]
            let alternatives: [Statement.Kind] = [.if, .switch, .conditionalCompilation, .do]
            return alternatives.contains(owner.kind) && owner.blocks.contains(first[level].block)
                && owner.blocks.contains(second[level].block)
        }
        // Statements of one block: the first place's path must leave the function before the second's.
        let statements = outline.statements(in: first[level].block)
        if let from = statements.firstIndex(of: first[level].statement),
            let to = statements.firstIndex(of: second[level].statement),
            statements[(from + 1)..<max(from + 1, to)].contains(where: leavesFunction)
        {
            return true
        }
        for inner in first[(level + 1)...] {
            if inner.inClosure { break }
            if outline.blocks[inner.block].kind == .guardElse { return true }
            let statements = outline.statements(in: inner.block)
            guard let position = statements.firstIndex(of: inner.statement) else { continue }
            if statements[position...].contains(where: leavesFunction) { return true }
        }
        return false
    }

    /// `return`, `throw`, or a call that never returns (`fatalError`).
    private func leavesFunction(_ statement: Int) -> Bool {
        let kind = outline.statements[statement].kind
        return kind == .return || kind == .throw || syntax.terminates(statement)
    }

    /// The statement of `block` whose range holds `token` (statements are in source order).
    private func statement(holding token: Int, in block: Int) -> Int? {
        let statements = outline.statements(in: block)
        let low = statements.partitioningIndex { outline.statements[$0].range.upperBound > token }
        guard low < statements.count, outline.statements[statements[low]].range.contains(token) else { return nil }
        return statements[low]
    }

    /// The outermost closure whose `{` lies in `range` and whose body holds `token`.
    private func outermostClosure(holding token: Int, in range: Range<Int>) -> Int? {
        var index = outline.firstClosure(atOrAfter: range.lowerBound)
        while index < outline.closures.count, outline.closures[index].leftBrace < token {
            if outline.closures[index].range.contains(token) { return index }
            index = outline.firstClosure(atOrAfter: outline.closures[index].range.upperBound)
        }
        return nil
    }
}
