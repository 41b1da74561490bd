import LCKLexer
import LCKTestSupport
import Testing

/// `KeywordTable+Generated.swift` must be what `lckmigrate-generate` makes of `Keyword` now.
@Suite struct KeywordTableTests {
    @Test func generatedTableIsUpToDate() {
        let staleness = GeneratedSource.staleness(
            of: KeywordTableRenderer.generatedPath, expected: KeywordTableRenderer.render())
        #expect(staleness == nil, "\(staleness ?? "")")
    }

}
