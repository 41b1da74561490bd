import LCKCore
import LCKLexer
import LCKParser

/// One place a value can come from, as the walk found it.
package struct ProvenanceLeaf: Sendable, Hashable {
    package var origin: ValueOrigin
    /// How it was reached, outermost first: "`key` (line 40)", "interpolation of `a` and `b`".
    package var chain: [String]
    /// Decided by the value's shape (a literal, `UUID()`, an interpolation), not by a name's words.
    package var byShape: Bool
    /// Reached through the right side of `??`: only used when the real value is missing.
    package var isFallback = false
    /// The empty string literal (a default before the real assignment, or `?? ""` unwrapping).
    package var isEmptyLiteral = false
    /// A fixed literal that is neither placeholder words, a marker nor a made-up number (a name, a sentence).
    package var isPlainText = false
    /// The literal's text, when the origin is a plain string literal.
    package var literal: String?
    /// The `UUID` token of a fresh `UUID()` in this file.
    package var freshUUID: Int?

    /// "value ← `key` (line 40) ← interpolation of `a` and `b`".
    package var evidence: String { (["value"] + chain).joined(separator: " ← ") }
}

/// Counted work of provenance walks; tests assert it stays within the budget per value.
package struct ProvenanceWork: Sendable, Hashable {
    /// Values traced.
    package var walks = 0
    /// Expressions visited over all walks.
    package var steps = 0
    /// Walks stopped by the step budget.
    package var exhausted = 0
    /// `return` statements looked at while finding what functions and getters return.
    package var returnsExamined = 0
}

/// Follows a value expression back to where it is made: locals and their assignments, stored
/// properties (initializer and every assignment in the file), computed properties, the returns of
/// functions of the file, interpolation parts, `??` fallbacks and ternary branches; for names of other
/// files, the project's `ValueFacts`. A worklist with a step budget per value, never recursion.
package struct ValueProvenance {
    static let stepBudget = 40

    struct Item {
        var range: Range<Int>
        var chain: [String]
        var isFallback = false
        /// The words of the nearest name on the way, which decide over words found deeper.
        var hint: (origin: ValueOrigin, word: String, name: String)?
    }

    let context: AnalysisContext
    let classifier: ValueClassifier
    let external: ValueFacts?
    /// A member chain's words end the walk (`invite.roomToken`); off to reach the literal behind any name.
    package var wordsDecide = true
    private(set) var work = ProvenanceWork()
    private(set) var index: ProvenanceIndex?

    package init(context: AnalysisContext, classifier: ValueClassifier, external: ValueFacts?) {
        self.context = context
        self.classifier = classifier
        self.external = external
    }

    /// Every origin `range` can have, in the order found (deterministic).
    package mutating func trace(_ range: Range<Int>) -> [ProvenanceLeaf] {
        walk([Item(range: range, chain: [])])
    }

    /// The origins of what the functions named `name` of this file return.
    package mutating func traceReturns(of name: String, at token: Range<Int>) -> [ProvenanceLeaf] {
        if index == nil { index = ProvenanceIndex(context: context) }
        let hint = classifier.words(of: name).map { (origin: $0.origin, word: $0.word, name: name) }
        let items = index!.returns(ofFunction: name).map {
            Item(range: $0.range, chain: ["return at line \($0.line)"], hint: hint)
        }
        return items.isEmpty ? [] : walk(items)
    }

    private mutating func walk(_ start: [Item]) -> [ProvenanceLeaf] {
        if index == nil { index = ProvenanceIndex(context: context) }
        work.walks += 1
        var leaves: [ProvenanceLeaf] = []
        var pending = start
        var seen: Set<Int> = []
        var steps = 0
        var head = 0
        while head < pending.count {
            let item = pending[head]
            head += 1
            guard steps < Self.stepBudget else {
                work.exhausted += 1
                break
            }
            steps += 1
            let trimmed = trim(item.range)
            guard !trimmed.isEmpty, seen.insert(trimmed.lowerBound << 20 | trimmed.count).inserted else { continue }
            var current = item
            current.range = trimmed
            step(current, leaves: &leaves, pending: &pending)
        }
        work.steps += steps
        return leaves
    }

    /// One expression: a leaf, or the expressions it comes from.
    private func step(_ item: Item, leaves: inout [ProvenanceLeaf], pending: inout [Item]) {
        let file = context.file
        if let (left, right) = split(item.range) {
            pending.append(Item(range: left, chain: item.chain, isFallback: item.isFallback, hint: item.hint))
            var fallback = Item(range: right, chain: item.chain, isFallback: true, hint: nil)
            fallback.chain.append("fallback after `??`")
            pending.append(fallback)
            return
        }
        if let branches = ternaryBranches(item.range) {
            for branch in branches {
                pending.append(Item(range: branch, chain: item.chain, isFallback: item.isFallback, hint: item.hint))
            }
            return
        }
        if let leaf = shape(item) {
            leaves.append(leaf)
            return
        }
        if let parts = interpolationParts(item.range) {
            let shown = parts.map { "`\(file.text(of: $0))`" }
            if parts.count >= 2 {
                leaves.append(
                    leaf(item, .compositeKey, "interpolation of \(shown.joined(separator: " and "))", byShape: true))
            } else if let part = parts.first {
                pending.append(Item(range: part, chain: item.chain, isFallback: item.isFallback, hint: item.hint))
            }
            return
        }
        follow(item, leaves: &leaves, pending: &pending)
    }

    /// Names and calls: their sources in this file or the project, else their words.
    private func follow(_ item: Item, leaves: inout [ProvenanceLeaf], pending: inout [Item]) {
        let file = context.file
        let path = index!.namePath(item.range)
        guard let last = path.last else {
            leaves.append(wordsLeaf(item))
            return
        }
        let name = file.name(at: last.token)
        var next = item
        if let words = classifier.words(of: name), item.hint == nil || path.count == 1 {
            next.hint = (words.origin, words.word, name)
        }
        // `a.b.c`: the chain's own words decide first (`invite.roomToken`, `user.id`).
        if wordsDecide, path.count > 1, !last.isCall, let decided = chainWords(path.map(\.token), item: item) {
            leaves.append(decided)
            return
        }
        let sources =
            last.isCall
            ? index!.returns(ofFunction: name)
            : index!.sources(ofName: name, at: last.token, qualified: path.count > 1)
        if !sources.isEmpty {
            for source in sources.prefix(8) {
                var child = next
                child.range = source.range
                child.chain.append("`\(name)` (line \(source.line))")
                pending.append(child)
            }
            return
        }
        if let facts = external?.leaves(for: name, isCall: last.isCall), !facts.isEmpty {
            for fact in facts {
                var copy = fact
                copy.chain = item.chain + fact.chain
                copy.isFallback = item.isFallback
                if !copy.byShape, let hint = next.hint { copy = hinted(next, hint) }
                leaves.append(copy)
            }
            return
        }
        leaves.append(wordsLeaf(next))
    }

    func leaf(_ item: Item, _ origin: ValueOrigin, _ why: String, byShape: Bool) -> ProvenanceLeaf {
        ProvenanceLeaf(origin: origin, chain: item.chain + [why], byShape: byShape, isFallback: item.isFallback)
    }

    private func hinted(_ item: Item, _ hint: (origin: ValueOrigin, word: String, name: String)) -> ProvenanceLeaf {
        leaf(item, hint.origin, "word '\(hint.word)' in `\(hint.name)`", byShape: false)
    }

    /// The nearest name's words, or unknown.
    private func wordsLeaf(_ item: Item) -> ProvenanceLeaf {
        if let hint = item.hint { return hinted(item, hint) }
        if let decided = chainWords(Array(item.range), item: item) { return decided }
        return leaf(item, .unknown, "`\(context.file.text(of: item.range))`", byShape: false)
    }

    /// From the last identifier (or subscript string key) back, the first whose words decide; a weak word
    /// (`uuid`) only when nothing else does (`call.uuid` vs `user.uuid`).
    private func chainWords(_ tokens: [Int], item: Item) -> ProvenanceLeaf? {
        let file = context.file
        var weak: ProvenanceLeaf?
        var squareDepth = 0
        for index in tokens.reversed() {
            let token = file.tokens[index]
            if token.kind == .rightSquare { squareDepth += 1 }
            if token.kind == .leftSquare { squareDepth = max(0, squareDepth - 1) }
            let isName =
                token.kind == .identifier && !CallRoles.isCapitalized(index, in: file)
                && !(index + 1 < file.tokens.count && file.tokens[index + 1].kind == .colon)
            let isKey = token.kind == .stringSegment && squareDepth > 0
            guard isName || isKey else { continue }
            let name = isKey ? file.text(at: index) : file.name(at: index)
            if let words = classifier.words(of: name) {
                return leaf(item, words.origin, "word '\(words.word)' in `\(name)`", byShape: false)
            }
            if weak == nil, let hit = CallRoles.lastMatch(CallRoles.words(of: name), in: classifier.weakTransientWords)
            {
                weak = leaf(item, .uuidOrRandom, "word '\(hit.entry)' in `\(name)`", byShape: false)
            }
        }
        return weak
    }
}
