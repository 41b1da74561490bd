import Testing

@Test func LCKAnalyzersTestsPlaceholder() { #expect(Bool(true)) }
