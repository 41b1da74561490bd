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

    @Test func missingFoldersAreCreated() throws {
        let tree = try TemporaryTree()
        let file = try AtomicOutputFile.open(tree.root + "/reports/ci/out.txt")
        try file.commit(Array("report\n".utf8))
        #expect(try tree.entries("reports/ci") == ["out.txt"])
    }

    @Test func unwritableDestinationsFailAtOpenNamingThePath() throws {
        let tree = try TemporaryTree()
        try tree.file("plain.txt")
        let cases = [
            (tree.root + "/plain.txt/out.txt", "cannot write here (a component of the path is not a directory)"),
            (tree.root + "/plain.txt/deeper/out.txt", "cannot create its folder (a component of the path is not a"),
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

    /// A link at the destination is replaced by the report; the file it names keeps its bytes (a link
    /// committed to a scanned repository must not send the report onto `~/.profile`).
    @Test func aLinkToARegularFileIsReplacedAndItsTargetUntouched() throws {
        let tree = try TemporaryTree()
        try tree.file("home/.profile", "PATH=/usr/bin\n")
        try tree.directory("work")
        try tree.link("work/report.json", to: "../home/.profile")
        try AtomicOutputFile.open(tree.root + "/work/report.json").commit(Array("new".utf8))
        #expect(kind(tree.root + "/work/report.json") == S_IFREG)
        #expect(try String(contentsOfFile: tree.root + "/work/report.json", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: tree.root + "/home/.profile", encoding: .utf8) == "PATH=/usr/bin\n")
        #expect(try tree.entries("home") == [".profile"])
        #expect(try tree.entries("work") == ["report.json"])
    }

    @Test func aDanglingLinkIsReplacedAndNothingIsCreatedAtItsTarget() throws {
        let tree = try TemporaryTree()
        try tree.link("out.json", to: "made.json")
        try AtomicOutputFile.open(tree.root + "/out.json").commit(Array("{}".utf8))
        #expect(kind(tree.root + "/out.json") == S_IFREG)
        #expect(try tree.entries() == ["out.json"])
    }

    @Test func aLinkCycleAtTheDestinationIsReplaced() throws {
        let tree = try TemporaryTree()
        try tree.link("a", to: "b")
        try tree.link("b", to: "a")
        try AtomicOutputFile.open(tree.root + "/a").commit(Array("x".utf8))
        #expect(kind(tree.root + "/a") == S_IFREG)
        #expect(kind(tree.root + "/b") == S_IFLNK)
    }

    /// The temporary file's name must fit the 255-byte limit whenever the destination's does.
    @Test func aDestinationNameNearTheLimitIsWritten() throws {
        let tree = try TemporaryTree()
        for length in [235, 250, 255] {
            let name = String(repeating: "r", count: length - 5) + ".json"
            try AtomicOutputFile.open(tree.root + "/" + name).commit(Array("{}".utf8))
            #expect(try String(contentsOfFile: tree.root + "/" + name, encoding: .utf8) == "{}")
        }
        #expect(try tree.entries().count == 3)
    }

    /// Every open output is tracked for the interrupt handler, however many there are (the table grows).
    @Test func moreThanSixtyFourOpenOutputsAreAllTracked() throws {
        let tree = try TemporaryTree()
        let count = InterruptCleanup.initialCapacity * 2 + 10
        let outputs = try (0..<count).map { try AtomicOutputFile.open(tree.root + "/out\($0).json") }
        // Other tests may open and close outputs meanwhile; ours alone exceed the first table.
        #expect(InterruptCleanup.registeredCount >= count)
        for output in outputs { output.discard() }
        #expect(try tree.entries().isEmpty)
    }
}
