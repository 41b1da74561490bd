/// Spotting CallKit names in text meant to be LiveCommunicationKit code: an `lck` after-form, or a line the
/// report suggests. A leftover `CXProvider` means the code is still half CallKit and would not compile.
public enum CallKitSpelling {
    /// The first word spelled like a CallKit type (`CX` and a capital letter), or nil.
    public static func firstType(in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
        }
        var index = 0
        while index < bytes.count {
            guard isWord(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isWord(bytes[end]) { end += 1 }
            if end - index > 2, bytes[index] == 0x43, bytes[index + 1] == 0x58, bytes[index + 2] >= 0x41,
                bytes[index + 2] <= 0x5A
            {
                return String(decoding: bytes[index..<end], as: UTF8.self)
            }
            index = end
        }
        return nil
    }
}
