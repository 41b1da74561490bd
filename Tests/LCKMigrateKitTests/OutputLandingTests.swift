import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// An output is judged where the kernel will write it: existing folders resolved, a `..` below a
/// folder that does not exist yet popping it, the last name kept (a link there is replaced).
@Suite struct OutputLandingTests {
    @Test func missingFoldersResolveThroughTheirExistingAncestor() throws {
        let tree = try TemporaryTree()
        try tree.directory("real")
        let root = try #require(Platform.resolvedPath(Array(tree.root.utf8)))
        let missing = OutputLanding.resolve(Array((tree.root + "/real/new/deeper/x.json").utf8))
        #expect(missing?.path == root + Array("/real/new/deeper/x.json".utf8))
        #expect(missing?.folderExists == false)
    }

    @Test func dotDotBelowAMissingFolderLandsBesideIt() throws {
        let tree = try TemporaryTree()
        try tree.file("a.swift", "let a = 1\n")
        let root = try #require(Platform.resolvedPath(Array(tree.root.utf8)))
        let landing = OutputLanding.resolve(Array((tree.root + "/./sub/../nx/deeper/../../a.swift").utf8))
        #expect(landing?.path == root + Array("/a.swift".utf8))
        #expect(landing?.folderExists == true)
    }

    @Test func linksOnTheWayAreFollowedAndTheLastNameIsKept() throws {
        let tree = try TemporaryTree()
        try tree.directory("home/inner")
        try tree.directory("ck")
        try tree.link("ck/reports", to: "../home/inner")
        try tree.link("ck/last.json", to: "../home/target.json")
        let root = try #require(Platform.resolvedPath(Array(tree.root.utf8)))
        #expect(
            OutputLanding.resolve(Array((tree.root + "/ck/reports/../x.json").utf8))?.path
                == root + Array("/home/x.json".utf8))
        #expect(
            OutputLanding.resolve(Array((tree.root + "/ck/last.json").utf8))?.path == root + Array("/ck/last.json".utf8)
        )
        try tree.link("ck/dangling", to: "../nowhere")
        #expect(OutputLanding.resolve(Array((tree.root + "/ck/dangling/x.json").utf8)) == nil)
    }
}
