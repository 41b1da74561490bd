import Synchronization

/// Values the command no longer needs but that are not worth freeing: `main` calls `exit` right after
/// the command returns, and releasing a monorepo scan's findings one allocation at a time took about
/// as long as writing its JSON report, on one core, after all output was written.
enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
