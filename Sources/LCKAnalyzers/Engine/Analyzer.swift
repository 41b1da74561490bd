import LCKCore
import LCKProjectModel
import LCKRules

/// One check over a file's tokens and outline: an anti-pattern analyzer, or a test's stand-in.
///
/// Each built-in analyzer lives in its own `<Name>Analyzer.swift`, is listed in `AnalyzerRegistry.all`
/// and has its metadata (title, severity, rationale, examples, tunable word lists) in
/// `Rules/analyzers/<ruleID>.json`. `AnalyzerSuite` runs analyzers, concurrently on different files.
package protocol Analyzer: Sendable {
    /// The stable rule id; never reused for another meaning.
    var ruleID: String { get }

    /// Appends this analyzer's findings in `context`'s file (byte ranges; the scan locates them).
    func analyze(_ context: AnalysisContext, into findings: inout [Finding])

    /// `analyze`, appending at most `limit` findings, the first in report order (all a file cap of `limit`
    /// can keep), and returning how many more it would have appended: a rule with a finding per token need
    /// not build what the cap drops. The default builds everything and returns 0.
    func analyze(_ context: AnalysisContext, into findings: inout [Finding], limit: Int) -> Int

    /// Names (identifier text, backticks removed) of which a file must spell at least one for this
    /// analyzer to report anything there; nil (the default) runs it on every file. Lets a scan skip
    /// parsing files no rule can fire in, so it must never leave out a name a finding depends on.
    func triggerNames(rules: RuleTable) -> Set<String>?

    /// Names for the scan's byte prefilter (`Prefilter`): a file that spells none of them as a whole
    /// identifier — in code, comments or strings — can get no finding from this analyzer, whatever the
    /// rest of the project holds. Defaults to `triggerNames`; override it when a trigger name is common
    /// in any Swift code but every finding also needs a rarer name in the same file. Nil turns the
    /// prefilter off.
    func prefilterNames(rules: RuleTable) -> Set<String>?

    /// Names the project's facts make relevant to this analyzer, for the prefilter's second round: a
    /// file spelling one of them is analysed. Empty by default; an analyzer whose findings follow
    /// declarations it learned in other files (say, a helper that handlers call) names them here.
    func prefilterNames(project: ProjectFacts) -> Set<String>

    // MARK: Project pre-pass (optional)

    /// Byte strings that make the scan's pre-pass parse a file that names no type of the rule table;
    /// empty by default. Every file the pre-pass parses is offered to every analyzer's `projectFacts`.
    var projectMarkers: [[UInt8]] { get }

    /// What this analyzer learns from one file of the pre-pass, for its findings in other files; nil
    /// (the default) for an analyzer that looks at one file at a time. The scan merges the facts of
    /// all files in file order, so read them with `context.project.fact(TheFacts.key)`, the `FactKey`
    /// declared beside the facts' type.
    func projectFacts(in context: AnalysisContext) -> (any ProjectFact)?

    /// The kinds of per-function fact this analyzer adds to the function summaries, declared beside it
    /// (`FunctionFact`): a call's resolved summary then carries them, `summary.facts[TheFact.self]`, for
    /// findings that follow a helper into another file. Empty by default.
    var functionFacts: [any FunctionFact.Type] { get }
}

extension Analyzer {
    /// Most analyzers report per handler or call site and build every finding.
    package func analyze(_ context: AnalysisContext, into findings: inout [Finding], limit: Int) -> Int {
        analyze(context, into: &findings)
        return 0
    }

    /// Most analyzers name no trigger words: they run on every file.
    package func triggerNames(rules: RuleTable) -> Set<String>? { nil }

    /// The trigger names: the gate's own bound holds for bytes too.
    package func prefilterNames(rules: RuleTable) -> Set<String>? { triggerNames(rules: rules) }

    /// Nothing beyond the names of the first round.
    package func prefilterNames(project: ProjectFacts) -> Set<String> { [] }

    /// Most analyzers need no file beyond the ones the rule table marks.
    package var projectMarkers: [[UInt8]] { [] }

    /// Most analyzers look at one file at a time.
    package func projectFacts(in context: AnalysisContext) -> (any ProjectFact)? { nil }

    /// Most analyzers read only the summaries' shared facts.
    package var functionFacts: [any FunctionFact.Type] { [] }
}

extension ProjectFacts.FileContribution {
    /// The declarations of `context`'s file and what each of `analyzers` learns from it.
    package init(context: AnalysisContext, analyzers: [any Analyzer]) {
        self.init(facts: context.facts)
        for analyzer in analyzers {
            if let fact = analyzer.projectFacts(in: context) { collected.add(fact) }
        }
    }
}
