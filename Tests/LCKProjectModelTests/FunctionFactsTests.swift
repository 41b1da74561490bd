import LCKAnalyzers
import LCKCore
import LCKRules
import Testing

@testable import LCKMigrateKit
@testable import LCKProjectModel

/// An analyzer's own per-function facts in the summaries (`FunctionFact`): declared beside the analyzer,
/// summarised through the callees like the shared facts, and left out when no analyzer of the suite asks.
@Suite struct FunctionFactsTests {
    /// A test's fact: the function, or one it calls, prints.
    struct Prints: FunctionFact {
        var prints = false

        static func summarize(_ function: SummarizedFunction) -> Prints {
            let file = function.context.file
            let outline = function.context.outline
            return Prints(
                prints: function.calls.contains { call in
                    file.name(at: outline.calls[call].nameToken) == "print"
                        || function.syntax.resolvedCall(call)?.summary.facts[Prints.self].prints == true
                })
        }

        func agreeing(with other: Prints) -> Prints { Prints(prints: prints && other.prints) }
    }

    struct PrintingAnalyzer: Analyzer {
        var ruleID: String { "test_prints" }
        func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {}
        var functionFacts: [any FunctionFact.Type] { [Prints.self] }
    }

    static let sources = [
        """
        import CallKit
        final class Delegate: NSObject, CXProviderDelegate {
            let client = Client()
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                client.start()
                client.quiet()
                action.fulfill()
            }
        }

        """,
        """
        final class Client {
            func start() { log() }
            func log() { print("started") }
            func quiet() {}
        }

        """,
    ]

    static func summaries(_ analyzers: [any Analyzer]) -> FunctionSummaries {
        AnalyzerSuite(rules: BuiltinRuleTable.table, analyzers: analyzers).projectPass(
            fileCount: sources.count, jobs: 2
        ) { Array(sources[$0].utf8) }.suite.project.summaries
    }

    @Test func anAnalyzersFactFollowsTheCallees() throws {
        let summaries = Self.summaries(AnalyzerRegistry.all + [PrintingAnalyzer()])
        let printing = summaries.names(having: Prints.self)
        #expect(printing == ["start", "log"], "start only through log")
        #expect(!printing.contains("quiet"))
        let start = try #require(summaries.byName["start"]?.first)
        #expect(start.facts[Prints.self].prints)
        #expect(summaries.byName["quiet"]?.first?.facts[Prints.self].prints == false)
    }

    @Test func aSuiteWithoutTheAnalyzerSummarisesNoneOfIt() {
        let summaries = Self.summaries(AnalyzerRegistry.all)
        #expect(summaries.byName["start"] != nil)
        #expect(summaries.names(having: Prints.self).isEmpty)
        #expect(summaries.byName["start"]?.first?.facts == FunctionFacts())
    }

    @Test func factsAtTheirDefaultAreNotStoredSoEqualFactsCompareEqual() {
        var facts = FunctionFacts()
        facts[Prints.self].prints = true
        #expect(facts != FunctionFacts())
        facts[Prints.self].prints = false
        #expect(facts == FunctionFacts())
        #expect(facts.hashValue == FunctionFacts().hashValue)
        var printing = FunctionFacts()
        printing[Prints.self] = Prints(prints: true)
        #expect(printing.agreeing(with: FunctionFacts())[Prints.self].prints == false, "a body without it disagrees")
        #expect(printing.agreeing(with: printing)[Prints.self].prints)
    }
}
