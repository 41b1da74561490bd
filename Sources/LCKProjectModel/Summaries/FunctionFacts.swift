import LCKCore
import LCKLexer
import LCKParser

/// A per-function fact that one analyzer adds to the function summaries, declared beside that analyzer
/// (`Analyzer.functionFacts`): summarised from each function's body, where a callee's fact of the same
/// kind comes from its summary as the table stands, and merged across the bodies one call may reach.
package protocol FunctionFact: Sendable, Hashable {
    /// Nothing found: a function not summarised yet, without a body, or past the work cap.
    init()
    /// The fact of one function, from its body.
    static func summarize(_ function: SummarizedFunction) -> Self
    /// What this fact and another body's fact of the same kind agree on.
    func agreeing(with other: Self) -> Self
}

/// One summary's analyzer facts, read by their type. A fact equal to `init()` is not stored, so two
/// summaries with the same facts compare equal however they got them.
package struct FunctionFacts: Sendable, Hashable {
    private var values: [ObjectIdentifier: any FunctionFact] = [:]

    package init() {}

    package subscript<Fact: FunctionFact>(_ kind: Fact.Type) -> Fact {
        get { values[ObjectIdentifier(kind)] as? Fact ?? Fact() }
        set { values[ObjectIdentifier(kind)] = newValue == Fact() ? nil : newValue }
    }

    /// The kinds with a fact that is not `init()`.
    var storedKinds: Dictionary<ObjectIdentifier, any FunctionFact>.Keys { values.keys }

    mutating func store<Fact: FunctionFact>(_ fact: Fact) { self[Fact.self] = fact }

    /// Kind by kind, what both agree on (a kind one of them lacks counts as its `init()`).
    func agreeing(with other: FunctionFacts) -> FunctionFacts {
        guard !values.isEmpty || !other.values.isEmpty else { return self }
        var result = FunctionFacts()
        for fact in values.values { result.store(fact.agreeing(in: self, other)) }
        for (key, fact) in other.values where values[key] == nil { result.store(fact.agreeing(in: self, other)) }
        return result
    }

    package static func == (lhs: FunctionFacts, rhs: FunctionFacts) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        return lhs.values.allSatisfy { key, fact in rhs.values[key].map { fact.isEqual(to: $0) } ?? false }
    }

    package func hash(into hasher: inout Hasher) {
        // In any order of the dictionary: the kinds' hashes are summed.
        var sum = 0
        for (key, fact) in values {
            var kind = Hasher()
            kind.combine(key)
            fact.hash(into: &kind)
            sum &+= kind.finalize()
        }
        hasher.combine(values.count)
        hasher.combine(sum)
    }
}

extension FunctionFact {
    fileprivate func isEqual(to other: any FunctionFact) -> Bool { (other as? Self) == self }

    /// `first[Self].agreeing(with: second[Self])`, for a fact known only as `any FunctionFact`.
    fileprivate func agreeing(in first: FunctionFacts, _ second: FunctionFacts) -> Self {
        first[Self.self].agreeing(with: second[Self.self])
    }
}

/// The function a `FunctionFact` is summarised for: its file's parse and statement queries (whose
/// `resolvedCall` reads the callees' summaries), and the calls of its body.
package struct SummarizedFunction {
    package let context: AnalysisContext
    package let syntax: StatementSyntax
    /// The file's display path, for `RemoteStep`s.
    package let path: String
    /// Index in `context.outline.functions`.
    package let function: Int
    /// The calls of its body, nested closures included, in source order.
    package let calls: [Int]
}
