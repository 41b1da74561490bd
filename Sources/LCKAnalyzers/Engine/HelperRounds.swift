import LCKCore
import LCKLexer
import LCKProjectModel

/// The helper rounds of the pre-pass, one at a time, and the function summaries they end in: the files
/// parsed in round one, plus up to `HelperReach.maximumRounds` rounds of files defining the helpers their
/// handlers call (found by `func NAME` in their bytes: `definedNames` has every file's, so only files
/// that may define one are read again), summarised bottom-up. Files are taken in position order, so the
/// result is the same for any number of threads.
struct HelperRounds: Sendable {
    private var reach = HelperReach()
    private var files: [(position: Int, context: AnalysisContext)]
    private var taken: Set<Int>
    private let parsedCount: Int
    private var rounds = 0
    private var finished = false
    /// What the running round searches for, as `HelperReach.add` wants it back.
    private var wantedThisRound: Set<String> = []
    private let rootNames: Set<String>
    private let handlerCalls: [(name: String, step: RemoteStep)]
    private let definedNames: [DefinedNames]
    private let definingFiles: [UInt64: Int]

    init(
        _ parsed: [(position: Int, context: AnalysisContext)], roots: [(position: Int, roots: SummaryRoots)],
        definedNames: [DefinedNames]
    ) {
        reach.add(parsed.map(\.context), roots: nil)
        rootNames = roots.reduce(into: Set<String>()) { $0.formUnion($1.roots.callees) }
        reach.want(rootNames)
        files = parsed
        taken = Set(parsed.map(\.position))
        parsedCount = parsed.count
        self.definedNames = definedNames
        let definingFiles = DefinedNames.fileCounts(definedNames)
        self.definingFiles = definingFiles
        // A name more files define than a round would parse was not searched: its parsed definition
        // may not be the one a handler calls.
        handlerCalls = roots.flatMap(\.roots.handlerCalls).filter {
            definingFiles[DefinedNames.hash($0.name.utf8[...])] ?? 0 <= HelperReach.maximumDefiningFiles
        }
    }

    /// The next round's search and the files that may define what it wants; nil when the rounds are over.
    mutating func next() -> HelperRound? {
        let definingFiles = self.definingFiles
        guard !finished, rounds < HelperReach.maximumRounds,
            let search = reach.nextSearch(definingFiles: { definingFiles[DefinedNames.hash($0.utf8[...])] ?? 0 })
        else {
            finished = true
            return nil
        }
        rounds += 1
        wantedThisRound = reach.wanted
        let files = definedNames.indices.filter { !taken.contains($0) && search.mayMatch(definedNames[$0]) }
        return HelperRound(files: files, search: search)
    }

    /// The files a round parsed, by position; a round that parsed none ends the rounds.
    mutating func add(_ found: [Int: AnalysisContext]) {
        let added = found.sorted { $0.key < $1.key }
        guard !added.isEmpty else {
            finished = true
            return
        }
        for (position, _) in added { taken.insert(position) }
        files += added.map { (position: $0.key, context: $0.value) }
        reach.add(added.map(\.value), roots: wantedThisRound)
    }

    /// Every file the summaries read: round one's and the helper rounds' parses, by position.
    var parsedFiles: [(position: Int, context: AnalysisContext)] { files }

    /// The summaries of every file taken, once the rounds are over.
    func summaries(paths: [String], functionFacts: [any FunctionFact.Type]) -> FunctionSummaries {
        var builder = SummaryBuilder(
            files: files.sorted { $0.position < $1.position }.map {
                ParsedFile(context: $0.context, path: AnalyzerSuite.path(paths, $0.position))
            },
            rootNames: rootNames, handlerCalls: handlerCalls, functionFacts: functionFacts)
        var summaries = builder.build()
        summaries.work.reachedFunctions = reach.visits
        summaries.work.helperRounds = rounds
        summaries.work.helperFiles = taken.count - parsedCount
        summaries.work.commonHelperNames = reach.commonNames
        return summaries
    }
}

/// One helper round: the files to hand to `ProjectPassHelpers.examine(_:at:in:)`, and what it looks for.
package struct HelperRound: Sendable {
    package let files: [Int]
    let search: FunctionDefinitionSearch

    /// The round without `positions` (files whose parse the pass already holds).
    func without(_ positions: Set<Int>) -> HelperRound {
        positions.isEmpty ? self : HelperRound(files: files.filter { !positions.contains($0) }, search: search)
    }
}

extension AnalyzerSuite {
    static func path(_ paths: [String], _ position: Int) -> String {
        position < paths.count ? paths[position] : "file \(position + 1)"
    }
}
