import LCKCore
import LCKLexer
import LCKRules
import Testing

@testable import LCKProjectModel

/// N closures nested in a CallKit handler (issue 15): listing each statement's own closures steps over
/// the nested ones instead of visiting them, so the work is linear in N (it was N²).
@Suite struct NestedHandlerLinearityTests {
    /// `provider(_:perform: CXAnswerCallAction)` whose body is `queue.async {` (or a bare `{`) nested `depth` deep.
    static func handler(depth: Int, opener: String = "queue.async {") -> String {
        """
        import CallKit
        final class Delegate: NSObject, CXProviderDelegate {
            let queue = DispatchQueue(label: "q")
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        \(String(repeating: opener + "\n", count: depth))action.fulfill()
        \(String(repeating: "}\n", count: depth))    }
        }

        """
    }

    /// Closures looked at by `ownClosures` over every statement of the file.
    private static func visits(_ source: String) -> Int {
        let rules = (try? RuleLoader.loadBuiltin()) ?? RuleTable(mappings: [], analyzers: [])
        let context = AnalysisContext(file: Lexer.tokenize(Array(source.utf8)), rules: rules)
        let syntax = StatementSyntax(context: context)
        var visits = 0
        for statement in context.outline.statements.indices {
            _ = syntax.ownClosures(of: statement, visits: &visits)
        }
        return visits
    }

    @Test(arguments: ["queue.async {", "{"])
    func ownClosuresWorkIsLinearInNesting(opener: String) {
        let small = Self.visits(Self.handler(depth: 1_000, opener: opener))
        let large = Self.visits(Self.handler(depth: 2_000, opener: opener))
        #expect(small >= 1_000)
        #expect(Double(large) <= 2.2 * Double(small), "closure visits \(small) → \(large)")
    }

    /// Own closures are the outermost ones of the statement, outside its child blocks.
    @Test func ownClosuresSkipNestedClosuresAndChildBlocks() {
        let source = "func f() {\n    if c { a { } } else { b { } }; g { h { } } + k { }\n}\n"
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(source.utf8)), rules: RuleTable(mappings: [], analyzers: []))
        let syntax = StatementSyntax(context: context)
        let ownNames = context.outline.statements.indices.map { statement in
            syntax.ownClosures(of: statement).map { context.file.text(at: context.outline.closures[$0].leftBrace - 1) }
        }
        #expect(ownNames.contains(["g", "k"]))
        #expect(ownNames.contains(["h"]))
        #expect(
            ownNames.filter { !$0.isEmpty }.sorted { $0.joined() < $1.joined() } == [["a"], ["b"], ["g", "k"], ["h"]])
    }
}
