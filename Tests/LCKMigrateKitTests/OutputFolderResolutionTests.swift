import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// A config's output in a folder that does not exist yet is judged by the deepest folder that does.
@Suite struct OutputFolderResolutionTests {
    @Test func missingFoldersResolveThroughTheirExistingAncestor() throws {
        let tree = try TemporaryTree()
        try tree.directory("real")
        let root = try #require(OutputGuard.resolvedFolder(Array(tree.root.utf8)))
        let missing = OutputGuard.resolvedFolder(Array((tree.root + "/real/new/deeper").utf8))
        #expect(missing == root + Array("/real/new/deeper".utf8))
        #expect(OutputGuard.resolvedFolder(Array((tree.root + "/real/new/../../..").utf8)) == nil)
    }
}
