import LCKCore
import Testing

@Suite struct VisibleTextTests {
    @Test func controlCharactersBecomeHexEscapesAndOtherTextIsUntouched() {
        #expect(VisibleText.escaped("a\u{1B}[2J\u{07}\r\n\t\u{7F}b") == "a\\x1B[2J\\x07\\x0D\\x0A\\x09\\x7Fb")
        // C1 controls, line separators and bidirectional overrides, byte by byte.
        #expect(VisibleText.escaped("x\u{9B}y\u{2028}z\u{202E}w") == "x\\xC2\\x9By\\xE2\\x80\\xA8z\\xE2\\x80\\xAEw")
        #expect(VisibleText.escaped("café — 名前 \u{A0}\\x") == "café — 名前 \u{A0}\\x")
        #expect(VisibleText.line("a\nb") == "a\\x0Ab\n")
    }

    @Test func utf8SequencesFollowTheUnicodeTable() {
        func length(_ bytes: [UInt8]) -> Int { VisibleText.utf8SequenceLength(bytes, at: 0) }
        #expect(length([0x41]) == 1)
        #expect(length(Array("é".utf8)) == 2)
        #expect(length(Array("名".utf8)) == 3)
        #expect(length(Array("😀".utf8)) == 4)
        for invalid: [UInt8] in [
            [0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3],
        ] {
            #expect(length(invalid) == 0, "\(invalid)")
        }
    }

    @Test func pathKeysCompareBytesNotCanonicalEquivalence() {
        let composed = "caf\u{E9}.swift"
        let decomposed = "cafe\u{301}.swift"
        #expect(composed == decomposed)  // what String does, and why paths need PathKey
        #expect(PathKey(composed) != PathKey(decomposed))
        #expect(Set([PathKey(composed), PathKey(decomposed), PathKey(composed)]).count == 2)
        #expect(!composed.hasSameBytes(as: decomposed))
    }

    /// Compared 8 bytes at a time: a difference at any offset is found, and a value sharing the other's
    /// storage (every finding of a file holds one path) is equal.
    @Test func sameBytesFindsADifferenceAtEveryOffset() {
        for length in 0..<40 {
            let base = String(repeating: "p", count: length)
            #expect(base.hasSameBytes(as: String(repeating: "p", count: length)))
            let shared = base
            #expect(shared.hasSameBytes(as: base))
            for offset in 0..<length {
                var bytes = Array(base.utf8)
                bytes[offset] = UInt8(ascii: "q")
                #expect(!base.hasSameBytes(as: String(decoding: bytes, as: UTF8.self)), "\(length) \(offset)")
            }
            #expect(!base.hasSameBytes(as: base + "p"))
        }
    }
}
