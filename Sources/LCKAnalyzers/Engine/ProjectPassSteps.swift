import LCKCore
import LCKLexer
import LCKProjectModel
import Synchronization

/// The project pre-pass as steps its caller drives, so the pass reads nothing itself: the scan pipeline
/// reads each file a step asks for and hands its bytes in, from as many threads as it likes.
///
/// 1. `ProjectPassRoundOne.examine(_:at:)` for every file: the prefilter's first round, and the
///    declarations, handler roots and `func` names of the files naming a table type.
/// 2. `helperRounds()`, then while `nextRound()` gives a round, `examine(_:at:in:)` for each of its
///    files: the files defining the helpers the handlers call, for the function summaries.
/// 3. `secondRound()` (the summaries are built and the suite made), then `examine(_:at:)` for each of
///    its `files`: the names the project adds.
/// 4. `finish()`.
///
/// Each step merges by file position, so the pass is the same for any number of threads. A nil for
/// bytes (unreadable) counts as relevant: the per-file pass reports the problem.
package final class ProjectPassRoundOne: Sendable {
    private let suite: AnalyzerSuite
    private let fileCount: Int
    private let paths: [String]
    private let merger: OrderedMerger<FileExamination, ProjectPass.Merged>
    private let reuseBudget = Atomic<Int>(AnalyzerSuite.reusedParseBytes)

    /// `paths` name the files in witness steps of other files.
    package init(suite: AnalyzerSuite, fileCount: Int, paths: [String]) {
        self.suite = suite
        self.fileCount = fileCount
        self.paths = paths
        merger = OrderedMerger(ProjectPass.Merged()) { merged, examination, position in
            merged.add(examination, position: position)
        }
    }

    /// Round one for file `position`; every position below `fileCount` exactly once, from any thread.
    package func examine(_ bytes: [UInt8]?, at position: Int) {
        merger.finish(
            position,
            contribution: suite.examine(bytes, path: AnalyzerSuite.path(paths, position), reuseBudget: reuseBudget))
    }

    /// The helper rounds, once every file was examined.
    package func helperRounds() -> ProjectPassHelpers {
        var merged = merger.result(count: fileCount, leaving: ProjectPass.Merged())
        merged.project.migrationPending = merged.pending
        return ProjectPassHelpers(suite: suite, merged: merged, fileCount: fileCount, paths: paths)
    }
}

/// Step 2 of the project pre-pass (`ProjectPassRoundOne`): the helper rounds.
package final class ProjectPassHelpers: Sendable {
    private struct State: Sendable {
        var merged: ProjectPass.Merged
        /// Nil when round one parsed no report wrapper and no handler: then there are no summaries.
        var rounds: HelperRounds?
        var roundRunning = false
        /// Round one's parses kept for the per-file pass (`FileExamination.reusable`), by position: a helper
        /// round takes its file's parse from here instead of reading and parsing the file again.
        var kept: [Int: AnalysisContext]
    }

    private let suite: AnalyzerSuite
    private let fileCount: Int
    private let paths: [String]
    private let state: Mutex<State>
    /// The running round's parses, by position.
    private let found = Mutex([Int: AnalysisContext]())

    fileprivate init(suite: AnalyzerSuite, merged: ProjectPass.Merged, fileCount: Int, paths: [String]) {
        self.suite = suite
        self.fileCount = fileCount
        self.paths = paths
        let rounds =
            merged.parsed.isEmpty && merged.roots.isEmpty
            ? nil : HelperRounds(merged.parsed, roots: merged.roots, definedNames: merged.definedNames)
        var merged = merged
        let kept = Dictionary(uniqueKeysWithValues: merged.reusable.map { ($0.position, $0.context) })
        merged.reusable = []
        state = Mutex(State(merged: merged, rounds: rounds, kept: kept))
    }

    /// The next round, once the last one's files were all examined; nil when the rounds are over. Its
    /// `files` leave out those round one kept a parse of: they are searched here, in their parse's bytes.
    package func nextRound() -> HelperRound? {
        let parsed = takeFound()
        let (round, keptMatches) = state.withLock { state -> (HelperRound?, [Int: AnalysisContext]) in
            if state.roundRunning { state.rounds?.add(parsed) }
            guard let round = state.rounds?.next() else {
                state.roundRunning = false
                return (nil, [:])
            }
            state.roundRunning = true
            var matches: [Int: AnalysisContext] = [:]
            for position in round.files {
                guard let context = state.kept[position], round.search.matches(context.file.bytes) else { continue }
                matches[position] = context
                state.kept[position] = nil
            }
            return (round.without(Set(state.kept.keys).union(matches.keys)), matches)
        }
        if !keptMatches.isEmpty { found.withLock { $0.merge(keptMatches) { first, _ in first } } }
        return round
    }

    /// Parses file `position` of `round` when it defines a wanted helper; from any thread.
    package func examine(_ bytes: [UInt8]?, at position: Int, in round: HelperRound) {
        guard let bytes, round.search.matches(bytes) else { return }
        // Lexed as the per-file pass lexes, so that pass can take this parse instead of making its own.
        let context = AnalysisContext(file: Lexer.tokenize(bytes, trivia: .lineComments), rules: suite.rules)
        found.withLock { $0[position] = context }
    }

    /// Step 3, once `nextRound()` gave nil: the summaries built, the suite with the project's facts, and
    /// the files whose bytes may spell a name the project adds.
    package func secondRound() -> ProjectPassSecondRound {
        let functionFacts = self.suite.analyzers.flatMap(\.functionFacts)
        var (merged, parses) = state.withLock { state in
            precondition(!state.roundRunning, "secondRound() before the helper rounds ended")
            var parses = state.kept.map { (position: $0.key, context: $0.value) }
            state.kept = [:]
            if let rounds = state.rounds {
                state.merged.project.summaries = rounds.summaries(paths: paths, functionFacts: functionFacts)
                parses += rounds.parsedFiles
            } else {
                parses += state.merged.parsed
            }
            state.rounds = nil
            var taken = ProjectPass.Merged()
            swap(&taken, &state.merged)
            return (taken, parses)
        }
        let suite = AnalyzerSuite(
            rules: self.suite.rules, detector: self.suite.detector, analyzers: self.suite.analyzers,
            project: merged.project)
        // The summaries needed their files' parses until now; the per-file pass takes each of them, and
        // each of the reusable ones, once instead of parsing the file again.
        let retained = RetainedParses(parses, count: fileCount)
        parses = []
        merged.parsed = []
        return ProjectPassSecondRound(suite: suite, merged: merged, retained: retained)
    }

    private func takeFound() -> [Int: AnalysisContext] {
        found.withLock { found in
            var taken: [Int: AnalysisContext] = [:]
            swap(&taken, &found)
            return taken
        }
    }
}

/// Step 3 of the project pre-pass (`ProjectPassRoundOne`): the prefilter's second round, over the files
/// round one found irrelevant, for the names the project's declarations add (the app's `CallManager`, its
/// `provider` property). Files relevant here add no declarations (only files naming table types teach the
/// project anything), so no third round could find a new name.
package final class ProjectPassSecondRound: Sendable {
    /// The files to hand to `examine(_:at:)`; empty when the project adds no names.
    package let files: [Int]
    private let suite: AnalyzerSuite
    private let retained: RetainedParses
    private let searches: AnalyzerSuite.Relevance?
    private let delegateMethodFiles: Set<Int>
    /// Round one's verdicts, made true here for the files that spell an added name.
    private let relevant: Mutex<[Bool]>
    /// Rounds of the prefilter that ran.
    private let rounds: Int

    fileprivate init(suite: AnalyzerSuite, merged: ProjectPass.Merged, retained: RetainedParses) {
        self.suite = suite
        self.retained = retained
        delegateMethodFiles = merged.delegateMethodFiles
        let count = merged.relevant.count
        guard let searches = suite.relevance else {
            // The filter is off: every file is analysed.
            (files, self.searches, rounds) = ([], nil, 1)
            relevant = Mutex(Array(repeating: true, count: count))
            return
        }
        relevant = Mutex(merged.relevant)
        guard searches.added != nil || searches.conformers != nil, merged.relevant.contains(false) else {
            (files, self.searches, rounds) = ([], nil, 1)
            return
        }
        let delegateMethodFiles = merged.delegateMethodFiles
        files = merged.relevant.indices.filter {
            !merged.relevant[$0] && searches.mayMatch(spellsDelegateMethod: delegateMethodFiles.contains($0))
        }
        self.searches = searches
        rounds = 2
    }

    /// Round two for file `position` of `files`; from any thread.
    package func examine(_ bytes: [UInt8]?, at position: Int) {
        guard let searches else { return }
        let spells = delegateMethodFiles.contains(position)
        if bytes.map({ searches.projectMatches($0, spellsDelegateMethod: spells) }) ?? true {
            relevant.withLock { $0[position] = true }
        }
    }

    /// Step 4: the pass, once every file of `files` was examined.
    package func finish() -> ProjectPass {
        ProjectPass(suite: suite, relevant: relevant.withLock { $0 }, rounds: rounds, retained: retained)
    }
}
