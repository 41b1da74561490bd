import Testing

@testable import LCKMigrateKit

@Suite struct GlobPatternTests {
    @Test func starStaysWithinOneComponent() {
        let pattern = GlobPattern("Sources/*.swift")
        #expect(pattern.matches("Sources/A.swift"))
        #expect(!pattern.matches("Sources/Sub/A.swift"))
        #expect(!pattern.matches("Other/A.swift"))
        #expect(GlobPattern("*Tests*").matches("AppTests/X.swift"))
        #expect(!GlobPattern("*.swift").matches("Sources/A.swift"))
    }

    @Test func doubleStarMatchesAnyNumberOfFoldersIncludingNone() {
        let pattern = GlobPattern("Sources/**/Generated/*.swift")
        #expect(pattern.matches("Sources/Generated/A.swift"))
        #expect(pattern.matches("Sources/a/b/c/Generated/A.swift"))
        #expect(!pattern.matches("Sources/a/Generated/Sub/A.swift"))
        #expect(GlobPattern("**/*.generated.swift").matches("x/y/Z.generated.swift"))
        #expect(GlobPattern("**/*.generated.swift").matches("Z.generated.swift"))
        #expect(GlobPattern("**").matches("any/thing.swift"))
    }

    @Test func questionMarkMatchesOneCharacterEvenWhenMultiByte() {
        #expect(GlobPattern("V?.swift").matches("V1.swift"))
        #expect(GlobPattern("V?.swift").matches("Vé.swift"))
        #expect(!GlobPattern("V?.swift").matches("V12.swift"))
        #expect(!GlobPattern("a?b").matches("a/b"))
    }

    @Test func aMatchingFolderCoversEverythingBelowIt() {
        #expect(GlobPattern("Pods").matches("Pods/Lib/A.swift"))
        #expect(GlobPattern("./Legacy/").matches("Legacy/Old/Call.swift"))
        #expect(!GlobPattern("Legacy").matches("LegacyNot/A.swift"))
    }

    @Test func filterAppliesIncludeThenExclude() {
        let filter = PathFilter(
            include: [GlobPattern("Sources"), GlobPattern("App/**/*.swift")], exclude: [GlobPattern("**/*Mock*.swift")])
        #expect(filter.admits("Sources/A.swift"))
        #expect(filter.admits("App/x/B.swift"))
        #expect(!filter.admits("Tests/A.swift"))
        #expect(!filter.admits("Sources/CallMock.swift"))
        #expect(PathFilter().admits("anything"))
    }

    @Test func pathologicalPatternsFinish() {
        // Backtracking is bounded: many stars against a long non-matching name.
        let name = String(repeating: "a", count: 2_000) + "b"
        #expect(!GlobPattern(String(repeating: "*a", count: 50) + "c").matches(name))
        let deep = Array(repeating: "d", count: 500).joined(separator: "/")
        #expect(!GlobPattern(String(repeating: "**/", count: 20) + "x").matches(deep))
    }
}
