/// Token index → value, as two sorted arrays searched by bisection.
///
/// The mapping detector's lookups (call by name token, argument by first token, …) were dictionaries:
/// about 40 bytes an entry, a few entries per statement, a tenth of the peak memory of a large file.
/// Here an entry takes 4 bytes and its value. Filled in order, a later entry for the same token replaces
/// the earlier one, as a dictionary assignment would.
struct TokenKeyedIndex<Value: Sendable>: Sendable {
    private var keys: [Int32] = []
    private var values: [Value] = []

    /// `capacity`: how many entries `fill` adds at most; with it, both arrays are allocated once at their
    /// final size (grown by doubling, and copied once more to drop repeated tokens, they took up to four
    /// times their entries at a file's peak memory).
    init(capacity: Int = 0, _ fill: (_ add: (_ token: Int, _ value: Value) -> Void) -> Void) {
        var keys: [Int32] = []
        var values: [Value] = []
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        var sorted = true
        fill { token, value in
            let key = Int32(clamping: token)
            if let last = keys.last, last > key { sorted = false }
            keys.append(key)
            values.append(value)
        }
        if !sorted {
            // Stable by key (ties keep their order), so the last entry of a token still wins below.
            let order = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            keys = order.map { keys[$0] }
            values = order.map { values[$0] }
        }
        // In place: the last entry of each run of equal keys is kept.
        var kept = 0
        for index in keys.indices {
            if kept > 0, keys[kept - 1] == keys[index] {
                values[kept - 1] = values[index]
            } else {
                keys[kept] = keys[index]
                values[kept] = values[index]
                kept += 1
            }
        }
        keys.removeSubrange(kept...)
        values.removeSubrange(kept...)
        self.keys = keys
        self.values = values
    }

    subscript(token: Int) -> Value? {
        guard token >= Int(Int32.min), token <= Int(Int32.max) else { return nil }
        let key = Int32(token)
        let low = keys.partitioningIndex { $0 >= key }
        return low < keys.count && keys[low] == key ? values[low] : nil
    }

    var count: Int { keys.count }

    /// Entries the two arrays have room for: what the index holds in memory, for the tests.
    var storageCapacity: Int { max(keys.capacity, values.capacity) }
}
