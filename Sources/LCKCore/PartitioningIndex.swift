extension RandomAccessCollection {
    /// The first index whose element satisfies `belongsToSecondPartition`, or `endIndex` if none does, for a
    /// collection in which every element that fails the predicate comes before every element that satisfies it.
    ///
    /// The one bisection behind every sorted lookup of the package (line starts, token-keyed tables, outline
    /// entries in source order), so that none of them writes its own `while low < high` loop. The predicate
    /// is evaluated once per step: ⌈log₂(count + 1)⌉ times at most.
    @inlinable
    public func partitioningIndex(
        where belongsToSecondPartition: (Element) throws -> Bool
    ) rethrows -> Index {
        var low = startIndex
        var remaining = count
        while remaining > 0 {
            let half = remaining / 2
            let middle = index(low, offsetBy: half)
            if try belongsToSecondPartition(self[middle]) {
                remaining = half
            } else {
                low = index(after: middle)
                remaining -= half + 1
            }
        }
        return low
    }
}
