import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel

/// The cross-file half of `regenerated_incoming_uuid`: what the push handlers of the pre-pass's files
/// call, and which functions' results they report as the incoming call's id, so that a `UUID()` made
/// in a helper of another file is found where it is made.
extension RegeneratedIncomingUUIDAnalyzer {
    package struct PushIDFacts: ProjectFact, Hashable {
        package static let key = FactKey<PushIDFacts>()
        /// Functions whose result a push handler (or its same-file helpers) reports as the call's id.
        var idProducers: Set<String> = []
        /// Functions the push handlers call.
        var pushCallees: Set<String> = []

        package mutating func merge(_ later: PushIDFacts) {
            idProducers.formUnion(later.idProducers)
            pushCallees.formUnion(later.pushCallees)
        }
    }

    package func projectFacts(in context: AnalysisContext) -> (any ProjectFact)? {
        let syntax = StatementSyntax(context: context)
        let handlers = PushHandler.all(in: syntax).map(\.function)
        guard !handlers.isEmpty else { return nil }
        let file = context.file
        var facts = PushIDFacts()
        for function in handlers {
            guard let body = context.outline.functions[function].body else { continue }
            for call in context.outline.calls(in: body) {
                let record = context.outline.calls[call]
                let name = file.name(at: record.nameToken)
                if name.first?.isLowercase == true, !HelperReach.ignoredNames.contains(name) {
                    facts.pushCallees.insert(name)
                }
                guard Self.reportMembers.contains(name) || name.lowercased().contains("incoming") else { continue }
                for argument in record.arguments {
                    guard let label = argument.label,
                        Self.idLabels.contains(file.name(at: label))
                            || file.name(at: label).lowercased().hasSuffix("uuid")
                    else { continue }
                    if let producer = Self.producerName(argument.value, in: context) {
                        facts.idProducers.insert(producer)
                    }
                }
            }
        }
        return facts
    }

    /// `makeCallID()`, `ids.next()`: the function a call value comes from.
    static func producerName(_ value: Range<Int>, in context: AnalysisContext) -> String? {
        let tokens = context.file.tokens
        guard value.count >= 3, tokens[value.upperBound - 1].kind == .rightParen else { return nil }
        let open = Int(context.outline.matchingBracket[value.upperBound - 1])
        guard open > value.lowerBound, tokens[open - 1].kind == .identifier else { return nil }
        let name = context.file.name(at: open - 1)
        return name.first?.isLowercase == true ? name : nil
    }

    /// Helper names that make a file worth analysing: producers of reported ids, and push callees whose
    /// summary reports an incoming call.
    package func prefilterNames(project: ProjectFacts) -> Set<String> {
        guard let facts = project.fact(PushIDFacts.key) else { return [] }
        let reporting = facts.pushCallees.filter { name in
            project.summaries.byName[name]?.contains { $0.reportsIncoming.coverage != .none } == true
        }
        return facts.idProducers.union(reporting)
    }

    /// Functions of this file named by the project's push handlers: roots for the walk, and id producers.
    func projectRoots(_ context: AnalysisContext, syntax: StatementSyntax) -> (roots: [Int], producers: [Int]) {
        guard let facts = context.project.fact(PushIDFacts.key) else { return ([], []) }
        let names = prefilterNames(project: context.project).subtracting(facts.idProducers)
        let roots = names.sorted().flatMap { syntax.functions(named: $0) }
        let producers = facts.idProducers.sorted().flatMap { syntax.functions(named: $0) }
        return (roots, producers)
    }

    /// A function of this file whose every return is a fresh `UUID()` that a push handler reports as the
    /// incoming call's id: the finding sits at that `UUID()`.
    func reportProducers(
        _ producers: [Int], in context: AnalysisContext, reported: inout Set<Int>, into findings: inout [Finding],
        examined: Counter
    ) {
        guard !producers.isEmpty else { return }
        var provenance = TransientHandleAnalyzer.provenance(in: context)
        provenance.wordsDecide = false
        let file = context.file
        // `traceReturns` reads every function of a name at once: a later producer of the same name finds
        // only ids already reported.
        var traced: Set<String> = []
        for function in producers {
            let record = context.outline.functions[function]
            let name = file.name(at: record.nameToken)
            guard traced.insert(name).inserted else { continue }
            let leaves = provenance.traceReturns(of: name, at: record.nameToken..<record.nameToken + 1)
            examined.value += leaves.count
            guard !leaves.isEmpty, leaves.allSatisfy({ $0.freshUUID != nil }) else { continue }
            for leaf in leaves where reported.insert(leaf.freshUUID!).inserted {
                let step = WitnessStep(
                    range: context.range(ofToken: record.nameToken),
                    message: "\(name)() returns it, and a VoIP push handler reports the incoming call under it")
                findings.append(
                    context.finding(
                        ruleID, at: context.range(ofToken: leaf.freshUUID!),
                        message: "A fresh UUID() made in \(name)() identifies an incoming call reported from a "
                            + "VoIP push; use the call id the server put in the push payload",
                        confidence: .medium, witness: [step],
                        evidence: [leaf.evidence, "not high: `\(name)()` is the push handler's callee by name only"]))
            }
        }
    }
}
