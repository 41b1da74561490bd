import Synchronization

/// Folds numbered results into one value in number order while workers are still producing later ones.
///
/// The scan pre-pass's `ProjectFacts` must be merged in file order (first declaration wins), findings
/// joined in path order and report slices in index order, so none depends on `jobs`. Doing that after
/// the workers finished left the other cores idle for as long; here a worker that finishes an item hands
/// its result in, and whichever worker finds merging idle folds every result that is next in order,
/// outside the hand-in lock, while the others keep working. At the end only the last few are left, and
/// results are dropped as soon as they are folded (a report's slices are not all held at once).
package final class OrderedMerger<Contribution: Sendable, Merged: Sendable>: Sendable {
    private struct Handoff {
        /// Finished items not merged yet, by position; nil when the item contributes nothing.
        var finished: [Int: Contribution?] = [:]
        /// The first position not merged yet.
        var frontier = 0
        /// Some worker is merging (it alone touches `merged`).
        var merging = false
    }

    private let handoff = Mutex(Handoff())
    private let merged: Mutex<Merged>
    private let fold: @Sendable (inout Merged, Contribution, _ position: Int) -> Void

    package init(
        _ initial: sending Merged, fold: @escaping @Sendable (inout Merged, Contribution, _ position: Int) -> Void
    ) {
        merged = Mutex(initial)
        self.fold = fold
    }

    /// Records the item at `position` (nil: nothing to merge) and merges whatever is next in order.
    /// Each position below the final count must be finished exactly once.
    package func finish(_ position: Int, contribution: Contribution?) {
        let claimed = handoff.withLock { state -> Bool in
            state.finished[position] = .some(contribution)
            guard !state.merging else { return false }
            state.merging = true
            return true
        }
        guard claimed else { return }
        while true {
            let ready = handoff.withLock { state -> [(Int, Contribution?)] in
                var run: [(Int, Contribution?)] = []
                while let next = state.finished.removeValue(forKey: state.frontier) {
                    run.append((state.frontier, next))
                    state.frontier += 1
                }
                if run.isEmpty { state.merging = false }
                return run
            }
            guard !ready.isEmpty else { return }
            merged.withLock { value in
                for (position, contribution) in ready {
                    if let contribution { fold(&value, contribution, position) }
                }
            }
        }
    }

    /// The merged value, moved out (`empty` is left in its place, so the caller holds the only copy);
    /// call after every position below `count` was finished.
    package func result(count: Int, leaving empty: Merged) -> Merged {
        precondition(handoff.withLock { $0.frontier == count && !$0.merging }, "results left unmerged")
        return merged.withLock { value in
            var taken = empty
            swap(&taken, &value)
            return taken
        }
    }
}
