import LCKCore
import LCKLexer
import LCKProjectModel
import Synchronization

extension AnalyzerSuite {
    /// The function summaries of a scan: the files parsed in round one, plus up to
    /// `HelperReach.maximumRounds` rounds of files defining the helpers their handlers call (found by
    /// `func NAME` in their bytes: `definedNames` has every file's, so only files that may define one
    /// are read again), summarised bottom-up. Files are taken in position order, so the result is the
    /// same for any `jobs`.
    func summaries(
        _ parsed: [(position: Int, context: AnalysisContext)], roots: [(position: Int, roots: SummaryRoots)],
        definedNames: [DefinedNames], jobs: Int, paths: [String],
        bytes: @escaping @Sendable (_ position: Int) -> [UInt8]?
    ) -> FunctionSummaries {
        let fileCount = definedNames.count
        var reach = HelperReach()
        reach.add(parsed.map(\.context), roots: nil)
        let rootNames = roots.reduce(into: Set<String>()) { $0.formUnion($1.roots.callees) }
        reach.want(rootNames)
        var files = parsed
        var taken = Set(parsed.map(\.position))
        var rounds = 0
        let definingFiles = DefinedNames.fileCounts(definedNames)
        while rounds < HelperReach.maximumRounds,
            let search = reach.nextSearch(definingFiles: { definingFiles[DefinedNames.hash($0.utf8[...])] ?? 0 })
        {
            rounds += 1
            let roots = reach.wanted
            let candidates = (0..<fileCount).filter { !taken.contains($0) && search.mayMatch(definedNames[$0]) }
            let found = Mutex([Int: AnalysisContext]())
            let rules = self.rules
            Self.forEachFile(candidates.count, jobs: jobs) { slot in
                let position = candidates[slot]
                guard let bytes = bytes(position), search.matches(bytes) else { return }
                let context = AnalysisContext(file: Lexer.tokenize(bytes), rules: rules)
                found.withLock { $0[position] = context }
            }
            let added = found.withLock { $0 }.sorted { $0.key < $1.key }
            guard !added.isEmpty else { break }
            for (position, _) in added { taken.insert(position) }
            files += added.map { (position: $0.key, context: $0.value) }
            reach.add(added.map(\.value), roots: roots)
        }
        files.sort { $0.position < $1.position }
        var builder = SummaryBuilder(
            files: files.map { ParsedFile(context: $0.context, path: Self.path(paths, $0.position)) },
            rootNames: rootNames,
            // A name more files define than a round would parse was not searched: its parsed definition
            // may not be the one a handler calls.
            handlerCalls: roots.flatMap(\.roots.handlerCalls).filter {
                definingFiles[DefinedNames.hash($0.name.utf8[...])] ?? 0 <= HelperReach.maximumDefiningFiles
            })
        var summaries = builder.build()
        summaries.work.reachedFunctions = reach.visits
        summaries.work.helperRounds = rounds
        summaries.work.helperFiles = taken.count - parsed.count
        summaries.work.commonHelperNames = reach.commonNames
        return summaries
    }

    static func path(_ paths: [String], _ position: Int) -> String {
        position < paths.count ? paths[position] : "file \(position + 1)"
    }
}
