import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Flags a `CXHandle(type:value:)` or `Handle(type:value:displayName:)` whose value is transient.
///
/// Recents and Siri redial the stored handle, so a room name, session id, token, `UUID().uuidString`,
/// composite key or placeholder gives entries nobody can call back. The value is followed back
/// (`ValueProvenance`: locals, properties, computed properties, returns, interpolations, `??`, ternaries)
/// and classified (`ValueClassifier`, word lists in `Rules/analyzers/transient_handle.json`).
package struct TransientHandleAnalyzer: Analyzer {
    package let ruleID = "transient_handle"

    package init() {}

    /// Findings sit at `CXHandle(…)`/`Handle(…)` constructions.
    package func triggerNames(rules: RuleTable) -> Set<String>? { ["CXHandle", "Handle"] }

    /// Value origins of the pre-pass's files (properties, returns, Bool constants), for other files.
    package func projectFacts(in context: AnalysisContext) -> (any ProjectFact)? {
        ValueFacts.collect(in: context)
    }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let file = context.file
        var provenance: ValueProvenance?
        for call in context.outline.calls {
            guard let typeToken = CallRoles.constructedTypeToken(of: call, in: file),
                file.token(file.tokens[typeToken], is: "CXHandle") || file.token(file.tokens[typeToken], is: "Handle"),
                CallRoles.argument("type", of: call, in: file) != nil,
                let value = CallRoles.argument("value", of: call, in: file)?.value, !value.isEmpty
            else { continue }
            if provenance == nil { provenance = Self.provenance(in: context) }
            guard let (leaf, confidence) = Self.verdict(provenance!.trace(value)) else { continue }
            let shown = file.text(of: value)
            let what = "looks transient (\(leaf.origin.rawValue))"
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: typeToken),
                    message: "Handle value `\(shown)` \(what): \(leaf.evidence); "
                        + "Recents and Siri redial need a stable identifier of the person or group",
                    confidence: confidence, evidence: [leaf.evidence]))
        }
    }

    /// A walker for `context` with the rule file's word lists and the project's value facts.
    static func provenance(in context: AnalysisContext) -> ValueProvenance {
        ValueProvenance(
            context: context,
            classifier: ValueClassifier(parameters: context.metadata(for: "transient_handle")?.parameters),
            external: context.project.fact(ValueFacts.key))
    }

    /// The origin that decides, and how sure: a transient one if any alternative is (`?? ""` unwrapping and
    /// a `""` default aside). A display name is a `likely` instance at most (anti-pattern definitions, rule 1):
    /// not reported. Fixed text (`"Alice"`, `"Incoming call"`) is the same handle for every call, so it is a
    /// placeholder — reported with low confidence — unless it is only the fallback of a real value.
    static func verdict(_ leaves: [ProvenanceLeaf]) -> (ProvenanceLeaf, Confidence)? {
        // A property's `""` is a default the app replaces at run time (a text field, another file).
        var considered = leaves.filter {
            !($0.isPlainText && $0.isFallback)
                && !($0.isEmptyLiteral && ($0.isFallback || $0.chain.contains { $0.hasPrefix("`") }))
        }
        if considered.contains(where: { !$0.isEmptyLiteral && $0.origin != .unknown }) {
            considered.removeAll { $0.isEmptyLiteral }
        }
        guard let transient = considered.first(where: { $0.origin.isTransient }) else { return nil }
        return (transient, transient.byShape && !transient.isFallback && !transient.isPlainText ? .medium : .low)
    }

    /// The local (or top-level) variable a bare name refers to; properties can change anywhere, so no.
    static func singleLocal(_ range: Range<Int>, in context: AnalysisContext) -> Int? {
        guard range.count == 1, context.file.tokens[range.lowerBound].kind == .identifier,
            let index = context.facts.lookup(name: context.file.name(at: range.lowerBound), at: range.lowerBound)
        else { return nil }
        let variable = context.outline.variables[index]
        let isGlobal = variable.kind == .property && variable.enclosingType == nil && variable.enclosingFunction == nil
        return variable.kind == .local || isGlobal ? index : nil
    }
}
