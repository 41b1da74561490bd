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

/// Discovery and reading against an unfriendly file system: every odd entry is reported with a
/// reason and never stops the rest of the scan.
@Suite struct FileSystemRobustnessTests {
    private func discover(_ tree: TemporaryTree, _ options: DiscoveryOptions = DiscoveryOptions()) -> DiscoveryResult {
        FileDiscovery.discover(paths: ["."], currentDirectory: tree.root, options: options)
    }

    @Test func fileLinkLoopIsReportedAndTheRestScanned() throws {
        let tree = try TemporaryTree()
        try tree.file("Good.swift")
        try tree.link("A.swift", to: "B.swift")
        try tree.link("B.swift", to: "A.swift")
        let result = discover(tree)
        #expect(result.files.map(\.displayPath) == ["Good.swift"])
        #expect(result.problems.map(\.path) == ["A.swift", "B.swift"])
        #expect(
            result.problems.allSatisfy {
                $0.message.contains("too many levels of symbolic links") && $0.kind == .unreadable
            })
    }

    @Test func directoryLinkLoopEndsWhenLinksAreFollowed() throws {
        let tree = try TemporaryTree()
        try tree.file("Sub/Inner.swift")
        try tree.link("Sub/Back", to: "..")
        try tree.link("Sub/Self", to: ".")
        let result = discover(tree, DiscoveryOptions(followDirectorySymlinks: true))
        #expect(result.files.map(\.displayPath) == ["Sub/Inner.swift"])
        #expect(result.problems.isEmpty)
    }

    @Test func linkLeadingOutsideTheRootIsSkippedWithANote() throws {
        let tree = try TemporaryTree()
        let outside = try TemporaryTree()
        let target = try outside.file("Secret.swift", "import CallKit\n")
        try tree.file("Root/Own.swift")
        try tree.link("Root/Escape.swift", to: target)
        try tree.link("Root/Inside.swift", to: "Own.swift")
        let result = FileDiscovery.discover(paths: ["Root"], currentDirectory: tree.root)
        #expect(result.files.map(\.displayPath) == ["Root/Inside.swift", "Root/Own.swift"])
        let note = try #require(result.problems.first)
        #expect(result.problems.count == 1)
        #expect(note.path == "Root/Escape.swift")
        #expect(note.kind == .skipped)
        #expect(note.message.contains("outside the scanned folder"))
        // Opting in follows it; naming the file explicitly always scans it.
        let followed = FileDiscovery.discover(
            paths: ["Root"], currentDirectory: tree.root, options: DiscoveryOptions(followLinksOutsideRoot: true))
        #expect(followed.files.map(\.displayPath) == ["Root/Escape.swift", "Root/Inside.swift", "Root/Own.swift"])
        let explicit = FileDiscovery.discover(paths: ["Root/Escape.swift"], currentDirectory: tree.root)
        #expect(explicit.files.map(\.displayPath) == ["Root/Escape.swift"])
    }

    @Test func devicesAndFIFOsNamedSwiftAreRefusedWithoutBlocking() throws {
        let tree = try TemporaryTree()
        try tree.file("Good.swift")
        try tree.link("Zero.swift", to: "/dev/zero")
        #expect(mkfifo(tree.root + "/Pipe.swift", 0o644) == 0)
        try tree.link("ToPipe.swift", to: "Pipe.swift")
        let result = discover(tree)
        #expect(result.files.map(\.displayPath) == ["Good.swift"])
        #expect(result.problems.map(\.path) == ["Pipe.swift", "ToPipe.swift", "Zero.swift"])
        #expect(result.problems[0].message == "not a regular file (a FIFO, socket or device); skipped")
        #expect(result.problems[1].message == "link to a FIFO, socket or device, not a regular file; skipped")
        #expect(result.problems[0].kind == .unreadable && result.problems[1].kind == .unreadable)
        // /dev/zero is outside the scanned folder: never opened, noted as skipped.
        #expect(
            result.problems[2].kind == .skipped && result.problems[2].message.contains("outside the scanned folder"))
        // Named explicitly, the reader refuses them too (a FIFO with no writer would block a plain open).
        let report = ScanPipeline.run(
            ScanRequest(paths: ["Zero.swift", "Pipe.swift", "Good.swift"], currentDirectory: tree.root, jobs: 1))
        #expect(report.filesScanned == 1)
        #expect(report.problems.map(\.path) == ["Pipe.swift", "Zero.swift"])
    }

    @Test func nonUTF8FileNameIsScanned() throws {
        let tree = try TemporaryTree()
        let name: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(".swift".utf8)  // Latin-1 "Café.swift"
        let fd = Platform.withCPath(Array(tree.root.utf8) + [0x2F] + name) { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        _ = write(fd, "let x = 1\n", 10)
        close(fd)
        let report = ScanPipeline.run(ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: 1))
        #expect(report.filesScanned == 1)
        #expect(report.problems.isEmpty)
        #expect(report.linesScanned == 1)
    }

    @Test func overlongNamesAndPathsAreReportedNotFatal() throws {
        let tree = try TemporaryTree()
        try tree.file("Good.swift")
        // 255 bytes is the usual component limit; build a folder chain past PATH_MAX with *at calls.
        let component = String(repeating: "d", count: 250)
        var directory = open(tree.root, O_RDONLY | O_DIRECTORY)
        #expect(directory >= 0)
        for _ in 0..<20 {
            #expect(mkdirat(directory, component, 0o755) == 0)
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY)
            close(directory)
            directory = next
        }
        let fd = openat(directory, "Deep.swift", O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)
        close(directory)
        let report = ScanPipeline.run(ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: 1))
        #expect(report.filesScanned == 1)
        let problem = try #require(report.problems.first)
        #expect(problem.message.contains("file name too long"))
        #expect(problem.kind == .unreadable)
        #expect(FailThreshold.error.exitStatus(for: report) == .failure)
        // TemporaryTree's FileManager cleanup cannot remove paths past PATH_MAX; unlink bottom-up with *at calls.
        Self.removeChain(root: tree.root, component: component, depth: 20, leaf: "Deep.swift")
    }

    private static func removeChain(root: String, component: String, depth: Int, leaf: String) {
        var descriptors = [open(root, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<depth { descriptors.append(openat(descriptors.last!, component, O_RDONLY | O_DIRECTORY)) }
        unlinkat(descriptors.last!, leaf, 0)
        for level in stride(from: depth, to: 0, by: -1) {
            close(descriptors[level])
            unlinkat(descriptors[level - 1], component, AT_REMOVEDIR)
        }
        close(descriptors[0])
    }

    @Test func fileOverTheSizeLimitIsSkippedWithANoteAndExitStaysZero() throws {
        let tree = try TemporaryTree()
        try tree.file("Small.swift", "let x = 1\n")
        try tree.bytes("Large.swift", Array(repeating: 0x20, count: 4096))
        var options = DiscoveryOptions()
        options.maxFileSize = 1024
        let result = discover(tree, options)
        #expect(result.files.map(\.displayPath) == ["Small.swift"])
        let note = try #require(result.problems.first)
        #expect(note.kind == .skipped)
        #expect(
            note.message
                == "skipped: 4096 bytes is larger than --max-file-size (1024 bytes); raise the limit to scan it")
        let report = ScanPipeline.run(
            files: result.files, problems: result.problems, request: ScanRequest(paths: [], jobs: 1))
        #expect(FailThreshold.error.exitStatus(for: report) == .success)
        // Named explicitly, the limit still applies.
        let explicit = FileDiscovery.discover(paths: ["Large.swift"], currentDirectory: tree.root, options: options)
        #expect(explicit.files.isEmpty && explicit.problems.first?.kind == .skipped)
    }

    @Test func filesDeletedOrTruncatedAfterDiscoveryAreHandled() throws {
        let tree = try TemporaryTree()
        try tree.file("Deleted.swift", "import CallKit\n")
        try tree.file("Truncated.swift", String(repeating: "let provider = CXProvider()\n", count: 100))
        try tree.file("Kept.swift")
        let discovered = discover(tree)
        #expect(discovered.files.count == 3)
        try FileManager.default.removeItem(atPath: tree.root + "/Deleted.swift")
        #expect(truncate(tree.root + "/Truncated.swift", 5) == 0)
        let report = ScanPipeline.run(
            files: discovered.files, request: ScanRequest(paths: [], currentDirectory: tree.root, jobs: 2))
        #expect(report.filesScanned == 2)
        #expect(
            report.problems == [
                FileProblem(path: "Deleted.swift", message: "cannot read file: no such file or directory")
            ])
        #expect(report.linesScanned == 2)  // "let x = 1" and the 5 bytes left of Truncated.swift
    }

    @Test func byteSizesParse() {
        #expect(ByteSize.parse("65536") == 65536)
        #expect(ByteSize.parse("512KB") == 512 * 1024)
        #expect(ByteSize.parse("10MB") == 10 * 1024 * 1024)
        #expect(ByteSize.parse("10 mb") == 10 * 1024 * 1024)
        #expect(ByteSize.parse("1G") == 1 << 30)
        #expect(ByteSize.parse("0") == nil)
        #expect(ByteSize.parse("MB") == nil)
        #expect(ByteSize.parse("10TB") == nil)
        #expect(ByteSize.parse("-5") == nil)
        #expect(ByteSize.parse("99999999999999999999GB") == nil)
    }
}
