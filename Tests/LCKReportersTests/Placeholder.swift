import Testing

@Test func LCKReportersTestsPlaceholder() { #expect(Bool(true)) }
