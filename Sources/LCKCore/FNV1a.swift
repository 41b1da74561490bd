/// FNV-1a over bytes, the same on every run (Swift's `Hasher` is seeded per process): the prefilter's
/// name table and the helper rounds' definition search hash names with it.
public enum FNV1a {
    public static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }
}
