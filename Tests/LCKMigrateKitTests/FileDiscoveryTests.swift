import Foundation
import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct FileDiscoveryTests {
    private func discover(
        _ tree: TemporaryTree, _ paths: [String], options: DiscoveryOptions = DiscoveryOptions()
    ) -> DiscoveryResult {
        FileDiscovery.discover(paths: paths, currentDirectory: tree.root, options: options)
    }

    @Test func walksRecursivelyKeepingOnlySwiftFilesInByteOrder() throws {
        let tree = try TemporaryTree()
        try tree.file("app/a.swift")
        try tree.file("app/a-b/x.swift")
        try tree.file("app/a/b.swift")
        try tree.file("app/B.swift")
        try tree.file("app/README.md")
        try tree.file("app/notes.swift.txt")
        try tree.file("app/.swift")
        let result = discover(tree, ["app"])
        // Byte order: "-" (2D) < "." (2E) < "/" (2F), and uppercase before lowercase.
        #expect(result.files.map(\.displayPath) == ["app/B.swift", "app/a-b/x.swift", "app/a.swift", "app/a/b.swift"])
        #expect(result.problems.isEmpty)
    }

    /// The memcmp ordering must agree with `lexicographicallyPrecedes` over UTF-8 (what reports sort by),
    /// including prefixes and multi-byte names, and a path found twice keeps the last file found.
    @Test func sortsByUTF8BytesAndKeepsTheLastOfARepeatedPath() {
        let names = ["b/ü.swift", "b/u.swift", "b", "a.swift", "a", "B.swift", "b/", "é/x.swift", "b/u.swift"]
        let found = names.enumerated().map { DiscoveredFile(displayPath: $0.element, path: "/root/\($0.offset)") }
        let result = FileDiscovery.sortedUnique(found)
        let expected = Array(Set(names)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(result.map(\.displayPath) == expected)
        #expect(result.first { $0.displayPath == "b/u.swift" }?.fileSystemPath == Array("/root/8".utf8))
    }

    @Test func skipsDefaultExcludedFoldersButWalksThemWhenNamed() throws {
        let tree = try TemporaryTree()
        for excluded in [".build", "Pods", "Carthage", "DerivedData", ".git", ".swiftpm"] {
            try tree.file("\(excluded)/Generated.swift")
            try tree.file("nested/\(excluded)/Deep.swift")
        }
        try tree.file("nested/Kept.swift")
        #expect(discover(tree, ["."]).files.map(\.displayPath) == ["nested/Kept.swift"])
        #expect(discover(tree, ["Pods"]).files.map(\.displayPath) == ["Pods/Generated.swift"])
    }

    @Test func reportsPathsRelativeToTheCurrentDirectory() throws {
        let tree = try TemporaryTree()
        try tree.file("src/One.swift")
        try tree.file("other/Two.swift")
        let fromSrc = FileDiscovery.discover(
            paths: ["./", "../other", tree.root + "/other/Two.swift"], currentDirectory: tree.root + "/src")
        // The same file named twice (folder and explicit path) is listed once.
        #expect(fromSrc.files.map(\.displayPath) == ["../other/Two.swift", "One.swift"])
        let absolute = discover(tree, [tree.root + "//src/./"])
        #expect(absolute.files.map(\.displayPath) == ["src/One.swift"])
    }

    @Test func explicitFilesAreTakenWhateverTheirExtension() throws {
        let tree = try TemporaryTree()
        try tree.file("script.txt")
        #expect(discover(tree, ["script.txt"]).files.map(\.displayPath) == ["script.txt"])
    }

    @Test func missingPathIsAProblemAndOtherPathsStillCount() throws {
        let tree = try TemporaryTree()
        try tree.file("One.swift")
        let result = discover(tree, ["Nope", "One.swift"])
        #expect(result.files.map(\.displayPath) == ["One.swift"])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.path == "Nope")
        #expect(result.problems.first?.message.hasPrefix("no such file or directory; check the path") == true)
    }

    @Test func missingAbsolutePathIsNamedAsGiven() throws {
        let tree = try TemporaryTree()
        let result = discover(tree, ["/lckmigrate-no-such-folder/App.swift"])
        #expect(result.problems.map(\.path) == ["/lckmigrate-no-such-folder/App.swift"])
    }

    @Test func emptyPathIsAProblemNotTheCurrentDirectory() throws {
        let tree = try TemporaryTree()
        try tree.file("One.swift")
        let result = discover(tree, [""])
        #expect(result.files.isEmpty)
        #expect(
            result.problems == [FileProblem(path: "\"\"", message: "empty path; use '.' for the current directory")])
    }

    @Test func folderWithoutSwiftFilesIsAProblem() throws {
        let tree = try TemporaryTree()
        try tree.file("docs/README.md")
        try tree.file("docs/.build/Hidden.swift")
        let result = discover(tree, ["docs"])
        #expect(result.files.isEmpty)
        #expect(result.problems.map(\.path) == ["docs"])
        #expect(result.problems.first?.message.contains("no Swift files found") == true)
        #expect(result.problems.first?.message.contains(".build") == true)
    }

    @Test func fileLinksAreFollowedAndFolderLinksAreNot() throws {
        let tree = try TemporaryTree()
        try tree.file("real/Real.swift")
        try tree.file("app/Main.swift")
        try tree.link("app/Linked.swift", to: "../real/Real.swift")
        try tree.link("app/realdir", to: "../real")
        // Walking "." the link stays inside the scanned folder and is followed …
        let whole = discover(tree, ["."])
        #expect(whole.files.map(\.displayPath) == ["app/Linked.swift", "app/Main.swift", "real/Real.swift"])
        #expect(whole.problems.isEmpty)
        // … walking "app" it leads outside, so it is skipped with a note (not an error).
        let result = discover(tree, ["app"])
        #expect(result.files.map(\.displayPath) == ["app/Main.swift"])
        #expect(result.problems.map(\.path) == ["app/Linked.swift"])
        #expect(result.problems.map(\.kind) == [.skipped])
    }

    @Test func folderLinkLoopsTerminateWhenFollowing() throws {
        let tree = try TemporaryTree()
        try tree.file("app/Main.swift")
        try tree.link("app/loop", to: ".")
        try tree.link("app/up", to: "..")
        let plain = discover(tree, ["app"])
        #expect(plain.files.map(\.displayPath) == ["app/Main.swift"])
        let following = discover(tree, ["app"], options: DiscoveryOptions(followDirectorySymlinks: true))
        // Each real folder is walked once, whichever link reaches it first (walk order is fixed).
        #expect(following.files.count == 1)
        // "up" leads outside the scanned folder: noted and not followed.
        #expect(following.problems.map(\.path) == ["app/up"])
        #expect(following.problems.map(\.kind) == [.skipped])
    }

    @Test func brokenSwiftLinkIsReportedAndTheRestIsScanned() throws {
        let tree = try TemporaryTree()
        try tree.file("app/Main.swift")
        try tree.link("app/Gone.swift", to: "missing.swift")
        try tree.link("app/gone-folder", to: "missing")
        let result = discover(tree, ["app"])
        #expect(result.files.map(\.displayPath) == ["app/Main.swift"])
        #expect(result.problems.map(\.path) == ["app/Gone.swift"])
        #expect(result.problems.first?.message.hasPrefix("broken symbolic link") == true)
    }

    @Test func unreadableFolderIsReportedAndTheRestIsScanned() throws {
        let tree = try TemporaryTree()
        try tree.file("app/Main.swift")
        try tree.file("app/locked/Secret.swift")
        let result: DiscoveryResult
        if geteuid() == 0 {
            // Root reads through chmod 000, so deny differently: the folder entry is a link to nowhere.
            try FileManager.default.removeItem(atPath: tree.root + "/app/locked")
            try tree.directory("app/locked")
            try tree.link("app/locked/Secret.swift", to: "/nonexistent/Secret.swift")
            result = discover(tree, ["app"])
            #expect(result.problems.map(\.path) == ["app/locked/Secret.swift"])
        } else {
            chmod(tree.root + "/app/locked", 0)
            defer { chmod(tree.root + "/app/locked", 0o755) }
            result = discover(tree, ["app"])
            #expect(result.problems.map(\.message) == ["cannot read directory: permission denied"])
        }
        #expect(result.files.map(\.displayPath) == ["app/Main.swift"])
    }

    @Test func fifoNamedSwiftIsReportedWithoutBlocking() throws {
        let tree = try TemporaryTree()
        try tree.file("app/Main.swift")
        #expect(mkfifo(tree.root + "/app/Pipe.swift", 0o644) == 0)
        let result = discover(tree, ["app"])
        #expect(result.files.map(\.displayPath) == ["app/Main.swift"])
        #expect(result.problems.map(\.path) == ["app/Pipe.swift"])
        let explicit = discover(tree, ["app/Pipe.swift"])
        #expect(explicit.files.isEmpty)
        #expect(explicit.problems.first?.message.hasPrefix("not a regular file") == true)
    }

    @Test func nonUTF8FileNamesAreFoundOpenedAndShownWithHexEscapes() throws {
        let tree = try TemporaryTree()
        try tree.directory("app")
        let rawName = Array("/app/caf".utf8) + [0xE9] + Array(".swift".utf8)
        let descriptor = (Array(tree.root.utf8) + rawName + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = "let x = 1\n".withCString { write(descriptor, $0, 10) }
        close(descriptor)
        let result = discover(tree, ["app"])
        #expect(result.files.map(\.displayPath) == ["app/caf\\xE9.swift"])
        let report = ScanPipeline.run(
            files: result.files, request: ScanRequest(paths: [], currentDirectory: tree.root, jobs: 1))
        #expect(report.problems.isEmpty)
        #expect(report.filesScanned == 1)
        #expect(report.linesScanned == 1)
    }
}

@Suite struct DisplayPathTests {
    @Test func normalisesLexicallyAgainstTheCurrentDirectory() {
        #expect(DisplayPath.relative("Samples", to: "/work/repo") == "Samples")
        #expect(DisplayPath.relative("./Samples//Calls/", to: "/work/repo") == "Samples/Calls")
        #expect(DisplayPath.relative(".", to: "/work/repo") == "")
        #expect(DisplayPath.relative("/work/repo/Sources/A.swift", to: "/work/repo") == "Sources/A.swift")
        #expect(DisplayPath.relative("/work/other/A.swift", to: "/work/repo") == "../other/A.swift")
        #expect(DisplayPath.relative("a/../b.swift", to: "/") == "b.swift")
        #expect(DisplayPath.join("", "A.swift") == "A.swift")
        #expect(DisplayPath.join("src", "A.swift") == "src/A.swift")
    }
}
