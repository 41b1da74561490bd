import Testing

@Test func LCKMigrateKitTestsPlaceholder() { #expect(Bool(true)) }
