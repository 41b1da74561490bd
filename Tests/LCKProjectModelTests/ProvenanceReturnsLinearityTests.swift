import LCKLexer
import Testing

@testable import LCKProjectModel

/// What a function returns is found among the `return` statements inside its own body, never by testing
/// every `return` of the file: a file of many functions (or a long one made of repeated code) must cost
/// in proportion to its size.
@Suite struct ProvenanceReturnsLinearityTests {
    /// `count` functions returning strings, half of them sharing one name (as repeated code does), each
    /// with two returns and a nested closure with a return of its own.
    static func source(functions count: Int) -> String {
        (0..<count).map { index in
            let name = index % 2 == 0 ? "displayTitle" : "title\(index)"
            return """
                func \(name)(_ flag: Bool) -> String {
                    let pick = { () -> Int in return 1 }
                    if flag { return "room-\\(pick())" }
                    return "user"
                }

                """
        }.joined()
    }

    static func examinedReturns(functions count: Int) -> Int {
        let file = Lexer.tokenize(Array(source(functions: count).utf8))
        let facts = ValueFacts.collect(in: AnalysisContext(file: file, rules: ModelTestSupport.rules))
        return facts.work.returnsExamined
    }

    @Test func returnsExaminedGrowWithTheFileNotItsSquare() {
        let small = Self.examinedReturns(functions: 400)
        let large = Self.examinedReturns(functions: 800)
        #expect(small > 0)
        // Each function's body holds three returns; the shared name is traced once for all its bodies.
        #expect(small <= 3 * 400)
        #expect(Double(large) / Double(small) <= 2.1, "\(small) → \(large)")
    }
}
