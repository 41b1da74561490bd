import LCKCore
import LCKTestSupport
import Testing

@Suite struct IdentifierSearchTests {
    typealias Pattern = IdentifierSearch.Pattern

    /// The obvious definition: every start position, every pattern, boundaries checked by hand.
    static func naive(_ patterns: [Pattern], _ text: [UInt8]) -> UInt64 {
        var found: UInt64 = 0
        for pattern in patterns where !pattern.name.isEmpty {
            let name = Array(pattern.name.utf8)
            guard name.count <= text.count else { continue }
            for start in 0...(text.count - name.count) where Array(text[start..<(start + name.count)]) == name {
                let before = start == 0 || !IdentifierSearch.isIdentifierByte(text[start - 1])
                let end = start + name.count
                let after = end == text.count || !IdentifierSearch.isIdentifierByte(text[end])
                if !pattern.wholeIdentifier || (before && after) { found |= pattern.groups }
            }
        }
        return found
    }

    @Test func wholeIdentifiersOnly() {
        let search = IdentifierSearch(names: ["CXProvider", "Handle", "PKPushRegistry"])
        #expect(search.matches(Array("let p: CXProvider = x".utf8)))
        #expect(search.matches(Array("CXProvider".utf8)))
        #expect(search.matches(Array("// uses `Handle`\n".utf8)))
        #expect(search.matches(Array("\"PKPushRegistry\"".utf8)))
        #expect(!search.matches(Array("CXProviderDelegate FileHandle Handles _Handle handle é Handleé".utf8)))
        #expect(!search.matches(Array("CXProvide".utf8)))
        #expect(!search.matches([]))
    }

    @Test func substringsWhenNotWholeIdentifiers() {
        let search = IdentifierSearch(patterns: [Pattern("Conversation", wholeIdentifier: false)])
        #expect(search.matches(Array("class ConversationListView {}".utf8)))
        #expect(search.matches(Array("xConversation".utf8)))
        #expect(!search.matches(Array("Conversatio n".utf8)))
    }

    @Test func groupsAreReportedTogetherAndStopEarlyOnlyWhenAsked() {
        let search = IdentifierSearch(patterns: [
            Pattern("CXProvider", groups: 0b001), Pattern("CXCallUpdate", groups: 0b011),
            Pattern("Conversation", wholeIdentifier: false, groups: 0b100),
        ])
        let text = Array("CXProvider; x.CXCallUpdate; ConversationView".utf8)
        #expect(search.groups(in: text, stoppingAt: search.allGroups) == 0b111)
        #expect(search.groups(in: text, stoppingAt: 0b001) == 0b001)
        #expect(search.groups(in: text, stoppingAt: 0b110) == 0b111)
        #expect(search.groups(in: Array("ConversationView".utf8), stoppingAt: search.allGroups) == 0b100)
    }

    @Test func emptyAndOneByteNames() {
        #expect(!IdentifierSearch(names: [String]()).matches(Array("anything".utf8)))
        #expect(!IdentifierSearch(names: [""]).matches(Array("anything".utf8)))
        let single = IdentifierSearch(names: ["x", "Handle"])
        #expect(single.matches(Array("let x = 1".utf8)))
        #expect(!single.matches(Array("let xy = 1".utf8)))
        #expect(single.matches(Array("x".utf8)))
    }

    @Test func namesSharingTheirFirstTwoBytes() {
        let search = IdentifierSearch(names: ["CXCall", "CXCallController", "CXCallUpdate", "CX"])
        #expect(search.matches(Array("a CXCallUpdate b".utf8)))
        #expect(search.matches(Array("(CX)".utf8)))
        #expect(!search.matches(Array("CXCallObserver CXC".utf8)))
    }

    /// Random texts over a small alphabet, so patterns and near-misses occur often, against `naive`.
    @Test(arguments: 0..<8) func agreesWithTheObviousDefinition(seed: UInt64) {
        var generator = SeededRandom(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
        let alphabet = Array("ABCab_ .\n1é".utf8)
        let patterns = [
            Pattern("AB", groups: 1), Pattern("ABC", groups: 2), Pattern("aB", groups: 4), Pattern("Ab_", groups: 1),
            Pattern("B", groups: 8), Pattern("é", groups: 16), Pattern("CAB", groups: 32),
            Pattern("Ca", wholeIdentifier: false, groups: 64), Pattern("b", wholeIdentifier: false, groups: 128),
        ]
        let long = [
            Pattern("ABCA", groups: 1), Pattern("ABCAB", groups: 2), Pattern("aBCb_", groups: 4),
            Pattern("éABC", groups: 8), Pattern("CABC", wholeIdentifier: false, groups: 16),
        ]
        // A smaller alphabet for the four-byte names, so they and their near misses occur often.
        let narrow = Array("ABCa_ é".utf8)
        Self.compare(patterns, alphabet: alphabet, maxLength: 16, generator: &generator)
        Self.compare(long, alphabet: narrow, maxLength: 24, generator: &generator)
        Self.compare(patterns + long, alphabet: narrow, maxLength: 24, generator: &generator)
        // Names of 8 bytes or more: the skip moves windows of 8 by up to 7 bytes.
        let longer = [
            Pattern("ABCaABCa", groups: 1), Pattern("aBC_ABCab", groups: 2), Pattern("CAB_CAB_C", groups: 4),
            Pattern("_ABCABCABCA", wholeIdentifier: false, groups: 8), Pattern("éABéABéA", groups: 16),
        ]
        Self.compare(longer, alphabet: narrow, maxLength: 48, generator: &generator)
        Self.compare(longer + [Pattern("ABCa_", groups: 32)], alphabet: narrow, maxLength: 48, generator: &generator)
    }

    static func compare(_ patterns: [Pattern], alphabet: [UInt8], maxLength: UInt64, generator: inout SeededRandom) {
        let search = IdentifierSearch(patterns: patterns)
        for _ in 0..<4_000 {
            let length = Int(generator.next() % maxLength)
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let expected = Self.naive(patterns, text)
            #expect(search.groups(in: text, stoppingAt: search.allGroups) == expected, "\(text)")
            #expect(search.matches(text) == (expected != 0), "\(text)")
        }
    }
}
