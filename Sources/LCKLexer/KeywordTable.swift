/// Keyword recognition without strings: keywords are bucketed by length and first byte,
/// and a candidate is confirmed by comparing bytes.
enum KeywordTable {
    private static let maxLength = 16

    /// The spelling bytes of all keywords, back to back.
    private static let spellings: [UInt8] = {
        var bytes: [UInt8] = []
        for keyword in entries { bytes.append(contentsOf: keyword.text.utf8) }
        return bytes
    }()

    /// Keywords that have their own spelling (`throwsContextual` shares `throws`).
    private static let entries: [Keyword] = Keyword.allCases.filter { $0 != .throwsContextual }

    /// `(offset into spellings, keyword)` per keyword, indexed like `entries`.
    private static let offsets: [Int] = {
        var result: [Int] = []
        var offset = 0
        for keyword in entries {
            result.append(offset)
            offset += keyword.text.utf8.count
        }
        return result
    }()

    /// For bucket `length * 128 + firstByte`: the range of `bucketEntries` holding its candidates.
    private static let buckets: [(start: Int, end: Int)] = makeBuckets().0
    private static let bucketEntries: [UInt8] = makeBuckets().1

    private static func makeBuckets() -> ([(start: Int, end: Int)], [UInt8]) {
        var lists = Array(repeating: [UInt8](), count: (maxLength + 1) * 128)
        for (index, keyword) in entries.enumerated() {
            let utf8 = Array(keyword.text.utf8)
            lists[utf8.count * 128 + Int(utf8[0])].append(UInt8(index))
        }
        var ranges: [(start: Int, end: Int)] = []
        var flat: [UInt8] = []
        for list in lists {
            ranges.append((flat.count, flat.count + list.count))
            flat.append(contentsOf: list)
        }
        return (ranges, flat)
    }

    /// The keyword spelled by `input[start..<start+length]`, if any.
    @inline(__always)
    static func lookup(_ input: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Keyword? {
        guard length >= 2 && length <= maxLength else { return nil }
        let first = input[start]
        guard first < 0x80 else { return nil }
        let bucket = buckets[length * 128 + Int(first)]
        var candidate = bucket.start
        while candidate < bucket.end {
            let entry = Int(bucketEntries[candidate])
            let offset = offsets[entry]
            var index = 1
            while index < length && spellings[offset + index] == input[start + index] { index += 1 }
            if index == length { return entries[entry] }
            candidate += 1
        }
        return nil
    }
}
