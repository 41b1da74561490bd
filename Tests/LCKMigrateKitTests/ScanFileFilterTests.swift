import LCKCore
import Testing

@testable import LCKMigrateKit

/// `ScanFileFilter` places the config's folder once instead of making each path absolute and relative
/// again; these tests hold it to the round trip's answer for every placement of folder and current directory.
@Suite struct ScanFileFilterTests {
    private static let folders = ["/", "/a", "/a/b", "/a/b/c", "/a/x", "/a/x/y", "/z"]

    /// The path relative to the config's folder by way of the absolute path; nil outside that folder.
    private func roundTrip(_ displayPath: String, currentDirectory: String, root: String) -> String? {
        let relative = DisplayPath.relative(currentDirectory + "/" + displayPath, to: root)
        return relative == ".." || relative.hasPrefix("../") ? nil : relative
    }

    @Test func everyPlacementAgreesWithTheAbsolutePathRoundTrip() {
        let targets = Self.folders.flatMap { [$0 + "/F.swift", $0 + "/b/G.swift", $0 + "/x/y/H.swift"] }
        var compared = 0
        for currentDirectory in Self.folders {
            for root in Self.folders {
                var configuration = Configuration(patternRoot: root, jobs: 1)
                configuration.exclude = Sourced([GlobPattern("Nothing")])
                let filter = ScanFileFilter(configuration, currentDirectory: currentDirectory)
                for target in targets {
                    let displayPath = DisplayPath.relative(target, to: currentDirectory)
                    let expected = roundTrip(displayPath, currentDirectory: currentDirectory, root: root)
                    #expect(
                        filter.pathFromRoot(displayPath) == expected,
                        "\(displayPath) from \(currentDirectory), root \(root)")
                    compared += 1
                }
            }
        }
        #expect(compared == 7 * 7 * 21)
    }

    @Test func includeListsLeaveOutFilesOutsideTheConfigFolder() {
        var configuration = Configuration(patternRoot: "/a", jobs: 1)
        configuration.include = Sourced([GlobPattern("b/**")])
        let filter = ScanFileFilter(configuration, currentDirectory: "/a/b")
        let files = ["Kept.swift", "../x/Out.swift", "../../z/Out.swift"]
            .map { DiscoveredFile(displayPath: $0, path: $0) }
        #expect(filter.apply(to: files).map(\.displayPath) == ["Kept.swift"])
        configuration.include = Sourced([])
        configuration.exclude = Sourced([GlobPattern("x")])
        let excluding = ScanFileFilter(configuration, currentDirectory: "/a/b")
        #expect(excluding.apply(to: files).map(\.displayPath) == ["Kept.swift", "../../z/Out.swift"])
    }
}
