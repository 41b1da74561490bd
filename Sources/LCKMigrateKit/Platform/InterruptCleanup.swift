import Synchronization

/// Removes unfinished output files when the process is interrupted (Ctrl-C, `kill`, a closed terminal).
///
/// `AtomicOutputFile` registers its temporary path here while it is open. The signal handler only
/// calls `unlink` and `_exit`, both async-signal-safe, over a table of C strings that is written
/// before the handler can see it; it never allocates or takes a lock. The table grows to hold any
/// number of files: `reserve` (called with the output count before they are opened) or `register`
/// allocates the larger table and publishes it with one atomic store.
public enum InterruptCleanup {
    /// The first table's slot count; a scan writes a handful of reports.
    static let initialCapacity = 64

    /// The address of the current table: word 0 holds its slot count, words 1...count each the address
    /// of a malloc'ed, NUL-terminated path, or 0. A replaced table is emptied but never freed, since a
    /// handler on another thread may still be reading it.
    private static let table = Atomic<Int>(0)
    private static let registration = Mutex(())

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP: remove registered files, exit 128 + signal.
    /// Call once, early in `main` before any thread starts; library users that never call it keep their
    /// own signal handling. The signals are also unblocked: a parent may hand down a mask that blocks
    /// them, and an interrupt that waits until the scan ends is no interrupt.
    public static func installHandlers() {
        registration.withLock { _ in _ = currentTable() }  // Allocated before any handler can run.
        Platform.installTerminationHandler(InterruptCleanup.handle)
    }

    /// Makes room for `count` more temporary files than are registered now, so the table is sized
    /// before the outputs are opened.
    public static func reserve(_ count: Int) {
        registration.withLock { _ in
            let slots = currentTable()
            let used = (1...slots[0]).count { slots[$0] != 0 }
            if used + count > slots[0] { _ = grow(slots, toHold: used + count) }
        }
    }

    /// Signals that would run the handler, blocked while `body` runs so a file is never created unregistered.
    static func withSignalsBlocked<Result>(
        _ body: () throws(FileProblemError) -> Result
    ) throws(FileProblemError) -> Result {
        try Platform.withTerminationSignalsBlocked(body)
    }

    /// Tracks `path` (raw bytes) until `unregister`; returns its slot.
    static func register(_ path: [UInt8]) -> Int {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: path.count + 1)
        copy.initialize(from: path, count: path.count)
        copy[path.count] = 0
        return registration.withLock { _ in
            var slots = currentTable()
            let free = (1...slots[0]).first { slots[$0] == 0 }
            let slot = free ?? slots[0] + 1
            if free == nil { slots = grow(slots, toHold: slots[0] * 2) }
            slots[slot] = Int(bitPattern: copy)
            return slot
        }
    }

    /// Stops tracking the path in `slot` (after a rename or an explicit removal).
    static func unregister(_ slot: Int) {
        registration.withLock { _ in
            let slots = currentTable()
            let address = slots[slot]
            slots[slot] = 0
            UnsafeMutablePointer<UInt8>(bitPattern: address)?.deallocate()
        }
    }

    /// The number of paths tracked now; for tests.
    package static var registeredCount: Int {
        registration.withLock { _ in
            let slots = currentTable()
            return (1...slots[0]).count { slots[$0] != 0 }
        }
    }

    /// The current table, allocated on first use. Call with `registration` held.
    private static func currentTable() -> UnsafeMutablePointer<Int> {
        if let slots = UnsafeMutablePointer<Int>(bitPattern: table.load(ordering: .acquiring)) { return slots }
        let slots = emptyTable(initialCapacity)
        table.store(Int(bitPattern: slots), ordering: .releasing)
        return slots
    }

    private static func emptyTable(_ capacity: Int) -> UnsafeMutablePointer<Int> {
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: 0, count: capacity + 1)
        slots[0] = capacity
        return slots
    }

    /// A table of at least `count` slots holding `old`'s paths at the same slots, published before `old`
    /// is emptied, so a handler always sees every path in one table or the other. Call with `registration` held.
    private static func grow(_ old: UnsafeMutablePointer<Int>, toHold count: Int) -> UnsafeMutablePointer<Int> {
        let slots = emptyTable(max(count, old[0] * 2))
        for slot in 1...old[0] { slots[slot] = old[slot] }
        table.store(Int(bitPattern: slots), ordering: .releasing)
        for slot in 1...old[0] { old[slot] = 0 }
        return slots
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if let slots = UnsafeMutablePointer<Int>(bitPattern: InterruptCleanup.table.load(ordering: .acquiring)) {
            for slot in 1...slots[0] {
                if let path = UnsafePointer<CChar>(bitPattern: slots[slot]) { Platform.unlinkInSignalHandler(path) }
            }
        }
        Platform.exitImmediately(128 + signal)
    }
}
