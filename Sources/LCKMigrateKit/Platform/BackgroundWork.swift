import Dispatch
import Synchronization

/// Work started on another thread now and collected later: `scan` walks the file tree while the rule
/// table loads, two start-up steps that do not depend on each other and would otherwise both run
/// while every other core waits.
public final class BackgroundWork<Value: Sendable>: Sendable {
    private let finished = DispatchGroup()
    private let result = Mutex<Value?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// Starts `body`, which may poll its argument to stop early once `cancel()` was called.
    public init(_ body: @escaping @Sendable (_ isCancelled: @Sendable () -> Bool) -> Value) {
        finished.enter()
        DispatchQueue.global().async { [self] in
            let value = body { [self] in cancelled.load(ordering: .relaxed) }
            result.withLock { $0 = value }
            finished.leave()
        }
    }

    /// The value, waiting for the work to finish if it has not; may be read any number of times.
    public var value: Value {
        finished.wait()
        return result.withLock { $0! }
    }

    /// Asks the work to stop and waits until it has, so nothing outlives the caller's use of it.
    public func cancelAndWait() {
        cancelled.store(true, ordering: .relaxed)
        finished.wait()
    }
}
