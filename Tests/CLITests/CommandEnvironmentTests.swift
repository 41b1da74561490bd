import Testing

@testable import lckmigrate

/// The commands read the environment only through `CommandContext`, so a test sets it without a process.
@Suite struct CommandEnvironmentTests {
    private func context(_ environment: [String: String]) -> CommandContext {
        CommandContext(console: .standard, currentDirectory: "/work", environment: environment)
    }

    @Test func theStepSummaryComesFromTheContext() {
        let settings = ScanSettings()
        let given = settings.invocation(paths: ["."], context: context(["GITHUB_STEP_SUMMARY": "/tmp/summary.md"]))
        #expect(given.gitHubStepSummary == "/tmp/summary.md")
        // Whatever the test process's own environment holds, an empty context means no summary.
        #expect(settings.invocation(paths: ["."], context: context([:])).gitHubStepSummary == nil)
    }
}
