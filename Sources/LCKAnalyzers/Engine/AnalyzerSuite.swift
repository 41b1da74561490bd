import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Synchronization

/// The analysis a scan runs, and the only runner of analyzers: mapping detection from a rule table,
/// then every analyzer, over one `AnalysisContext` (one parse) per file, behind the `AnalyzerGate`;
/// before that, once per scan, the project pre-pass that fills `ProjectFacts`.
///
/// It reads no files and locates nothing: the scan pipeline (and `rules test`) hand it bytes for the
/// pre-pass and lexed files for the per-file pass, and locate, suppress and sort what it returns.
package struct AnalyzerSuite: Sendable {
    package let rules: RuleTable
    /// Finds uses of the table's mapped symbols (its `match` specs).
    package let detector: MappingDetector
    package let analyzers: [any Analyzer]
    /// What the pre-pass learned; empty until `preparedForProject`.
    package let project: ProjectFacts
    /// Decides per file, from its tokens, which of `analyzers` (and whether detection) can report anything.
    package let gate: AnalyzerGate
    /// The names that decide, before lexing, whether a file can get a finding (`Prefilter`).
    package let prefilter: Prefilter
    /// The prefilter's searches for this suite's project; nil when every file must be analysed.
    let relevance: Relevance?

    package init(
        rules: RuleTable, analyzers: [any Analyzer] = AnalyzerRegistry.all, project: ProjectFacts = ProjectFacts()
    ) {
        self.init(rules: rules, detector: MappingDetector(rules: rules), analyzers: analyzers, project: project)
    }

    init(rules: RuleTable, detector: MappingDetector, analyzers: [any Analyzer], project: ProjectFacts) {
        self.rules = rules
        self.detector = detector
        self.analyzers = analyzers
        self.project = project
        prefilter = Prefilter(
            rules: rules, index: detector.index, analyzers: analyzers,
            projectMarkers: analyzers.flatMap(\.projectMarkers))
        relevance = Self.relevanceSearches(prefilter, project: project)
        gate = AnalyzerGate(
            analyzers: analyzers, rules: rules, index: detector.index, aliasNames: project.aliases.keys,
            receiverEvidence: detector.index.receiverEvidenceNames(project: project), project: project)
    }

    /// Ids that can produce findings here: every mapping of the table and every analyzer (analyzer
    /// metadata without an analyzer reports nothing).
    package var activeRuleIDs: Set<String> {
        Set(rules.mappings.map(\.id)).union(analyzers.map(\.ruleID))
    }

    /// The findings of one lexed file, with byte ranges only: detection first, then analyzer order.
    package func findings(in file: TokenizedFile) -> [Finding] {
        var stopped = false
        return findings(in: file, limit: .max, stoppedEarly: &stopped)
    }

    /// `findings(in:)` keeping at most `limit` mapping findings (`stoppedEarly` tells when detection stopped
    /// there): the analyzers report per handler or call, never per rule, so detection is what a hostile pack
    /// inflates.
    /// `deploymentTarget` is the file's, from the project's settings (nil: unknown).
    /// `parsed`: the file's parse from the pre-pass (`ProjectPass.retained`), so it is not parsed again.
    package func findings(
        in file: TokenizedFile, parsed: AnalysisContext? = nil, limit: Int, stoppedEarly: inout Bool,
        deploymentTarget: OSVersion? = nil
    ) -> [Finding] {
        var unbuilt: [String: Int] = [:]
        return findings(
            in: file, parsed: parsed, limit: limit, analyzerLimit: .max, stoppedEarly: &stoppedEarly,
            unbuilt: &unbuilt, deploymentTarget: deploymentTarget)
    }

    /// `findings(in:parsed:limit:stoppedEarly:deploymentTarget:)` where each analyzer also builds at most
    /// `analyzerLimit` findings, the first in report order (`Analyzer.analyze(_:into:limit:)`); `unbuilt`
    /// gets, per rule id, how many more it found. Exact for a file cap of `analyzerLimit` only while no later
    /// stage removes or claims this rule's findings (the scan checks for suppression directives).
    package func findings(
        in file: TokenizedFile, parsed: AnalysisContext? = nil, limit: Int, analyzerLimit: Int,
        stoppedEarly: inout Bool, unbuilt: inout [String: Int], deploymentTarget: OSVersion? = nil
    ) -> [Finding] {
        // Most files name nothing any rule looks for: they are neither parsed nor analysed.
        let verdict = gate.verdict(for: file)
        guard !verdict.runsNothing else { return [] }
        let context =
            parsed.map {
                AnalysisContext(
                    file: file, outline: $0.outline, facts: $0.facts, rules: rules, project: project,
                    deploymentTarget: deploymentTarget)
            } ?? AnalysisContext(file: file, rules: rules, project: project, deploymentTarget: deploymentTarget)
        var findings: [Finding] = []
        if verdict.runsDetector { stoppedEarly = detector.detect(context, into: &findings, limit: limit) }
        for (position, analyzer) in analyzers.enumerated() where verdict.runs(analyzer: position) {
            let more = analyzer.analyze(context, into: &findings, limit: analyzerLimit)
            if more > 0 { unbuilt[analyzer.ruleID, default: 0] += more }
        }
        return findings
    }

    /// Whether a file with these bytes can get any finding from this suite: it spells one of the
    /// prefilter's names for this suite's project. A scan neither lexes nor analyses the others.
    package func isRelevant(_ bytes: [UInt8]) -> Bool {
        guard let relevance else { return true }
        return relevance.table.matches(bytes) || relevance.projectMatches(bytes, spellsDelegateMethod: nil)
    }

    /// The prefilter's searches: the table's names (round one), and what the project adds (round two).
    struct Relevance: Sendable {
        var table: IdentifierSearch
        /// Names the project adds; nil when it adds none.
        var added: IdentifierSearch?
        /// The added names and the app types standing only for a delegate protocol, which count next to a
        /// delegate method name (`Prefilter.delegateConformerNames`); nil when there are no such types. The
        /// types often have common names: they are searched only in a file that spells such a method.
        var conformers: IdentifierSearch?
        /// `Prefilter.delegateMethodNames`, for a file round one did not search.
        var delegateMethods: IdentifierSearch

        /// `spellsDelegateMethod`: what round one found, nil when it did not search the file.
        func projectMatches(_ bytes: [UInt8], spellsDelegateMethod: Bool?) -> Bool {
            if added?.matches(bytes) == true { return true }
            guard let conformers, spellsDelegateMethod ?? delegateMethods.matches(bytes) else { return false }
            return conformers.matches(bytes)
        }

        /// Whether round two needs the file's bytes at all.
        func mayMatch(spellsDelegateMethod: Bool) -> Bool {
            added != nil || (conformers != nil && spellsDelegateMethod)
        }
    }

    /// The table's names, then what `project` adds; nil when the filter is off.
    private static func relevanceSearches(_ prefilter: Prefilter, project: ProjectFacts) -> Relevance? {
        guard let tableNames = prefilter.tableNames, let projectNames = prefilter.projectNames(project) else {
            return nil
        }
        let added = projectNames.subtracting(tableNames)
        let conformers = prefilter.delegateConformerNames(project).subtracting(tableNames).subtracting(added)
        return Relevance(
            table: IdentifierSearch(names: tableNames), added: added.isEmpty ? nil : IdentifierSearch(names: added),
            conformers: conformers.isEmpty ? nil : IdentifierSearch(names: added.union(conformers)),
            delegateMethods: IdentifierSearch(names: prefilter.delegateMethodNames))
    }

    /// `projectPass` for callers that analyse every file anyway (`rules test --samples`).
    package func preparedForProject(
        fileCount: Int, jobs: Int, paths: [String] = [], bytes: @escaping @Sendable (_ position: Int) -> [UInt8]?
    ) -> AnalyzerSuite {
        projectPass(fileCount: fileCount, jobs: jobs, paths: paths, bytes: bytes).suite
    }

    /// The project pre-pass over files its caller holds (`bytes(position)` of `fileCount`; nil: unreadable,
    /// which counts as relevant so the per-file pass reports it), its steps run in order on `jobs`
    /// threads (`ProjectPassRoundOne`). The scan pipeline runs the steps itself, reading each file as
    /// a step asks for it. `paths` name the files in witness steps of other files.
    package func projectPass(
        fileCount: Int, jobs: Int, paths: [String] = [], bytes: @escaping @Sendable (_ position: Int) -> [UInt8]?
    ) -> ProjectPass {
        let roundOne = ProjectPassRoundOne(suite: self, fileCount: fileCount, paths: paths)
        ParallelLoop.forEach(fileCount, jobs: jobs) { roundOne.examine(bytes($0), at: $0) }
        let helpers = roundOne.helperRounds()
        while let round = helpers.nextRound() {
            ParallelLoop.forEach(round.files.count, jobs: jobs) { slot in
                helpers.examine(bytes(round.files[slot]), at: round.files[slot], in: round)
            }
        }
        let secondRound = helpers.secondRound()
        ParallelLoop.forEach(secondRound.files.count, jobs: jobs) { slot in
            secondRound.examine(bytes(secondRound.files[slot]), at: secondRound.files[slot])
        }
        return secondRound.finish()
    }

    /// Source bytes of the parses the pre-pass keeps for the per-file pass beyond those the summaries need:
    /// about 40 MB of memory. A project's first few hundred CallKit files are then not lexed and parsed a
    /// second time; a larger one parses the rest again rather than hold them all.
    static let reusedParseBytes = 5 << 20

    /// Round one for one file: relevant or not, and its contribution to the project's facts. A parse the
    /// summaries do not need is kept for the per-file pass while `reuseBudget` lasts.
    func examine(_ bytes: [UInt8]?, path: String, reuseBudget: borrowing Atomic<Int>) -> FileExamination {
        guard let bytes else { return FileExamination(relevant: true) }
        let round = prefilter.firstRound(bytes)
        guard round.namesTableType || round.holdsProjectMarker else {
            return FileExamination(
                relevant: round.isRelevant, spellsDelegateMethod: round.spellsDelegateMethod,
                definedNames: DefinedNames(bytes))
        }
        let file = Lexer.tokenize(bytes, trivia: .lineComments)
        let context = AnalysisContext(file: file, rules: rules)
        // Kept for the summaries only when it has a report wrapper (summarised itself); a handler that reports
        // is analysed where it is, and its file leaves the names its handlers call (a file defining one is
        // parsed again later).
        let parsed = HelperReach.definesReportWrapper(context) ? context : nil
        let reusable =
            parsed == nil && round.isRelevant
                && reuseBudget.subtract(bytes.count, ordering: .relaxed).newValue >= 0 ? context : nil
        let roots = SummaryRoots(context, path: path)
        // The bytes only say a changing type may be named; whether the code names one (not a comment or
        // a string: "remove the old CXProvider code") decides that a migration is pending.
        return FileExamination(
            relevant: round.isRelevant, spellsDelegateMethod: round.spellsDelegateMethod,
            changing: round.namesChangingType && detector.index.namesChangingType(in: file),
            contribution: ProjectFacts.FileContribution(context: context, analyzers: analyzers), parsed: parsed,
            reusable: reusable,
            roots: roots, definedNames: DefinedNames(bytes))
    }
}
