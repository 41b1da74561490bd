import LCKCore
import LCKLexer
import LCKParser

/// The path analysis "is this action fulfilled or failed", reusable for helpers it is passed to.
package struct ActionResolution {
    let context: AnalysisContext
    let syntax: StatementSyntax
    /// How many helpers deep this analysis is; helpers past `maximumDepth` are trusted.
    let depth: Int
    package static let maximumDepth = 3

    package init(context: AnalysisContext, syntax: StatementSyntax, depth: Int) {
        self.context = context
        self.syntax = syntax
        self.depth = depth
    }

    func summary(of block: Int, aliases: Set<String>) -> BlockSummary {
        var walker = PathWalker(context: context, syntax: syntax, rules: rules(for: aliases))
        return walker.summary(of: block)
    }

    package func rules(for aliases: Set<String>) -> PathRules {
        PathRules(
            effect: { statement, summaries in effect(of: statement, aliases: aliases, summaries: summaries) },
            isExempt: { statement, branch in
                branch == .otherwise && guardAsksFailingHelper(statement, aliases: aliases)
            },
            missing: "fulfill() or fail()",
            uncaughtTryLeaves: true)
    }

    /// Calls that only describe a value (`type(of: action)`, `String(describing: action)`, logging):
    /// passing the action to them hands nothing over. Tunable as `describingCalls`.
    var describingCalls: Set<String> {
        Set(
            context.metadata(for: "unresolved_action")?.parameters.strings("describingCalls")
                ?? ["type", "String", "print", "debugPrint", "dump", "NSLog", "assert", "precondition"])
    }

    /// `self.onConnected = { … action.fulfill() … }`: a closure kept for later that resolves the action
    /// somewhere. When and how often it runs is decided elsewhere (it may be retried until it can
    /// resolve), so, like storing the action itself, this hands the action on.
    private func storesResolvingClosure(_ statement: Int, aliases: Set<String>) -> Bool {
        let outline = context.outline
        let tokens = context.file.tokens
        return syntax.ownClosures(of: statement).contains { closure in
            let range = outline.closures[closure].range
            guard range.lowerBound > 0, tokens[range.lowerBound - 1].kind == .equal else { return false }
            return outline.calls(in: range).contains { call in
                let name = context.file.name(at: outline.calls[call].nameToken)
                return (name == "fulfill" || name == "fail")
                    && syntax.mentions(aliases, in: outline.calls[call].receiver)
            }
        }
    }

    /// `guard let call = findCallOrFail(action: action) else { return }`: the helper fails the action
    /// on the path that makes the guard fail, so the `else` owes nothing.
    private func guardAsksFailingHelper(_ statement: Int, aliases: Set<String>) -> Bool {
        let outline = context.outline
        guard outline.statements[statement].kind == .guard else { return false }
        for call in syntax.ownCalls(of: statement) {
            guard let argument = syntax.argumentPassing(aliases, in: call),
                let helper = syntax.helper(for: call, argument: argument),
                let body = outline.functions[helper.function].body
            else { continue }
            let helperAliases = Set(syntax.aliases(of: helper.parameter, type: nil, in: helper.function).keys)
            let fails = outline.calls(in: body).contains { inner in
                context.file.name(at: outline.calls[inner].nameToken) == "fail"
                    && syntax.mentions(helperAliases, in: outline.calls[inner].receiver)
            }
            if fails { return true }
        }
        return false
    }

    private func effect(of statement: Int, aliases: Set<String>, summaries: [Int: BlockSummary]) -> PathEffect {
        let outline = context.outline
        let file = context.file
        let calls = syntax.ownCalls(of: statement)
        for call in calls {
            let name = file.name(at: outline.calls[call].nameToken)
            if name == "fulfill" || name == "fail", syntax.mentions(aliases, in: outline.calls[call].receiver) {
                return .satisfies
            }
        }
        if syntax.terminates(statement) { return .ends }
        if storesResolvingClosure(statement, aliases: aliases) { return .satisfies }
        for closure in syntax.ownClosures(of: statement)
        where summaries[outline.closures[closure].bodyBlock]?.discharges == true {
            // A helper elsewhere that may never call the closure that resolves the action.
            if let (fact, resolved, call) = syntax.closureFact(of: closure), fact.coverage != .all || resolved.mayNotRun
            {
                // A helper that never calls the closure leaves the action open; one that calls it on some
                // paths, or may not run, is where it is dropped.
                if fact.coverage == .none && !resolved.mayNotRun { continue }
                return .violatesAlong(syntax.helperSteps(resolved, call: call, fact: fact, what: "calling it"))
            }
            return .satisfies
        }
        let describing = describingCalls
        for call in calls {
            guard let argument = syntax.argumentPassing(aliases, in: call) else { continue }
            if describing.contains(file.name(at: outline.calls[call].nameToken)) || syntax.isLogCall(call) { continue }
            if syntax.helper(for: call, argument: argument) == nil, let fact = helperFact(call, argument: argument) {
                // A helper elsewhere that never resolves the action (a history log) leaves it open here.
                if fact.coverage == .none && !fact.resolved.mayNotRun { continue }
                return .violatesAlong(
                    syntax.helperSteps(fact.resolved, call: call, fact: fact.fact, what: "fulfilling or failing it"))
            }
            guard let helper = syntax.helper(for: call, argument: argument), depth < Self.maximumDepth,
                let helperBody = outline.functions[helper.function].bodyBlock
            else { return .satisfies }
            let nested = ActionResolution(context: context, syntax: syntax, depth: depth + 1)
            let helperAliases = Set(syntax.aliases(of: helper.parameter, type: nil, in: helper.function).keys)
            if nested.summary(of: helperBody, aliases: helperAliases).discharges { return .satisfies }
        }
        if syntax.storesValue(aliases, in: statement) { return .satisfies }
        return .none
    }
}

extension ActionResolution {
    /// The action handed to a helper elsewhere whose summary resolves it on some paths only (or that
    /// may not run): the witness steps; nil when the helper resolves it or is unknown.
    func helperFact(_ call: Int, argument: Int) -> (fact: ObligationFact, resolved: ResolvedCall, coverage: Coverage)? {
        guard let resolved = syntax.resolvedCall(call),
            let fact = resolved.summary.actionResolution[resolved.argumentParameters[argument]],
            fact.coverage != .unknown, fact.coverage != .all || resolved.mayNotRun
        else { return nil }
        return (fact, resolved, fact.coverage)
    }
}
