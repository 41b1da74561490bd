import LCKRules
import Testing

@Suite struct SHA256Tests {
    // Test vectors from FIPS 180-2 appendix B and the empty-message digest.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hex(message) == digest)
    }

    @Test func millionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(
            SHA256.hexString(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalEqualsOneShot() {
        var hasher = SHA256()
        hasher.update("ab")
        hasher.update("c")
        #expect(SHA256.hexString(hasher.finalize()) == SHA256.hex("abc"))
    }

    /// Whole blocks are hashed straight from contiguous input and the rest through the buffer; every way
    /// of cutting the same bytes, and byte-by-byte input, must give the same digest.
    @Test func everySplitAgreesWithByteByByteInput() {
        var generator = SeededBytes(seed: 7)
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 128, 130, 200] {
            let message = (0..<length).map { _ in generator.next() }
            var byteByByte = SHA256()
            byteByByte.update(message.lazy.map { $0 })  // not contiguous: the per-byte path
            let expected = SHA256.hexString(byteByByte.finalize())
            for split in stride(from: 0, through: length, by: max(1, length / 13)) {
                var hasher = SHA256()
                hasher.update(message[..<split])
                hasher.update(Array(message[split...]))
                #expect(SHA256.hexString(hasher.finalize()) == expected, "length \(length), split \(split)")
            }
        }
    }
}

/// A fixed-seed byte source (xorshift), so the test data is the same on every run.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}
