import LCKLexer
import LCKProjectModel
import LCKRules
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
}
