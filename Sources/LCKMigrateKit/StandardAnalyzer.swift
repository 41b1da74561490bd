import Dispatch
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKParser
import LCKRules
import Synchronization

/// The default scan: mapping detection driven by a rule table, then every registered anti-pattern
/// analyzer, all over one `AnalysisContext` (one parse) per file.
public struct StandardAnalyzer: FileAnalyzer {
    public let rules: RuleTable
    public let detector: MappingDetector
    public let analyzers: [any Analyzer]
    public let project: ProjectFacts

    public init(
        rules: RuleTable, analyzers: [any Analyzer] = AnalyzerRegistry.all, project: ProjectFacts = ProjectFacts()
    ) {
        self.init(rules: rules, detector: MappingDetector(rules: rules), analyzers: analyzers, project: project)
    }

    /// Decides per file, from its tokens, which of `analyzers` (and whether detection) can report anything.
    let gate: AnalyzerGate

    init(rules: RuleTable, detector: MappingDetector, analyzers: [any Analyzer], project: ProjectFacts) {
        self.rules = rules
        self.detector = detector
        self.analyzers = analyzers
        self.project = project
        gate = AnalyzerGate(
            analyzers: analyzers, rules: rules, index: detector.index, aliasNames: project.aliases.keys,
            receiverEvidence: detector.index.receiverEvidenceNames(project: project))
    }

    public func analyze(path: String, file: TokenizedFile) -> [Finding] {
        // Most files name nothing any rule looks for: they are neither parsed nor analysed.
        let verdict = gate.verdict(for: file)
        guard !verdict.runsNothing else { return [] }
        let context = AnalysisContext(file: file, rules: rules, project: project)
        var findings: [Finding] = []
        if verdict.runsDetector { detector.detect(context, project: project, into: &findings) }
        for (position, analyzer) in analyzers.enumerated() where verdict.runs(analyzer: position) {
            analyzer.analyze(context, into: &findings)
        }
        return findings
    }

    /// Pre-pass: parse the files whose bytes name a type of the table and merge their declarations
    /// in file order, so the result is the same for any `jobs`.
    public func prepared(for files: [DiscoveredFile], jobs: Int) -> any FileAnalyzer {
        let merger = OrderedMerger<ProjectFacts.FileContribution, ProjectFacts>(ProjectFacts()) { project, contribution, _ in
            project.merge(contribution)
        }
        let pending = Atomic<Bool>(false)
        let next = Atomic<Int>(0)
        let index = detector.index
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < files.count else { break }
                var contribution: ProjectFacts.FileContribution?
                if case .success(let bytes) = SourceReader.read(files[position]) {
                    let markers = index.scanMarkers(bytes)
                    if markers != .none || bytes.containsSubsequence(MissingActionHandlerAnalyzer.projectMarker) {
                        if markers == .changing { pending.store(true, ordering: .relaxed) }
                        let context = AnalysisContext(file: Lexer.tokenize(bytes), rules: rules)
                        contribution = ProjectFacts.FileContribution(context: context)
                    }
                }
                merger.finish(position, contribution: contribution)
            }
        }
        let workers = max(1, min(jobs, files.count))
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        var project = merger.result(count: files.count, leaving: ProjectFacts())
        project.migrationPending = pending.load(ordering: .relaxed)
        return StandardAnalyzer(rules: rules, detector: detector, analyzers: analyzers, project: project)
    }
}

/// The embedded built-in rule table, loaded once. It is validated by tests, so a failure here is a
/// build defect; an empty table keeps the tool usable (reading and lexing) if it ever happens.
public enum BuiltinRuleTable {
    public static let table: RuleTable = (try? RuleLoader.loadBuiltin()) ?? RuleTable(mappings: [], analyzers: [])
}

extension StandardAnalyzer {
    /// Ids that can produce findings in this configuration: every mapping of the table and every
    /// registered analyzer (analyzer metadata without a registered analyzer reports nothing).
    public var activeRuleIDs: Set<String> {
        Set(rules.mappings.map(\.id)).union(analyzers.map(\.ruleID))
    }
}

extension ScanSetup.ActiveRules {
    /// Mapping detection from this table plus every registered anti-pattern analyzer.
    public var analyzer: StandardAnalyzer { StandardAnalyzer(rules: table) }
}

extension [UInt8] {
    /// Whether `needle` occurs in these bytes; a first-byte scan, enough for the pre-pass's one marker.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
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
