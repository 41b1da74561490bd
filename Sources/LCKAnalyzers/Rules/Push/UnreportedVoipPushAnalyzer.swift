import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds PushKit VoIP handlers with a path that returns before a new incoming call is reported.
///
/// A report inside a `Task`, a dispatch or a network callback happens after the handler returned,
/// and in the `async` variant awaiting other work first delays it: both count as not reported.
/// Branches for non-VoIP pushes, for `metadata.mustReport == false` and for systems before iOS 13
/// (where the report-or-be-killed rule does not exist) owe nothing, and the deprecated callback of a type that
/// implements the completion variant is never called (`SupersededPushHandlers`).
package struct UnreportedVoipPushAnalyzer: Analyzer {
    package let ruleID = "unreported_voip_push"

    package init() {}

    /// Findings start from the incoming-push callbacks, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.baseNames(of: PushHandler.selectors) }

    /// The deprecated callback is dead code on a type that implements the completion variant in any file.
    package func projectFacts(in context: AnalysisContext) -> (any ProjectFact)? {
        SupersededPushHandlers(context)
    }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let syntax = StatementSyntax(context: context)
        let parameters = context.metadata(for: ruleID)?.parameters
        let vocabulary = ReportVocabulary(
            members: Set(
                parameters?.strings("reportMembers") ?? ["reportNewIncomingCall", "reportNewIncomingConversation"]),
            helperWords: parameters?.strings("reportingHelperWords") ?? ["incoming"])
        let pushHandlerOwners = context.project.fact(SupersededPushHandlers.key)
        var localOwners: SupersededPushHandlers?
        let handOffs = RuntimeHandOffs(context: context, syntax: syntax)
        for handler in PushHandler.all(in: syntax) {
            guard let bodyBlock = context.outline.functions[handler.function].bodyBlock,
                !SupersededPushHandlers.isSuperseded(
                    handler.function, in: context, project: pushHandlerOwners, local: &localOwners)
            else { continue }
            let check = IncomingReport(
                context: context, syntax: syntax, vocabulary: vocabulary, handler: handler, depth: 0)
            var walker = PathWalker(context: context, syntax: syntax, rules: check.rules())
            let summary = walker.summary(of: bodyBlock)
            guard !summary.discharges, var witness = summary.firstWitness else { continue }
            if summary.leaks.isEmpty {
                let end = syntax.closingBrace(of: handler.function)
                witness.append(
                    syntax.step(at: end, "handler ends at line \(syntax.line(of: end)) without reporting a call"))
            }
            let nameToken = context.outline.functions[handler.function].nameToken
            var finding = context.finding(
                ruleID, at: context.range(ofToken: nameToken), message: .unreportedPush(reason: witness[0].message),
                witness: witness)
            handOffs.qualify(&finding, handler: handler.function)
            findings.append(finding)
        }
    }
}

/// The names that report an incoming call, and words that make an unseen helper look like one.
struct ReportVocabulary {
    var members: Set<String>
    var helperWords: [String]

    func looksLikeReportingHelper(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return helperWords.contains { lowered.contains($0.lowercased()) }
    }
}

/// The path analysis "has the incoming call been reported, in time", for a handler or a helper it calls.
struct IncomingReport {
    let context: AnalysisContext
    let syntax: StatementSyntax
    let vocabulary: ReportVocabulary
    let handler: PushHandler
    let depth: Int

    func rules() -> PathRules {
        PathRules(
            effect: { statement, summaries in effect(of: statement, summaries: summaries) },
            isExempt: { statement, branch in
                syntax.isNonVoIPBranch(statement, branch) || syntax.isPreReportingSystemBranch(statement, branch)
                    || isHandedOffBranch(statement, branch)
            },
            missing: "reporting a call")
    }

    private func effect(of statement: Int, summaries: [Int: BlockSummary]) -> PathEffect {
        let outline = context.outline
        let file = context.file
        let calls = syntax.ownCalls(of: statement)
        let names = calls.map { file.name(at: outline.calls[$0].nameToken) }
        if names.contains(where: vocabulary.members.contains) { return .satisfies }
        if syntax.terminates(statement) { return .ends }
        if let effect = helperReport(calls) { return effect }
        if handsOnPayload(statement, calls: calls) { return .satisfies }
        for closure in syntax.ownClosures(of: statement) {
            let record = outline.closures[closure]
            let caller = record.call.map { file.name(at: outline.calls[$0].nameToken) } ?? ""
            if synchronousClosureCallers.contains(caller) {
                if summaries[record.bodyBlock]?.discharges == true { return .satisfies }
                continue
            }
            if let report = firstReport(in: record.range) {
                let at = record.call.map { outline.calls[$0].nameToken } ?? record.leftBrace
                let what = caller.isEmpty ? "a closure" : caller
                return .violates(
                    syntax.step(
                        at: report,
                        "\(file.name(at: report)) at line \(syntax.line(of: report)) runs inside \(what) at line \(syntax.line(of: at)), after the handler returns"
                    ))
            }
            // A callback handed to code we cannot see (an SDK's push router) that reports through a
            // helper of this file: the SDK decides when it runs, so trust it rather than guess.
            if !FulfillTiming.deferringCallers.contains(caller), summaries[record.bodyBlock]?.discharges == true {
                return .satisfies
            }
        }
        for call in calls {
            let record = outline.calls[call]
            let name = file.name(at: record.nameToken)
            if syntax.isLogCall(call) { continue }
            let helpers = syntax.isSameFileCall(call) ? syntax.functions(named: name) : []
            if !helpers.isEmpty {
                if depth < ActionResolution.maximumDepth, let effect = helperEffect(helpers[0]) { return effect }
                continue
            }
            // Initializers (`IncomingCallPayload(…)`) build values; they report nothing.
            if name.first?.isUppercase ?? true { continue }
            if vocabulary.looksLikeReportingHelper(name) { return .satisfies }
        }
        if handler.isAsync, syntax.hasAwait(statement) {
            let keyword = outline.statements[statement].keywordToken
            return .violates(
                syntax.step(
                    at: keyword, "awaits other work at line \(syntax.line(of: keyword)) before reporting a call"))
        }
        return .none
    }

    /// A helper in another file whose summary reports: met when it reports on every path before it
    /// returns; a violation when it may not run (`manager?.previewCall(…)`), reports on some paths
    /// only, or reports later. Nil for helpers of this file and helpers that do not report.
    private func helperReport(_ calls: [Int]) -> PathEffect? {
        for call in calls {
            let name = context.file.name(at: context.outline.calls[call].nameToken)
            guard !(syntax.isSameFileCall(call) && !syntax.functions(named: name).isEmpty),
                let resolved = syntax.resolvedCall(call)
            else { continue }
            let fact = resolved.summary.reportsIncoming
            switch fact.coverage {
            case .none, .unknown: continue
            case .all where !resolved.mayNotRun && !fact.deferred: return .satisfies
            case .all where fact.deferred && !resolved.mayNotRun:
                let at = context.outline.calls[call].nameToken
                return .violates(
                    syntax.step(
                        at: at,
                        "\(resolved.summary.selector) at \(resolved.summary.location.shortLocation) reports only after the handler returns (called at line \(syntax.line(of: at)))"
                    ))
            default:
                return .violatesAlong(syntax.helperSteps(resolved, call: call, fact: fact, what: "reporting a call"))
            }
        }
        return nil
    }

    /// A same-file helper: met when it reports on every path, its own violation when it defers.
    private func helperEffect(_ function: Int) -> PathEffect? {
        guard let body = context.outline.functions[function].bodyBlock else { return nil }
        let nested = IncomingReport(
            context: context, syntax: syntax, vocabulary: vocabulary, handler: handler, depth: depth + 1)
        var walker = PathWalker(context: context, syntax: syntax, rules: nested.rules())
        let summary = walker.summary(of: body)
        if summary.discharges { return .satisfies }
        if let leak = summary.leaks.first, let step = leak.last, step.message.contains("after the handler returns") {
            return .violates(step)
        }
        // A helper of this file that relies on one elsewhere (`delegate?.didReceiveIncomingCall(…)`).
        if let leak = summary.leaks.first,
            leak.contains(where: { $0.path != nil || $0.message.contains("may not run") })
        {
            return .violatesAlong(leak)
        }
        return nil
    }

    /// `if !sdk.handleNotification(payload) { … }`: the branch where the SDK took the push owes
    /// nothing here (the false branch of a negated hand-off, the true branch of a plain one).
    private func isHandedOffBranch(_ statement: Int, _ branch: PathBranch) -> Bool {
        let record = context.outline.statements[statement]
        guard record.kind == .if, let condition = record.condition, let payload = handler.payload,
            !condition.contains(where: {
                context.file.tokens[$0].keyword == .let || context.file.tokens[$0].keyword == .var
            })
        else { return false }
        for call in context.outline.calls(in: condition) where isOutsideHandOff(call, payload: payload) {
            let start = context.outline.calls[call].callee.lowerBound
            let negated = start > condition.lowerBound && context.file.text(at: start - 1) == "!"
            return branch == (negated ? .otherwise : .then)
        }
        return false
    }

    private func isOutsideHandOff(_ call: Int, payload: String) -> Bool {
        let record = context.outline.calls[call]
        let name = context.file.name(at: record.nameToken)
        guard !(name.first?.isUppercase ?? true), !syntax.isSameFileCall(call) || syntax.functions(named: name).isEmpty,
            !syntax.isLogCall(call)
        else { return false }
        return record.arguments.contains { isWholePayload($0.value, [payload]) || holdsWholePayload($0.value, payload) }
    }

    /// `(payload: payload, completion: completion)` or `[payload]`: a tuple or array argument that
    /// carries the whole push on to its receiver.
    private func holdsWholePayload(_ value: Range<Int>, _ payload: String) -> Bool {
        let tokens = context.file.tokens
        guard value.count > 2,
            tokens[value.lowerBound].kind == .leftParen || tokens[value.lowerBound].kind == .leftSquare
        else { return false }
        return value.dropFirst().contains { index in
            guard index + 1 < value.upperBound, syntax.isName(index, in: [payload]) else { return false }
            let before = tokens[index - 1].kind
            let after = tokens[index + 1].kind
            return (before == .colon || before == .comma || before == .leftParen || before == .leftSquare)
                && (after == .comma || after == .rightParen || after == .rightSquare)
        }
    }

    /// A statement that only hands the whole push to code elsewhere (`sdk.handle(payload)`), which
    /// we trust to report; a value computed from the payload (`guard let x = parse(payload)`) is not.
    private func handsOnPayload(_ statement: Int, calls: [Int]) -> Bool {
        guard context.outline.statements[statement].kind == .expression, let payload = handler.payload else {
            return false
        }
        return calls.contains { isOutsideHandOff($0, payload: payload) }
    }

    /// `payload` or `payload.dictionaryPayload`: the whole push handed on, not one field of it.
    private func isWholePayload(_ value: Range<Int>, _ names: Set<String>) -> Bool {
        guard let first = value.first, syntax.isName(first, in: names) else { return false }
        return value.count == 1
            || (value.count == 3 && context.file.name(at: value.lowerBound + 2) == "dictionaryPayload")
    }

    private func firstReport(in range: Range<Int>) -> Int? {
        for call in context.outline.calls(in: range) {
            let token = context.outline.calls[call].nameToken
            if vocabulary.members.contains(context.file.name(at: token)) { return token }
        }
        return nil
    }
}

extension String {
    fileprivate static func unreportedPush(reason: String) -> String {
        "VoIP push handler can return without reporting a new incoming call: \(reason)"
    }
}
