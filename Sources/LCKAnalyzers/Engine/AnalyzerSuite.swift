import Dispatch
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
    private let relevance: Relevance?

    package init(
        rules: RuleTable, analyzers: [any Analyzer] = AnalyzerRegistry.all, project: ProjectFacts = ProjectFacts()
    ) {
        self.init(rules: rules, detector: MappingDetector(rules: rules), analyzers: analyzers, project: project)
    }

    private init(rules: RuleTable, detector: MappingDetector, analyzers: [any Analyzer], project: ProjectFacts) {
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

    /// The project pre-pass, and the prefilter's verdict for every file.
    ///
    /// Round one reads every file once: a file that spells a name of the table is relevant; one that
    /// names a type of the table or holds an analyzer's project marker is also parsed, and its
    /// declarations and analyzer facts are merged in file order (the same for any `jobs`). Round two
    /// searches the files not yet relevant for the names those declarations add (the app's
    /// `CallManager`, its `provider` property). Files relevant in round two add no declarations — only
    /// files naming table types teach the project anything — so no third round could find a new name.
    /// Between the rounds, the files defining the helpers the parsed files' handlers call are parsed
    /// too (`HelperReach`), and the function summaries are built (`SummaryBuilder`).
    /// `bytes(position)` reads file `position` of `fileCount`; nil (unreadable) counts as relevant, so
    /// the per-file pass reports the problem. `paths` name the files in witness steps of other files.
    package func projectPass(
        fileCount: Int, jobs: Int, paths: [String] = [], bytes: @escaping @Sendable (_ position: Int) -> [UInt8]?
    ) -> ProjectPass {
        let merger = OrderedMerger<FileExamination, ProjectPass.Merged>(ProjectPass.Merged()) {
            merged, examination, position in merged.add(examination, position: position)
        }
        let reuseBudget = Atomic<Int>(Self.reusedParseBytes)
        Self.forEachFile(fileCount, jobs: jobs) { position in
            merger.finish(
                position,
                contribution: examine(bytes(position), path: Self.path(paths, position), reuseBudget: reuseBudget))
        }
        var merged = merger.result(count: fileCount, leaving: ProjectPass.Merged())
        merged.project.migrationPending = merged.pending
        if !merged.parsed.isEmpty || !merged.roots.isEmpty {
            merged.project.summaries = summaries(
                merged.parsed, roots: merged.roots, definedNames: merged.definedNames, jobs: jobs, paths: paths,
                bytes: bytes)
        }
        let suite = AnalyzerSuite(rules: rules, detector: detector, analyzers: analyzers, project: merged.project)
        // The summaries needed the kept parses until now; the per-file pass takes each of them, and of the
        // reusable ones, once instead of parsing the file again.
        let retained = RetainedParses(merged.parsed + merged.reusable, count: fileCount)
        merged.parsed = []
        merged.reusable = []
        guard let searches = suite.relevance else {
            return ProjectPass(
                suite: suite, relevant: Array(repeating: true, count: fileCount), rounds: 1, retained: retained)
        }
        guard searches.added != nil || searches.conformers != nil, merged.relevant.contains(false) else {
            return ProjectPass(suite: suite, relevant: merged.relevant, rounds: 1, retained: retained)
        }
        let secondRound = Mutex(merged.relevant)
        let delegateMethodFiles = merged.delegateMethodFiles
        let pending = merged.relevant.indices.filter {
            !merged.relevant[$0] && searches.mayMatch(spellsDelegateMethod: delegateMethodFiles.contains($0))
        }
        Self.forEachFile(pending.count, jobs: jobs) { slot in
            let position = pending[slot]
            let spells = delegateMethodFiles.contains(position)
            if bytes(position).map({ searches.projectMatches($0, spellsDelegateMethod: spells) }) ?? true {
                secondRound.withLock { $0[position] = true }
            }
        }
        return ProjectPass(suite: suite, relevant: secondRound.withLock { $0 }, rounds: 2, retained: retained)
    }

    /// Source bytes of the parses the pre-pass keeps for the per-file pass beyond those the summaries need:
    /// about 40 MB of memory. A project's first few hundred CallKit files are then not lexed and parsed a
    /// second time; a larger one parses the rest again rather than hold them all.
    static let reusedParseBytes = 5 << 20

    /// Round one for one file: relevant or not, and its contribution to the project's facts. A parse the
    /// summaries do not need is kept for the per-file pass while `reuseBudget` lasts.
    private func examine(_ bytes: [UInt8]?, path: String, reuseBudget: borrowing Atomic<Int>) -> FileExamination {
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

    /// Calls `body` once for each of `count` positions, on up to `jobs` threads.
    static func forEachFile(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < count else { break }
                body(position)
            }
        }
        let workers = max(1, min(jobs, count))
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
    }
}

/// What the pre-pass learned, and which files can get a finding.
package struct ProjectPass: Sendable {
    /// The suite with the project's facts, for the per-file pass.
    package var suite: AnalyzerSuite
    /// Per file position: false when the file spells none of the prefilter's names in any round, so it
    /// gets no finding and needs no lexing.
    package var relevant: [Bool]
    /// Rounds of the prefilter that ran (1, or 2 when the project added names).
    package var rounds: Int
    /// The parses round one kept for the summaries, for the per-file pass to take.
    package var retained = RetainedParses([], count: 0)

    /// The per-file results folded in file order.
    struct Merged: Sendable {
        var project = ProjectFacts()
        var relevant: [Bool] = []
        var pending = false
        /// Files parsed in round one that define a report wrapper, by position.
        var parsed: [(position: Int, context: AnalysisContext)] = []
        /// Other parses kept for the per-file pass, by position.
        var reusable: [(position: Int, context: AnalysisContext)] = []
        /// Handler files' roots, by position.
        var roots: [(position: Int, roots: SummaryRoots)] = []
        /// Every file's `func` names, by position, for the helper rounds.
        var definedNames: [DefinedNames] = []
        /// Files round one found irrelevant that spell a delegate method name.
        var delegateMethodFiles: Set<Int> = []

        mutating func add(_ examination: FileExamination, position: Int) {
            relevant.append(examination.relevant)
            definedNames.append(examination.definedNames)
            if examination.spellsDelegateMethod { delegateMethodFiles.insert(position) }
            if let context = examination.parsed { parsed.append((position, context)) }
            if let context = examination.reusable { reusable.append((position, context)) }
            if let fileRoots = examination.roots { roots.append((position, fileRoots)) }
            if examination.changing { pending = true }
            if let contribution = examination.contribution { project.merge(contribution) }
        }
    }
}

/// Round one of the pre-pass for one file.
struct FileExamination: Sendable {
    var relevant: Bool
    /// An irrelevant file spells a delegate method name (`Prefilter.FirstRound.spellsDelegateMethod`).
    var spellsDelegateMethod = false
    /// The file names a type of an API that must change: a migration is pending.
    var changing = false
    var contribution: ProjectFacts.FileContribution?
    /// The parse, kept for the function summaries when the file defines a report wrapper (summarised itself).
    var parsed: AnalysisContext?
    /// The parse, kept only for the per-file pass (`AnalyzerSuite.reusedParseBytes`).
    var reusable: AnalysisContext?
    /// The file's handlers, for the summaries (their parse is not kept).
    var roots: SummaryRoots?
    /// The names it defines with `func`, for the helper rounds (none when unreadable).
    var definedNames = DefinedNames([])
}

/// Parses the pre-pass made and kept (lexed as a scan lexes, with `//` comments as trivia), handed to
/// the per-file pass once each: taking one frees it as soon as its file is analysed.
package final class RetainedParses: Sendable {
    private let contexts: Mutex<[AnalysisContext?]>

    init(_ parsed: [(position: Int, context: AnalysisContext)], count: Int) {
        var contexts = [AnalysisContext?](repeating: nil, count: parsed.isEmpty ? 0 : count)
        for (position, context) in parsed { contexts[position] = context }
        self.contexts = Mutex(contexts)
    }

    /// The parse of file `position`, if kept; nil the second time.
    package func take(_ position: Int) -> AnalysisContext? {
        contexts.withLock { contexts in
            guard position < contexts.count else { return nil }
            defer { contexts[position] = nil }
            return contexts[position]
        }
    }
}
