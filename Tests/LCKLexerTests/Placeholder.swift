import Testing

@Test func LCKLexerTestsPlaceholder() { #expect(Bool(true)) }
