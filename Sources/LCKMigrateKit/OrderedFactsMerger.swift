import LCKAnalyzers
import Synchronization

/// Merges the pre-pass's per-file facts in file order while workers are still parsing later files.
///
/// `ProjectFacts` must be merged in file order (first declaration wins) to stay independent of `jobs`.
/// Merging everything after the workers finished left the other cores idle for that long; here a worker
/// that finishes a file hands its contribution in, and whichever worker finds merging idle merges every
/// contribution that is next in file order, outside the hand-in lock, so the others keep parsing. At
/// the end only the last few files are left to merge.
final class OrderedFactsMerger: Sendable {
    private struct Handoff {
        /// Finished files not merged yet, by position; nil when the file contributes nothing.
        var finished: [Int: ProjectFacts.FileContribution?] = [:]
        /// The first position not merged yet.
        var frontier = 0
        /// Some worker is merging (it alone touches `facts`).
        var merging = false
    }

    private let handoff = Mutex(Handoff())
    private let facts = Mutex(ProjectFacts())

    /// Records the file at `position` (nil: nothing to merge) and merges whatever is next in order.
    func finish(_ position: Int, contribution: ProjectFacts.FileContribution?) {
        let claimed = handoff.withLock { state -> Bool in
            state.finished[position] = .some(contribution)
            guard !state.merging else { return false }
            state.merging = true
            return true
        }
        guard claimed else { return }
        while true {
            let ready = handoff.withLock { state -> [ProjectFacts.FileContribution?] in
                var run: [ProjectFacts.FileContribution?] = []
                while let next = state.finished.removeValue(forKey: state.frontier) {
                    run.append(next)
                    state.frontier += 1
                }
                if run.isEmpty { state.merging = false }
                return run
            }
            guard !ready.isEmpty else { return }
            facts.withLock { project in
                for case let contribution? in ready { project.merge(contribution) }
            }
        }
    }

    /// The merged facts; call after every position below `count` was finished.
    func result(count: Int) -> ProjectFacts {
        precondition(handoff.withLock { $0.frontier == count && !$0.merging }, "pre-pass files left unmerged")
        return facts.withLock { $0 }
    }
}
