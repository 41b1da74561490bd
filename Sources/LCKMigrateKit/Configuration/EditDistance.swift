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

    /// The candidate closest to `typed` within a small edit distance (a third of its length, at least 2),
    /// for "did you mean"; the first of equally close ones; nil when none is that close.
    package static func closest(to typed: String, in candidates: [String]) -> String? {
        let typed = Array(typed.utf8)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = between(typed, Array(candidate.utf8))
            guard distance <= max(2, typed.count / 3), distance < candidate.utf8.count else { continue }
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }
}
