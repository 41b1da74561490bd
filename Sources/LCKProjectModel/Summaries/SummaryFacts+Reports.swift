import LCKCore
import LCKLexer
import LCKParser

/// The reporting fact of a summary: does the function report an incoming call.
extension SummaryFacts {
    var reportMembers: Set<String> {
        Set(
            context.metadata(for: "unreported_voip_push")?.parameters.strings("reportMembers")
                ?? Array(Self.defaultReportMembers))
    }

    mutating func reportFact(body: Int, range: Range<Int>) -> ObligationFact {
        let members = reportMembers
        let outline = context.outline
        let file = context.file
        var seen = outline.calls(in: range).contains { members.contains(file.name(at: outline.calls[$0].nameToken)) }
        if !seen {
            seen = outline.calls(in: range).contains { call in
                guard let resolved = syntax.resolvedCall(call) else { return false }
                return resolved.summary.reportsIncoming.coverage == .all
                    || resolved.summary.reportsIncoming.coverage == .some
            }
        }
        guard seen else { return ObligationFact(coverage: .none) }
        let deferred = Flag()
        let facts = self
        let rules = PathRules(
            effect: { statement, summaries in
                facts.reportEffect(statement, members: members, summaries: summaries, deferred: deferred)
            },
            missing: "reporting a call")
        let result = walk(body, rules)
        if result.discharges { return ObligationFact(coverage: .all, deferred: deferred.value) }
        return partial(result, missing: "reporting a call")
    }

    private func reportEffect(
        _ statement: Int, members: Set<String>, summaries: [Int: BlockSummary], deferred: Flag
    ) -> PathEffect {
        let outline = context.outline
        let file = context.file
        let calls = syntax.ownCalls(of: statement)
        if calls.contains(where: { members.contains(file.name(at: outline.calls[$0].nameToken)) }) { return .satisfies }
        if syntax.terminates(statement) { return .ends }
        for closure in syntax.ownClosures(of: statement) {
            let record = outline.closures[closure]
            let caller = record.call.map { file.name(at: outline.calls[$0].nameToken) } ?? ""
            guard summaries[record.bodyBlock]?.discharges == true else { continue }
            if !synchronousClosureCallers.contains(caller) { deferred.value = true }
            return .satisfies
        }
        for call in calls {
            guard let resolved = syntax.resolvedCall(call), !resolved.mayNotRun,
                resolved.summary.reportsIncoming.coverage == .all
            else { continue }
            if resolved.summary.reportsIncoming.deferred { deferred.value = true }
            return .satisfies
        }
        return .none
    }
}
