import Dispatch
import LCKCore
import LCKLexer
import LCKRules
import Synchronization

/// The analysis a scan runs, and the only runner of analyzers: mapping detection from a rule table,
/// then every analyzer, over one `AnalysisContext` (one parse) per file, behind the `AnalyzerGate`;
/// before that, once per scan, the project pre-pass that fills `ProjectFacts`.
///
/// It reads no files and locates nothing: the scan pipeline (and `rules test`) hand it bytes for the
/// pre-pass and lexed files for the per-file pass, and locate, suppress and sort what it returns.
public struct AnalyzerSuite: Sendable {
    public let rules: RuleTable
    /// Finds uses of the table's mapped symbols (its `match` specs).
    public let detector: MappingDetector
    public let analyzers: [any Analyzer]
    /// What the pre-pass learned; empty until `preparedForProject`.
    public let project: ProjectFacts
    /// Decides per file, from its tokens, which of `analyzers` (and whether detection) can report anything.
    public let gate: AnalyzerGate
    /// The analyzers' `projectMarkers`, all together.
    private let projectMarkers: [[UInt8]]

    public init(
        rules: RuleTable, analyzers: [any Analyzer] = AnalyzerRegistry.all, project: ProjectFacts = ProjectFacts()
    ) {
        self.init(rules: rules, detector: MappingDetector(rules: rules), analyzers: analyzers, project: project)
    }

    private init(rules: RuleTable, detector: MappingDetector, analyzers: [any Analyzer], project: ProjectFacts) {
        self.rules = rules
        self.detector = detector
        self.analyzers = analyzers
        self.project = project
        projectMarkers = analyzers.flatMap(\.projectMarkers)
        gate = AnalyzerGate(
            analyzers: analyzers, rules: rules, index: detector.index, aliasNames: project.aliases.keys,
            receiverEvidence: detector.index.receiverEvidenceNames(project: project))
    }

    /// Ids that can produce findings here: every mapping of the table and every analyzer (analyzer
    /// metadata without an analyzer reports nothing).
    public var activeRuleIDs: Set<String> {
        Set(rules.mappings.map(\.id)).union(analyzers.map(\.ruleID))
    }

    /// The findings of one lexed file, with byte ranges only: detection first, then analyzer order.
    public func findings(in file: TokenizedFile) -> [Finding] {
        // Most files name nothing any rule looks for: they are neither parsed nor analysed.
        let verdict = gate.verdict(for: file)
        guard !verdict.runsNothing else { return [] }
        let context = AnalysisContext(file: file, rules: rules, project: project)
        var findings: [Finding] = []
        if verdict.runsDetector { detector.detect(context, into: &findings) }
        for (position, analyzer) in analyzers.enumerated() where verdict.runs(analyzer: position) {
            analyzer.analyze(context, into: &findings)
        }
        return findings
    }

    /// The project pre-pass: parses the files whose bytes name a type of the table or hold an
    /// analyzer's project marker, and merges their declarations and analyzer facts in file order, so
    /// the result is the same for any `jobs`. `bytes(position)` reads file `position` of `fileCount`
    /// (nil when it cannot be read: the per-file pass reports that).
    public func preparedForProject(
        fileCount: Int, jobs: Int, bytes: @escaping @Sendable (_ position: Int) -> [UInt8]?
    ) -> AnalyzerSuite {
        let merger = OrderedMerger<ProjectFacts.FileContribution, ProjectFacts>(ProjectFacts()) {
            project, contribution, _ in project.merge(contribution)
        }
        let pending = Atomic<Bool>(false)
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < fileCount else { break }
                var contribution: ProjectFacts.FileContribution?
                if let bytes = bytes(position) {
                    let markers = detector.index.scanMarkers(bytes)
                    if markers != .none || projectMarkers.contains(where: bytes.containsSubsequence) {
                        if markers == .changing { pending.store(true, ordering: .relaxed) }
                        let context = AnalysisContext(file: Lexer.tokenize(bytes), rules: rules)
                        contribution = ProjectFacts.FileContribution(context: context, analyzers: analyzers)
                    }
                }
                merger.finish(position, contribution: contribution)
            }
        }
        let workers = max(1, min(jobs, fileCount))
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        var project = merger.result(count: fileCount, leaving: ProjectFacts())
        project.migrationPending = pending.load(ordering: .relaxed)
        return AnalyzerSuite(rules: rules, detector: detector, analyzers: analyzers, project: project)
    }
}

extension [UInt8] {
    /// Whether `needle` occurs in these bytes; a first-byte scan, enough for a few project markers.
    fileprivate func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        var index = 0
        let last = count - needle.count
        while index <= last {
            if self[index] == first {
                var offset = 1
                while offset < needle.count && self[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
