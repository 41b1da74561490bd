import LCKCore

/// Turns a parsed `analyzers/<id>.json` file into an `AnalyzerRule`.
enum AnalyzerRuleDecoder {
    /// `expectedID` is the file name without `.json`; the id inside must equal it.
    static func decodeFile(_ root: JSONValue, expectedID: String, context: RuleFileContext) -> AnalyzerRule? {
        guard var rule = ObjectReader(root, context: context, what: "analyzer metadata") else { return nil }
        let before = context.diagnostics.count
        _ = rule.string("$schema")
        let id = rule.string("id", required: true)
        if let id, let idValue = root["id"] {
            if let problem = RuleIDFormat.problem(with: id) {
                context.error(at: idValue.range.start, problem)
            } else if id != expectedID {
                context.error(
                    at: idValue.range.start, "analyzer id '\(id)' does not match its file name '\(expectedID).json'")
            }
        }
        let kind = rule.choice("kind", as: AnalyzerKind.self, required: true)
        let title = rule.string("title", required: true)
        let severity = rule.choice("severity", as: Severity.self, required: true)
        let confidence = rule.choice("confidence", as: Confidence.self)
        let summary = rule.string("summary", required: true)
        let rationale = rule.string("rationale", required: true)
        let lck = rule.string("lck", required: true)
        let sources = rule.strings("sources", required: true) ?? []
        let tags = rule.strings("tags") ?? []
        var parameters = AnalyzerParameters()
        if let value = rule.value("parameters") {
            if value.members == nil {
                rule.wrongType("parameters", value, expected: "an object")
            } else {
                parameters = AnalyzerParameters(value)
            }
        }
        var triggering: [String]?
        var nonTriggering: [String]?
        if var examples = rule.object("examples", required: true, what: "'examples'") {
            triggering = examples.strings("triggering", required: true)
            nonTriggering = examples.strings("nonTriggering", required: true)
            examples.finish()
            checkMarkers(triggering, key: "triggering", expectMarker: true, in: examples)
            checkMarkers(nonTriggering, key: "nonTriggering", expectMarker: false, in: examples)
        }
        rule.finish()
        guard context.diagnostics.count == before, let id, let kind, let title, let severity, let summary,
            let rationale, let lck, let triggering, let nonTriggering
        else { return nil }
        return AnalyzerRule(
            id: id, kind: kind.descriptorKind, title: title, severity: severity, confidence: confidence,
            summary: summary, rationale: rationale, lck: lck, sources: sources, tags: tags, parameters: parameters,
            triggeringExamples: triggering, nonTriggeringExamples: nonTriggering,
            location: context.location(of: root.range.start), source: root
        )
    }

    /// Triggering examples must say where the finding goes; non-triggering ones must not.
    private static func checkMarkers(_ examples: [String]?, key: String, expectMarker: Bool, in reader: ObjectReader) {
        guard let examples, let elements = reader.object[key]?.arrayValue else { return }
        for (example, element) in zip(examples, elements) where example.contains("↓") != expectMarker {
            let message =
                expectMarker
                ? "triggering example has no '↓' marker"
                : "non-triggering example must not contain a '↓' marker"
            reader.context.error(at: element.range.start, message)
        }
    }

    enum AnalyzerKind: String, CaseIterable {
        case analyzer
        case meta

        var descriptorKind: RuleDescriptor.Kind { self == .meta ? .meta : .analyzer }
    }
}
