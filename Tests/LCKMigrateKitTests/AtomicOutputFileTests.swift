import Foundation
import LCKCore
@testable import LCKMigrateKit
import Testing

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
}
