import Foundation
import LCKMigrateKit
import LCKTestSupport
import Synchronization
import Testing

@Suite struct BackgroundWorkTests {
    @Test func valueIsTheBodysResultAndCanBeReadAgain() {
        let work = BackgroundWork { _ in (1...100).reduce(0, +) }
        #expect(work.value == 5050)
        #expect(work.value == 5050)
        work.cancelAndWait()  // After completion: returns at once, value unchanged.
        #expect(work.value == 5050)
    }

    @Test func cancelStopsABodyThatPollsAndWaitsForIt() {
        let started = Atomic<Bool>(false)
        let work = BackgroundWork { isCancelled -> Int in
            started.store(true, ordering: .relaxed)
            var rounds = 0
            // Bounded, so a broken cancel fails the test instead of hanging it.
            while !isCancelled() && rounds < 50_000 {
                usleep(100)
                rounds += 1
            }
            return rounds
        }
        while !started.load(ordering: .relaxed) { usleep(100) }
        work.cancelAndWait()
        #expect(work.value < 50_000)
    }

    @Test func discoveryStopsWhenAskedBeforeReadingTheNextFolder() throws {
        let tree = try TemporaryTree()
        for index in 0..<5 { try tree.file("d\(index)/F\(index).swift") }
        let all = FileDiscovery.discover(paths: ["."], currentDirectory: tree.root)
        #expect(all.files.count == 5)
        let none = FileDiscovery.discover(paths: ["."], currentDirectory: tree.root, shouldStop: { true })
        #expect(none.files.isEmpty)
        // Asked once per path and once per folder: stopping after the root folder was read means its
        // subfolders, where the files are, are never listed.
        try tree.file("Root.swift")
        var asked = 0
        let partial = FileDiscovery.discover(paths: ["."], currentDirectory: tree.root) {
            asked += 1
            return asked > 2
        }
        #expect(partial.files.map(\.displayPath) == ["Root.swift"])
        #expect(asked == 3)
    }
}
