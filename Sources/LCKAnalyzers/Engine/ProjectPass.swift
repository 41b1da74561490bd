import LCKCore
import LCKProjectModel
import Synchronization

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
