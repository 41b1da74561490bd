import Testing

@Test func LCKRulesTestsPlaceholder() { #expect(Bool(true)) }
