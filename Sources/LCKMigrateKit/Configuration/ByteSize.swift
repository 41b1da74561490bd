/// Parses the sizes users type for limits such as `--max-file-size`.
public enum ByteSize {
    /// Bytes for `65536`, `512KB`, `10MB`, `1GB` (also `K`, `M`, `G`, `B`, any case, spaces allowed
    /// before the unit); 1 KB is 1024 bytes. Nil for anything else, zero, or a value that overflows.
    public static func parse(_ text: String) -> Int? {
        let trimmed = Array(text.utf8.filter { $0 != 0x20 })
        let digitCount = trimmed.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        guard digitCount > 0, let number = Int(String(decoding: trimmed[..<digitCount], as: UTF8.self)) else {
            return nil
        }
        let unit = String(decoding: trimmed[digitCount...], as: UTF8.self).uppercased()
        let multiplier: Int
        switch unit {
        case "", "B": multiplier = 1
        case "K", "KB", "KIB": multiplier = 1 << 10
        case "M", "MB", "MIB": multiplier = 1 << 20
        case "G", "GB", "GIB": multiplier = 1 << 30
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow, bytes > 0 else { return nil }
        return bytes
    }
}
