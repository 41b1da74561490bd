/// Token index → value, as two sorted arrays searched by bisection.
///
/// The mapping detector's lookups (call by name token, argument by first token, …) were dictionaries:
/// about 40 bytes an entry, a few entries per statement, a tenth of the peak memory of a large file.
/// Here an entry takes 4 bytes and its value. Filled in order, a later entry for the same token replaces
/// the earlier one, as a dictionary assignment would.
struct TokenKeyedIndex<Value: Sendable>: Sendable {
    private var keys: [Int32] = []
    private var values: [Value] = []

    init(_ fill: (_ add: (_ token: Int, _ value: Value) -> Void) -> Void) {
        var keys: [Int32] = []
        var values: [Value] = []
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
        for index in keys.indices {
            if let last = self.keys.last, last == keys[index] {
                self.values[self.values.count - 1] = values[index]
            } else {
                self.keys.append(keys[index])
                self.values.append(values[index])
            }
        }
    }

    subscript(token: Int) -> Value? {
        guard token >= Int(Int32.min), token <= Int(Int32.max) else { return nil }
        let key = Int32(token)
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low < keys.count && keys[low] == key ? values[low] : nil
    }

    var count: Int { keys.count }
}
