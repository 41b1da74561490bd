import LCKCore

/// The witness a handler rule shows for an open obligation, chosen after the walk.
extension PathWalker {
    /// The first unmet path inside a closure started directly by `block`'s statements, to explain
    /// why a handler that hands its work to a closure still leaves a path open; only closures whose
    /// body `qualifies` (one that mentions the action, say) when a filter is given.
    package func closureWitness(
        in block: Int, where qualifies: (_ body: Range<Int>) -> Bool = { _ in true }
    ) -> [WitnessStep] {
        for statement in context.outline.statements(in: block) {
            for closure in syntax.ownClosures(of: statement) {
                let body = context.outline.closures[closure].bodyBlock
                if let witness = summaries[body]?.firstWitness, !witness.isEmpty,
                    qualifies(context.outline.blocks[body].range)
                {
                    return witness
                }
            }
        }
        return []
    }

    /// The steps that explain a handler left open: the walk's first witness, or, when the path reaches the
    /// end open and a closure mentioning `names` (one that meets the obligation on some of its paths) misses
    /// on another, that closure's path rather than the branches passed on the way. `notHigh` says why the
    /// finding is not certain: that path is the `else` of a `guard let self`, taken only once the object is
    /// gone, which depends on its lifetime elsewhere.
    package func openHandlerWitness(
        _ summary: BlockSummary, of block: Int, endsOpen: Bool, mentioning names: Set<String>
    ) -> (steps: [WitnessStep], notHigh: String?)? {
        guard var witness = summary.firstWitness else { return nil }
        let closure = closureWitness(in: block) { syntax.mentions(names, in: $0) }
        if witness.isEmpty || (endsOpen && !closure.isEmpty) {
            witness = closure.isEmpty ? closureWitness(in: block) : closure
        }
        let withoutSelf = endsOpen && !closure.isEmpty && syntax.isSelfGuard(at: witness[0].range.start)
        return (witness, withoutSelf ? "not high: the open path is taken only once `self` has been released" : nil)
    }
}
