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

@Suite struct AtomicOutputFileTests {
    private func entries(_ tree: TemporaryTree) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tree.root).sorted()
    }

    @Test func commitWritesTheBytesAndLeavesNoTemporaryFile() throws {
        let tree = try TemporaryTree()
        try tree.file("report.json", "old")
        let output = try AtomicOutputFile.open(tree.root + "/report.json")
        // Until commit, the old content stays and only a hidden temporary file is added.
        #expect(try String(contentsOfFile: tree.root + "/report.json", encoding: .utf8) == "old")
        #expect(try entries(tree).count == 2)
        try output.commit(Array("new".utf8))
        #expect(try String(contentsOfFile: tree.root + "/report.json", encoding: .utf8) == "new")
        #expect(try entries(tree) == ["report.json"])
    }

    @Test func discardLeavesTheDestinationAlone() throws {
        let tree = try TemporaryTree()
        do {
            let output = try AtomicOutputFile.open(tree.root + "/out.txt")
            output.discard()
        }
        #expect(try entries(tree).isEmpty)
    }

    @Test func unwritableDestinationsFailAtOpenNamingThePath() throws {
        let tree = try TemporaryTree()
        try tree.file("plain.txt")
        let cases = [
            (tree.root + "/missing/out.txt", "cannot write here (no such file or directory)"),
            (tree.root + "/plain.txt/out.txt", "cannot write here (a component of the path is not a directory)"),
            (tree.root, "is a directory; give a file path for --output"),
        ]
        for (path, expectedStart) in cases {
            do {
                _ = try AtomicOutputFile.open(path)
                Issue.record("expected \(path) to be refused")
            } catch {
                #expect(error.problem.path == path)
                #expect(error.problem.message.hasPrefix(expectedStart), "\(error.problem.message)")
            }
        }
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Commits `text` to `destination` while a non-blocking reader holds `fifo` open; returns what it read.
    private func writeThroughFIFO(_ fifo: String, destination: String, _ text: String) throws -> String {
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try AtomicOutputFile.open(destination).commit(Array(text.utf8))
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(reader, &buffer, buffer.count)
        return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
    }

    /// A FIFO (like a device such as /dev/null) is written in place; renaming over it would replace it.
    @Test func aFIFOIsWrittenInPlaceNotReplaced() throws {
        let tree = try TemporaryTree()
        let fifo = tree.root + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(try writeThroughFIFO(fifo, destination: fifo, "report") == "report")
        #expect(kind(fifo) == S_IFIFO)
        #expect(try entries(tree) == ["pipe"])
    }

    @Test func aLinkToAFIFOWritesIntoTheFIFOAndKeepsTheLink() throws {
        let tree = try TemporaryTree()
        let fifo = tree.root + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        try tree.link("out", to: "pipe")
        #expect(try writeThroughFIFO(fifo, destination: tree.root + "/out", "linked") == "linked")
        #expect(kind(tree.root + "/out") == S_IFLNK)
        #expect(kind(fifo) == S_IFIFO)
        #expect(try entries(tree) == ["out", "pipe"])
    }

    /// A link to a regular file is followed: the target is replaced atomically and the link stays.
    @Test func aLinkToARegularFileReplacesTheTargetAndKeepsTheLink() throws {
        let tree = try TemporaryTree()
        try tree.file("shared/report.json", "old")
        try tree.directory("work")
        try tree.link("work/report.json", to: "../shared/report.json")
        try AtomicOutputFile.open(tree.root + "/work/report.json").commit(Array("new".utf8))
        #expect(kind(tree.root + "/work/report.json") == S_IFLNK)
        #expect(try String(contentsOfFile: tree.root + "/shared/report.json", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root + "/shared") == ["report.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root + "/work") == ["report.json"])
    }

    @Test func aDanglingLinkGetsItsTargetCreated() throws {
        let tree = try TemporaryTree()
        try tree.link("out.json", to: "made.json")
        try AtomicOutputFile.open(tree.root + "/out.json").commit(Array("{}".utf8))
        #expect(kind(tree.root + "/out.json") == S_IFLNK)
        #expect(try String(contentsOfFile: tree.root + "/made.json", encoding: .utf8) == "{}")
    }

    @Test func aLinkCycleIsRefusedAtOpen() throws {
        let tree = try TemporaryTree()
        try tree.link("a", to: "b")
        try tree.link("b", to: "a")
        #expect(throws: FileProblemError.self) { try AtomicOutputFile.open(tree.root + "/a") }
    }
}
