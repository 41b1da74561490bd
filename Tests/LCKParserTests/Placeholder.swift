import Testing

@Test func LCKParserTestsPlaceholder() { #expect(Bool(true)) }
