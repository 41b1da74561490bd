import LCKCore
import LCKLexer
import LCKParser

/// What one statement does to an obligation ("resolve the action", "report the call") on the path
/// that runs it. Only the statement's own tokens count: child blocks are walked separately.
package enum PathEffect: Equatable {
    /// Leaves the obligation open.
    case none
    /// Meets the obligation for the rest of the path.
    case satisfies
    /// The path stops here without leaving normally (`fatalError`, `exit`), so nothing is owed.
    case ends
    /// The obligation can no longer be met in time (a report deferred into a `Task`); recorded as a leak,
    /// after which the path counts as met so one mistake is reported once.
    case violates(WitnessStep)
    /// `violates`, explained by several steps (a call here, then the helper's path in another file).
    case violatesAlong([WitnessStep])
}

/// Which child of an `if`, `guard`, `switch` or `#if` a branch is.
package enum PathBranch: Equatable {
    case then
    /// The `else` block of an `if` (or the implicit false path) or the `else` of a `guard`.
    case otherwise
    /// The n-th case body of a `switch`.
    case switchCase(Int)
}

/// The rule-specific half of a path analysis.
package struct PathRules {
    /// The effect of a statement's own tokens; the summaries of closure bodies are available.
    var effect: (_ statement: Int, _ summaries: [Int: BlockSummary]) -> PathEffect
    /// Branches whose paths owe nothing (`guard type == .voIP else { return }` for PushKit).
    var isExempt: (_ statement: Int, _ branch: PathBranch) -> Bool = { _, _ in false }
    /// What is missing, for witness texts: "fulfill() or fail()".
    var missing: String
    /// Count a `try` reached with the obligation open, and not caught, as a way out of a closure.
    var uncaughtTryLeaves = false

    package init(
        effect: @escaping (_ statement: Int, _ summaries: [Int: BlockSummary]) -> PathEffect,
        isExempt: @escaping (_ statement: Int, _ branch: PathBranch) -> Bool = { _, _ in false },
        missing: String, uncaughtTryLeaves: Bool = false
    ) {
        self.effect = effect
        self.isExempt = isExempt
        self.missing = missing
        self.uncaughtTryLeaves = uncaughtTryLeaves
    }
}

/// How a block behaves when entered with the obligation open.
///
/// Each open path carries a short witness (one or two steps) that explains it to a reader.
package struct BlockSummary: Equatable {
    /// A path reaches the end of the block with the obligation open.
    var open: [WitnessStep]?
    /// A path leaves through `break`/`continue` with the obligation open.
    package var jumps: [WitnessStep]?
    /// A `try` reached with the obligation open and no `catch` in this block.
    package var throwsOpen: [WitnessStep]?
    /// Paths that leave the body (return, violation) with the obligation open.
    package var leaks: [[WitnessStep]] = []

    /// Whether an uncaught `try` reached with the obligation open counts as a way out (the rule's choice).
    var throwingLeaves = false

    /// Every path through the block meets the obligation (or stops).
    package var discharges: Bool {
        open == nil && jumps == nil && leaks.isEmpty && (throwsOpen == nil || !throwingLeaves)
    }

    /// The first unmet path, whatever way it leaves.
    package var firstWitness: [WitnessStep]? { leaks.first ?? (throwingLeaves ? throwsOpen : nil) ?? jumps ?? open }
}

/// What a statement does to the open path it is entered with: the walker applies it in place, so a
/// path that grows by a step per statement (`if c { return }` after `if c { return }`) is never copied.
enum PathChange {
    /// The path goes on as it came in.
    case keep
    /// The path goes on with one more step.
    case append(WitnessStep)
    /// Another path (or none) goes on.
    case replace([WitnessStep]?)
}

/// Joins two open paths, keeping the one with an explanation when only one has it.
func mergePaths(_ first: [WitnessStep]?, _ second: [WitnessStep]?) -> [WitnessStep]? {
    guard let first else { return second }
    guard let second else { return first }
    return first.isEmpty && !second.isEmpty ? second : first
}

/// A path-sensitive walk over the parser's statement tree, bottom-up with an explicit stack.
///
/// Blocks are summarised once, children before parents (closure bodies count as children of the
/// statement that holds them), so the rule's `effect` can ask whether a closure meets the
/// obligation on all of its paths. The walk is linear in the number of statements.
package struct PathWalker {
    let context: AnalysisContext
    let rules: PathRules
    let syntax: StatementSyntax
    private(set) var summaries: [Int: BlockSummary] = [:]
    /// Witness steps written into paths (work, for the linearity tests): copying a path per branch made
    /// `if c { return }` repeated N times cost N².
    private(set) var stepsWritten = 0

    package init(context: AnalysisContext, syntax: StatementSyntax, rules: PathRules) {
        self.context = context
        self.syntax = syntax
        self.rules = rules
    }

    /// The summary of `root` (a function or closure body), computing what it needs first.
    package mutating func summary(of root: Int) -> BlockSummary {
        var stack: [(block: Int, expanded: Bool)] = [(root, false)]
        while let (block, expanded) = stack.popLast() {
            if summaries[block] != nil { continue }
            if expanded {
                summaries[block] = compose(block)
                continue
            }
            stack.append((block, true))
            for child in dependencies(of: block) where summaries[child] == nil {
                stack.append((child, false))
            }
        }
        return summaries[root] ?? BlockSummary()
    }

    private func dependencies(of block: Int) -> [Int] {
        var result: [Int] = []
        for statement in context.outline.statements(in: block) {
            let record = context.outline.statements[statement]
            if record.kind != .declaration || syntax.isBranchingValue(statement) {
                result.append(contentsOf: record.blocks)
            }
            for closure in syntax.ownClosures(of: statement) {
                result.append(context.outline.closures[closure].bodyBlock)
            }
        }
        return result.filter { $0 != block }
    }

    private func child(_ block: Int?) -> BlockSummary? {
        guard let block else { return nil }
        return summaries[block] ?? BlockSummary()
    }

    /// Walks the statements of one block in order, with the obligation open on entry.
    private mutating func compose(_ block: Int) -> BlockSummary {
        let outline = context.outline
        var result = BlockSummary()
        result.throwingLeaves = rules.uncaughtTryLeaves
        var open: [WitnessStep]? = []
        for statement in outline.statements(in: block) {
            guard open != nil else { break }
            let record = outline.statements[statement]
            switch rules.effect(statement, summaries) {
            case .satisfies, .ends:
                open = nil
                continue
            case .violates(let step):
                result.leaks.append([step])
                open = nil
                continue
            case .violatesAlong(let steps):
                result.leaks.append(steps)
                open = nil
                continue
            case .none:
                break
            }
            if result.throwsOpen == nil, syntax.hasUncaughtTry(statement) {
                result.throwsOpen = [
                    syntax.step(
                        at: record.keywordToken,
                        "try at line \(syntax.line(of: record.keywordToken)) can throw before \(rules.missing)")
                ]
            }
            // The statement's change is applied after the call, when `open` is the path's only reference.
            let change = composeStatement(statement, entry: open ?? [], into: &result)
            // A `return` ends its path with the path's one copy (its leak).
            if record.kind == .return { stepsWritten += (open?.count ?? 0) + 1 }
            switch change {
            case .keep: break
            case .append(let step):
                open?.append(step)
                stepsWritten += 1
            case .replace(let path): open = path
            }
        }
        result.open = open
        return result
    }

    /// What one statement, entered with the path `entry`, does to it (its child blocks' leaks go to `result`).
    private func composeStatement(
        _ statement: Int, entry: [WitnessStep], into result: inout BlockSummary
    ) -> PathChange {
        let record = context.outline.statements[statement]
        switch record.kind {
        case .return:
            result.leaks.append(entry + [returnStep(statement)])
            return .replace(nil)
        case .throw, .fallthrough:
            return .replace(nil)
        case .break, .continue:
            result.jumps = result.jumps ?? entry
            return .replace(nil)
        case .if:
            return composeIf(statement, entry: entry, into: &result)
        case .guard:
            if let otherwise = child(record.blocks.first), !rules.isExempt(statement, .otherwise) {
                absorb(otherwise, into: &result)
            }
        case .switch:
            return .replace(composeSwitch(statement, into: &result))
        case .forIn, .while:
            // `break`/`continue` in the body leave the loop, not the block: the path goes on after it.
            if let body = child(record.blocks.first) {
                absorb(body, into: &result, keepJumps: false)
            }
        case .repeatWhile:
            if let body = child(record.blocks.first) {
                absorb(body, into: &result, keepJumps: false)
                return .replace(mergePaths(body.open, body.jumps))
            }
        case .do:
            return .replace(composeDo(statement, into: &result))
        case .defer:
            if let body = child(record.blocks.first), body.discharges { return .replace(nil) }
        case .conditionalCompilation:
            return composeConditional(statement, into: &result)
        case .declaration where syntax.isBranchingValue(statement):
            return composeBranchingValue(statement, into: &result)
        case .expression, .declaration, .unknown:
            break
        }
        return .keep
    }

    /// Keeps a child's leaks, throws and jumps; the caller decides about its fall-through.
    private func absorb(_ child: BlockSummary, into result: inout BlockSummary, keepJumps: Bool = true) {
        result.leaks.append(contentsOf: child.leaks)
        if result.throwsOpen == nil { result.throwsOpen = child.throwsOpen }
        if keepJumps, result.jumps == nil { result.jumps = child.jumps }
    }

    private func composeIf(_ statement: Int, entry: [WitnessStep], into result: inout BlockSummary) -> PathChange {
        let record = context.outline.statements[statement]
        // The true branch's path is never empty, so it wins over the else path as `mergePaths` would pick.
        var open: PathChange?
        let line = syntax.line(of: record.keywordToken)
        if let then = child(record.blocks.first), !rules.isExempt(statement, .then) {
            absorb(then, into: &result)
            open = explained(
                then.open, entry: entry, at: record.keywordToken,
                "the true branch of the if at line \(line) ends without \(rules.missing)")
        }
        guard !rules.isExempt(statement, .otherwise) else { return open ?? .replace(nil) }
        if let otherwise = child(record.blocks.count > 1 ? record.blocks[1] : nil) {
            absorb(otherwise, into: &result)
            let elsePath = explained(
                otherwise.open, entry: entry, at: record.keywordToken,
                "the else branch of the if at line \(line) ends without \(rules.missing)")
            return open ?? elsePath ?? .replace(nil)
        }
        return open
            ?? .append(
                syntax.step(
                    at: record.keywordToken, "if at line \(line) falls through when false, without \(rules.missing)"))
    }

    /// A child's open path that went through unchanged keeps the explanation it came in with, or,
    /// when it had none, gets `message` as its first step.
    private func explained(
        _ path: [WitnessStep]?, entry: [WitnessStep], at token: Int, _ message: String
    ) -> PathChange? {
        guard let path else { return nil }
        guard path.isEmpty else { return .replace(path) }
        return entry.isEmpty ? .replace([syntax.step(at: token, message)]) : .keep
    }

    /// `let request = if ready { A(done: { action.fulfill() }) } else { … }`: an `if`/`switch`
    /// expression meets the obligation when every one of its branches does.
    private func composeBranchingValue(_ statement: Int, into result: inout BlockSummary) -> PathChange {
        let record = context.outline.statements[statement]
        // The parser puts the `if`/`switch` in an `.expressionBranches` block of the declaration.
        var allMeet = !record.blocks.isEmpty
        for block in record.blocks {
            guard let branch = child(block) else { continue }
            absorb(branch, into: &result, keepJumps: false)
            if branch.open != nil { allMeet = false }
        }
        return allMeet ? .replace(nil) : .keep
    }

    private func composeSwitch(_ statement: Int, into result: inout BlockSummary) -> [WitnessStep]? {
        let record = context.outline.statements[statement]
        var open: [WitnessStep]?
        for (position, caseBlock) in record.blocks.enumerated() where !rules.isExempt(statement, .switchCase(position))
        {
            guard let body = child(caseBlock) else { continue }
            absorb(body, into: &result, keepJumps: false)
            if open == nil, body.open != nil || body.jumps != nil {
                let label = syntax.caseLabel(of: caseBlock)
                let name = context.outline.blocks[caseBlock].isDefaultCase ? "default:" : "case"
                open = [
                    syntax.step(at: label, "\(name) at line \(syntax.line(of: label)) ends without \(rules.missing)")
                ]
            }
        }
        return open
    }

    private func composeDo(_ statement: Int, into result: inout BlockSummary) -> [WitnessStep]? {
        let record = context.outline.statements[statement]
        guard let body = child(record.blocks.first) else { return nil }
        let catches = record.blocks.dropFirst()
        result.leaks.append(contentsOf: body.leaks)
        if result.jumps == nil { result.jumps = body.jumps }
        if catches.isEmpty, result.throwsOpen == nil { result.throwsOpen = body.throwsOpen }
        var open = body.open
        // A catch runs with the obligation open only if something could throw before it was met.
        for catchBlock in catches where body.throwsOpen != nil {
            guard let handler = child(catchBlock) else { continue }
            absorb(handler, into: &result)
            if open == nil, handler.open != nil {
                let keyword = syntax.caseLabel(of: catchBlock)
                open = [
                    syntax.step(at: keyword, "catch at line \(syntax.line(of: keyword)) ends without \(rules.missing)")
                ]
            }
        }
        return open
    }

    private func composeConditional(_ statement: Int, into result: inout BlockSummary) -> PathChange {
        let record = context.outline.statements[statement]
        var open: [WitnessStep]?
        var hasElse = false
        for clause in record.blocks {
            guard let body = child(clause) else { continue }
            absorb(body, into: &result)
            let directive = syntax.directive(of: clause)
            if context.file.tokens[directive].kind == .poundElse { hasElse = true }
            if open == nil, body.open != nil {
                open = [
                    syntax.step(
                        at: directive, "#if branch at line \(syntax.line(of: directive)) ends without \(rules.missing)")
                ]
            }
        }
        if !hasElse, open == nil {
            let line = syntax.line(of: record.keywordToken)
            return .append(
                syntax.step(
                    at: record.keywordToken, "#if at line \(line) has no #else: builds without it skip \(rules.missing)"
                ))
        }
        return .replace(open)
    }

    private func returnStep(_ statement: Int) -> WitnessStep {
        let outline = context.outline
        let record = outline.statements[statement]
        let parent = outline.blocks[record.parentBlock]
        if parent.kind == .guardElse, case .statement(let guardStatement) = parent.owner {
            let keyword = outline.statements[guardStatement].keywordToken
            return syntax.step(
                at: keyword, "guard at line \(syntax.line(of: keyword)) returns without \(rules.missing)")
        }
        let line = syntax.line(of: record.keywordToken)
        return syntax.step(at: record.keywordToken, "return at line \(line) leaves without \(rules.missing)")
    }
}
