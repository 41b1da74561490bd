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

/// Issue 29 item 12: a listed link out of the current folder is skipped as a folder walk skips it.
@Suite struct ChangedFilesLinkTests {
    @Test func aListedLinkOutOfTheFolderIsSkippedWithANote() throws {
        let outside = try TemporaryTree()
        let secret = try outside.file("s.swift", "// secret\nlet provider = CXProvider(configuration: c)\n")
        let tree = try TemporaryTree()
        try tree.file("App/A.swift")
        try tree.link("App/leak.swift", to: secret)
        try tree.link("Linked", to: outside.root)
        try tree.link("App/inner.swift", to: tree.root + "/App/A.swift")
        let list = "App/A.swift\nApp/leak.swift\nLinked/s.swift\nLinked\nApp/inner.swift\n"
        let selection = try ChangedFiles.select(Array(list.utf8), currentDirectory: tree.root)
        #expect(selection.paths == ["App/A.swift", "App/inner.swift"])
        #expect(selection.notes.count == 3)
        #expect(selection.notes.allSatisfy { $0.contains(": skipped: symbolic link to ") })
        #expect(selection.notes.first?.hasPrefix("App/leak.swift: skipped: symbolic link to ") == true)
    }

    /// Named outside on purpose (absolute, or `../`), a file is taken as on the command line.
    @Test func aPathNamedOutsideOnPurposeIsKept() throws {
        let outside = try TemporaryTree()
        let file = try outside.file("s.swift")
        let tree = try TemporaryTree()
        let selection = try ChangedFiles.select(Array((file + "\n").utf8), currentDirectory: tree.root)
        #expect(selection.paths == [file])
        #expect(FolderPath.isLexicallyInside("/a/b/../c/x.swift", folder: "/a/c"))
        #expect(!FolderPath.isLexicallyInside("/a/c/../x.swift", folder: "/a/c"))
        #expect(!FolderPath.isLexicallyInside("/a/c", folder: "/a/c"))
    }
}
