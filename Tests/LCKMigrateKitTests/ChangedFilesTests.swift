import LCKTestSupport
import Testing

@testable import LCKMigrateKit

@Suite struct ChangedFilesTests {
    @Test func keepsExistingSwiftFilesAndFoldersAndNotesTheRest() throws {
        let tree = try TemporaryTree()
        try tree.file("App/A.swift")
        try tree.file("App/B.swift")
        try tree.file("README.md", "# hi\n")
        try tree.directory("Pkg")
        let list = "App/A.swift\r\nREADME.md\nApp/Deleted.swift\n\n  App/B.swift  \nApp/A.swift\nPkg\n"
        let selection = try ChangedFiles.select(Array(list.utf8), currentDirectory: tree.root)
        #expect(selection.paths == ["App/A.swift", "App/B.swift", "Pkg"])
        #expect(
            selection.notes == [
                "README.md: not a Swift file; skipped",
                "App/Deleted.swift: no longer exists (deleted or renamed); skipped",
            ])
    }

    @Test func missingListFileIsAnError() throws {
        let tree = try TemporaryTree()
        #expect(throws: FileProblemError.self) { try ChangedFiles.readList("nope.txt", currentDirectory: tree.root) }
        try tree.file("list.txt", "A.swift\n")
        #expect(try ChangedFiles.readList("list.txt", currentDirectory: tree.root) == Array("A.swift\n".utf8))
    }
}

@Suite struct RulePolicyTests {
    @Test func enabledDisabledAndSeverityOverrides() {
        let source = "let a = CXProvider(c); let b = CXCallController()\n// lckmigrate:disable-line nothing_here\n"
        #expect(
            summary(scanSource(source)) == [
                "1:test_provider:active", "1:test_controller:active", "2:unused_suppression:active",
            ])
        // enabledRules keeps the suppression stage's own rules; disabledRules can turn them off.
        let only = scanSource(source, policy: RulePolicy(enabledRules: ["test_controller"]))
        #expect(summary(only) == ["1:test_controller:active", "2:unused_suppression:active"])
        let quiet = scanSource(source, policy: RulePolicy(disabledRules: ["unused_suppression", "test_provider"]))
        #expect(summary(quiet) == ["1:test_controller:active"])
        let raised = scanSource(source, policy: RulePolicy(severityOverrides: ["test_controller": .error]))
        #expect(raised.map(\.severity) == [.warning, .error, .note])
    }
}
