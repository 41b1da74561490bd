import Dispatch
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Testing

/// The scan pre-pass merges per-file facts through `OrderedMerger` as workers finish files.
@Suite struct ProjectFactsMergeOrderTests {
    /// Three files that disagree: the first declaration of `Manager.provider` and of alias `P` must win,
    /// whatever order the workers finish in; conformances from every file are kept.
    private static let sources = [
        "class Manager: NSObject { var provider: CXProvider }\ntypealias P = CXProvider\n",
        "let unrelated = 1\n",
        "extension Manager: CXProviderDelegate { var provider: Other { fatalError() } }\ntypealias P = Other\n",
        "class Extra: Manager { var controller: CXCallController }\n",
    ]

    private static func contribution(_ position: Int) -> ProjectFacts.FileContribution? {
        guard position != 1 else { return nil }  // a file the pre-pass skips
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(sources[position].utf8)), rules: BuiltinRuleTable.table)
        return ProjectFacts.FileContribution(context: context, analyzers: AnalyzerRegistry.all)
    }

    private static func factsMerger() -> OrderedMerger<ProjectFacts.FileContribution, ProjectFacts> {
        OrderedMerger(ProjectFacts()) { project, contribution, _ in project.merge(contribution) }
    }

    private static func check(_ project: ProjectFacts) {
        #expect(project.memberType(of: "Manager", member: "provider") == "CXProvider")
        #expect(project.resolveAlias("P") == "CXProvider")
        #expect(project.conforms("Manager", to: "NSObject") && project.conforms("Manager", to: "CXProviderDelegate"))
        #expect(project.memberType(of: "Extra", member: "controller") == "CXCallController")
    }

    @Test(arguments: [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]])
    func fileOrderWinsWhateverOrderFilesFinishIn(order: [Int]) {
        let merger = Self.factsMerger()
        for position in order { merger.finish(position, contribution: Self.contribution(position)) }
        Self.check(merger.result(count: Self.sources.count, leaving: ProjectFacts()))
    }

    @Test func concurrentFinishersMergeEveryFileOnce() {
        let count = 400
        let merger = Self.factsMerger()
        DispatchQueue.concurrentPerform(iterations: count) { position in
            merger.finish(position, contribution: Self.contribution(position % Self.sources.count))
        }
        let project = merger.result(count: count, leaving: ProjectFacts())
        Self.check(project)
        // Every file's actions were merged once: the pre-pass saw files, so the facts are not left nil.
        let actions = project.fact(MissingActionHandlerAnalyzer.ActionFacts.key)
        #expect(actions != nil)
    }
}
