import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds reports of incoming calls whose error is dropped: `try?`, a completion that never looks at
/// its error (or only logs it), a `catch` that only logs, or a `Task` that lets the error vanish.
package struct SwallowedReportErrorAnalyzer: Analyzer {
    package let ruleID = "swallowed_report_error"

    package init() {}

    static let defaultMembers = CallRoles.incomingReportMembers

    /// Findings sit at calls of the report members, or of the project's wrappers that forward their error.
    package func triggerNames(rules: RuleTable) -> Set<String>? {
        rules.analyzer(id: ruleID)?.parameters.strings("reportMembers").map(Set.init) ?? Self.defaultMembers
    }

    /// Callers of a wrapper that forwards a report's error judge that error.
    package func prefilterNames(project: ProjectFacts) -> Set<String> {
        project.summaries.names(having: ReportErrorForwarding.self)
    }

    package var functionFacts: [any FunctionFact.Type] { [ReportErrorForwarding.self] }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let members = parameters?.strings("reportMembers").map(Set.init) ?? Self.defaultMembers
        let syntax = StatementSyntax(context: context, logging: LoggingVocabulary(parameters: parameters))
        for call in context.outline.calls.indices
        where members.contains(context.file.name(at: context.outline.calls[call].nameToken)) {
            guard let (step, confidence) = swallowing(call, syntax: syntax) else { continue }
            let nameToken = context.outline.calls[call].nameToken
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: nameToken),
                    message: .swallowed(context.file.name(at: nameToken), reason: step.message), confidence: confidence,
                    witness: [step]))
        }
        let wrappers = context.project.summaries.names(having: ReportErrorForwarding.self)
        guard !wrappers.isEmpty else { return }
        for call in context.outline.calls.indices
        where wrappers.contains(context.file.name(at: context.outline.calls[call].nameToken)) {
            guard let (witness, confidence) = ignoredWrappedError(call, syntax: syntax) else { continue }
            let nameToken = context.outline.calls[call].nameToken
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: nameToken),
                    message: .swallowed(context.file.name(at: nameToken), reason: witness[0].message),
                    confidence: confidence, witness: witness))
        }
    }

    /// A call of a wrapper that hands a report's error to a closure, whose closure here ignores it, or that
    /// throws it, and the `try?` or `catch` here drops it.
    private func ignoredWrappedError(_ call: Int, syntax: StatementSyntax) -> ([WitnessStep], Confidence?)? {
        guard let resolved = syntax.resolvedCall(call) else { return nil }
        let location = resolved.summary.location
        func remote(_ what: String) -> WitnessStep {
            WitnessStep(
                path: location.path, position: location.position, utf16Column: location.utf16Column,
                message: "\(resolved.summary.selector) \(what)")
        }
        if resolved.summary.facts[ReportErrorForwarding.self].throwsError,
            let (step, confidence) = discardedThrow(call, syntax: syntax)
        {
            return ([step, remote("throws the error of its report")], confidence)
        }
        guard let parameter = resolved.summary.facts[ReportErrorForwarding.self].closureParameter,
            let closure = syntax.closures(of: call).first(where: {
                resolved.parameter(ofClosure: $0, in: syntax.outline, call: call) == parameter
            }),
            let step = ErrorUse(syntax: syntax, closure: closure).ignoredStep()
        else { return nil }
        return ([step, remote("hands the error of its report to this closure")], nil)
    }

    /// `try? f()`, or a `try f()` whose error a log-only `catch` or a `Task` drops.
    private func discardedThrow(_ call: Int, syntax: StatementSyntax) -> (WitnessStep, Confidence?)? {
        guard let keyword = syntax.tryKeyword(before: call) else { return nil }
        if syntax.file.tokens[keyword + 1].kind == .postfixQuestionMark {
            return (syntax.step(at: keyword, "try? at line \(syntax.line(of: keyword)) discards the error"), nil)
        }
        if syntax.isFollowedByOptionalMark(keyword) { return nil }
        return uncaught(syntax.outline.calls[call].nameToken, syntax: syntax)
    }

    /// The first closure (argument or trailing) of `call`: they all start inside its range, so only the
    /// closures there are looked at, not every closure of the file per report call.
    static func firstClosure(of call: Int, in outline: SyntaxOutline) -> Int? {
        let range = outline.calls[call].range
        var index = outline.firstClosure(atOrAfter: range.lowerBound)
        while index < outline.closures.count, outline.closures[index].leftBrace < range.upperBound {
            if outline.closures[index].call == call { return index }
            index += 1
        }
        return nil
    }

    private func swallowing(_ call: Int, syntax: StatementSyntax) -> (WitnessStep, Confidence?)? {
        let outline = syntax.outline
        let record = outline.calls[call]
        if let function = syntax.enclosingFunction(at: record.nameToken), let body = outline.functions[function].body,
            let id = record.arguments.first(where: {
                ["with", "uuid"].contains($0.label.map { syntax.file.name(at: $0) })
            }),
            syntax.isPlaceholderCallID(id.value, in: body)
        {
            return nil
        }
        // `try? await x.report(…)` / `_ = try? x.report(…)`
        if let keyword = syntax.tryKeyword(before: call), syntax.file.tokens[keyword + 1].kind == .postfixQuestionMark {
            return (syntax.step(at: keyword, "try? at line \(syntax.line(of: keyword)) discards the error"), nil)
        }
        if let closure = Self.firstClosure(of: call, in: outline) {
            return ErrorUse(syntax: syntax, closure: closure).ignoredStep().map { ($0, nil) }
        }
        return discardedThrow(call, syntax: syntax)
    }

    /// The texts of the values the `do` body's own statements return (`return id.uuidString`): a `catch`
    /// returning one of them tells the caller the same as success, so it signals nothing.
    static func returnedValues(in block: Int, syntax: StatementSyntax) -> Set<String> {
        var values: Set<String> = []
        for statement in syntax.outline.statements(in: block) {
            let record = syntax.outline.statements[statement]
            guard record.kind == .return, let value = record.condition, !value.isEmpty else { continue }
            values.insert(value.map { syntax.file.text(at: $0) }.joined(separator: " "))
        }
        return values
    }

    /// Follows a thrown error outwards: a `catch` that only logs, or a `Task` body that drops it.
    private func uncaught(_ token: Int, syntax: StatementSyntax) -> (WitnessStep, Confidence?)? {
        let outline = syntax.outline
        guard var block = syntax.innermostBlock(containing: token) else { return nil }
        var guardSteps = 0
        while guardSteps < 10_000 {
            guardSteps += 1
            switch outline.blocks[block].owner {
            case .statement(let statement):
                let record = outline.statements[statement]
                if record.kind == .do, record.blocks.first == block, record.blocks.count > 1 {
                    let catches = record.blocks.dropFirst()
                    let successReturns = Self.returnedValues(in: block, syntax: syntax)
                    guard catches.allSatisfy({ syntax.isLogOnly($0, alsoReturning: successReturns) }),
                        let first = catches.first
                    else { return nil }
                    let keyword = syntax.caseLabel(of: first)
                    return (
                        syntax.step(at: keyword, "catch at line \(syntax.line(of: keyword)) only logs the error"), nil
                    )
                }
                block = record.parentBlock
            case .closure(let closure):
                let caller = outline.closures[closure].call.map { syntax.file.name(at: outline.calls[$0].nameToken) }
                guard caller == "Task" || caller == "detached", let at = outline.closures[closure].call else {
                    return nil
                }
                let name = outline.calls[at].nameToken
                return (
                    syntax.step(
                        at: name,
                        "the error leaves the \(caller ?? "Task") at line \(syntax.line(of: name)), which drops it"),
                    .low
                )
            case .file, .type, .function, .variable:
                return nil
            }
        }
        return nil
    }
}

extension String {
    fileprivate static func swallowed(_ member: String, reason: String) -> String {
        "The error from \(member) is ignored (\(reason)); tear down the call and tell the server when reporting fails"
    }
}
