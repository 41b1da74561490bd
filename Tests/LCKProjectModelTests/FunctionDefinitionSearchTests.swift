import LCKCore
import LCKTestSupport
import Testing

@testable import LCKProjectModel

@Suite struct FunctionDefinitionSearchTests {
    @Test func findsOnlyDefinitionsOfTheNames() {
        let search = FunctionDefinitionSearch(names: ["connect", "go", "start"])
        #expect(search.matches(Array("  func connect(_ x: Int) {}".utf8)))
        #expect(search.matches(Array("func go() {}".utf8)))
        #expect(search.matches(Array("x.start(); private func start<T>() {}".utf8)))
        #expect(!search.matches(Array("connect(); funcconnect; myfunc connect() {}; func connection()".utf8)))
        #expect(!search.matches(Array("unc connect() func  connect() go() func gone() func ".utf8)))
        #expect(!search.matches(Array("connect".utf8)))
        #expect(!search.matches([]))
    }

    /// The same answer as the pattern search for `func NAME` it replaces, on random texts over a small
    /// alphabet where the lead-in, the names and their near misses occur often (short texts go byte by
    /// byte, longer ones 8 bytes at a time); a file's `DefinedNames` give the same answer without its bytes.
    @Test(arguments: 0..<4) func agreesWithThePatternSearch(seed: UInt64) {
        var generator = SeededRandom(seed: seed &+ 0x51_7CC1_B727_220A)
        let names = ["ab", "abc", "b_", "cab", "é"]
        let search = FunctionDefinitionSearch(names: names)
        let patterns = IdentifierSearch(patterns: names.map { .init("func " + $0) })
        let pieces = ["func ", "func", " ", "a", "b", "c", "_", "é", "\n", "(", "x"]
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 40)
            let text = Array(
                (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined().utf8)
            let expected = patterns.matches(text)
            #expect(search.matches(text) == expected, "\(String(decoding: text, as: UTF8.self))")
            #expect(search.mayMatch(DefinedNames(text)) == expected, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func definedNamesHoldEachNameOnce() {
        let text = Array("func go() {}\n// func go\nfunc stop() { func go() {} }\nfuncgo func".utf8)
        #expect(
            DefinedNames(text).hashes
                == [DefinedNames.hash(Array("go".utf8)[...]), DefinedNames.hash(Array("stop".utf8)[...])].sorted())
        #expect(DefinedNames([]).hashes.isEmpty)
    }
}
