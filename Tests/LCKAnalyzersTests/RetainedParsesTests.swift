import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Synchronization
import Testing

@testable import LCKAnalyzers

/// The parses the pre-pass keeps for the per-file pass.
@Suite struct RetainedParsesTests {
    @Test func eachParseIsHandedOutOnce() {
        let rules = RuleTable(mappings: [], analyzers: [])
        let context = AnalysisContext(file: Lexer.tokenize(Array("let a = 1".utf8)), rules: rules)
        let retained = RetainedParses([(position: 2, context: context)], count: 4)
        #expect(retained.take(0) == nil)
        #expect(retained.take(2)?.file.tokens.count == context.file.tokens.count)
        #expect(retained.take(2) == nil, "taken once, then freed")
        #expect(retained.take(9) == nil)
        #expect(RetainedParses([], count: 4).take(1) == nil)
    }

    /// A handler file, a helper file round one parsed (it names a CallKit type) and a helper file only a
    /// helper round parses: each is read once less than it would be if a helper round parsed it again, and
    /// every parse the summaries read is handed to the per-file pass, lexed as that pass lexes.
    @Test func theHelperRoundsReuseRoundOnesParsesAndKeepTheirOwn() {
        let sources = [
            """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                let client = RoomClient()
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    client.connect(room: "r") { ok in ok ? action.fulfill() : action.fail() }
                    client.leave { action.fulfill() }
                }
            }

            """,
            """
            final class RoomClient {
                let provider: CXProvider? = nil
                func connect(room: String, completion: @escaping (Bool) -> Void) {
                    guard !room.isEmpty else { return }
                    completion(true)
                }
            }

            """,
            """
            extension RoomClient {
                func leave(_ completion: @escaping () -> Void) { completion() } // left
            }

            """,
        ]
        for jobs in [1, 2] {
            let reads = Mutex([Int](repeating: 0, count: sources.count))
            let pass = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(fileCount: sources.count, jobs: jobs) {
                position in
                reads.withLock { $0[position] += 1 }
                return Array(sources[position].utf8)
            }
            #expect(pass.suite.project.summaries.work.helperRounds >= 1)
            #expect(pass.suite.project.summaries.byName["connect"] != nil)
            #expect(pass.suite.project.summaries.byName["leave"] != nil)
            // Round one reads each file, a helper round only the third (the second's parse is round one's), and
            // the prefilter's second round the third again (round one found it irrelevant) for its bytes only.
            #expect(reads.withLock { $0 } == [1, 1, 3])
            for position in sources.indices {
                let kept = pass.retained.take(position)
                #expect(kept?.file.bytes == Array(sources[position].utf8), "file \(position)")
                #expect(
                    kept?.file.trivia.count
                        == Lexer.tokenize(Array(sources[position].utf8), trivia: .lineComments)
                        .trivia.count, "file \(position)")
            }
        }
    }
}
