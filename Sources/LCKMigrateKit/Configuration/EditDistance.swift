/// Levenshtein distance over UTF-8 bytes, shared by every "did you mean" hint (rule ids in the
/// library, commands and options in the CLI) so they agree on what counts as a near miss.
package enum EditDistance {
    /// The number of single-byte insertions, deletions and substitutions that turn `lhs` into `rhs`.
    package static func between(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        if lhs.isEmpty { return rhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...lhs.count {
            current[0] = i
            for j in stride(from: 1, through: rhs.count, by: 1) {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
