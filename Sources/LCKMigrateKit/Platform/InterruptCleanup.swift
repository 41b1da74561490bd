import Synchronization

/// Removes unfinished output files when the process is interrupted (Ctrl-C, `kill`, a closed terminal).
///
/// `AtomicOutputFile` registers its temporary path here while it is open. The signal handler only
/// calls `unlink` and `_exit`, both async-signal-safe, over a fixed table of C strings that is written
/// before the handler can see it; it never allocates or takes a lock.
public enum InterruptCleanup {
    /// At most this many temporary files are tracked at once (a scan writes a handful of reports).
    static let capacity = 64

    /// Each slot holds the address of a malloc'ed, NUL-terminated path, or 0.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int> = {
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let registration = Mutex(())

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP: remove registered files, exit 128 + signal.
    /// Call once, early in `main` before any thread starts; library users that never call it keep their
    /// own signal handling. The signals are also unblocked: a parent may hand down a mask that blocks
    /// them, and an interrupt that waits until the scan ends is no interrupt.
    public static func installHandlers() {
        _ = slots  // Allocate the table before any handler can run.
        Platform.installTerminationHandler(InterruptCleanup.handle)
    }

    /// Signals that would run the handler, blocked while `body` runs so a file is never created unregistered.
    static func withSignalsBlocked<Result>(
        _ body: () throws(FileProblemError) -> Result
    ) throws(FileProblemError) -> Result {
        try Platform.withTerminationSignalsBlocked(body)
    }

    /// Tracks `path` (raw bytes) until `unregister`; returns the slot, or nil when the table is full.
    static func register(_ path: [UInt8]) -> Int? {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: path.count + 1)
        copy.initialize(from: path, count: path.count)
        copy[path.count] = 0
        return registration.withLock { _ in
            for slot in 0..<capacity where slots[slot] == 0 {
                slots[slot] = Int(bitPattern: copy)
                return slot
            }
            copy.deallocate()
            return nil
        }
    }

    /// Stops tracking the path in `slot` (after a rename or an explicit removal).
    static func unregister(_ slot: Int) {
        registration.withLock { _ in
            let address = slots[slot]
            slots[slot] = 0
            UnsafeMutablePointer<UInt8>(bitPattern: address)?.deallocate()
        }
    }

    /// The number of paths tracked now; for tests.
    package static var registeredCount: Int {
        registration.withLock { _ in (0..<capacity).filter { slots[$0] != 0 }.count }
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<InterruptCleanup.capacity {
            let address = InterruptCleanup.slots[slot]
            if let path = UnsafePointer<CChar>(bitPattern: address) { Platform.unlinkInSignalHandler(path) }
        }
        Platform.exitImmediately(128 + signal)
    }
}
