import Dispatch
import Synchronization

/// Runs a numbered body on up to `jobs` threads, each thread taking the next number when it is free.
package enum ParallelLoop {
    /// Calls `body` once for each of `0..<count`, on up to `jobs` threads (the calling one when 1).
    package static func forEach(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < count else { break }
                body(position)
            }
        }
        let workers = max(1, min(jobs, count))
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
    }
}
