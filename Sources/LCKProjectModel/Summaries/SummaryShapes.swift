import Synchronization

/// One name's summaries grouped by declaration shape (selector and parameter list): a call's labels are
/// matched once per distinct shape and filtered by type with a lookup, so N same-named functions (a class
/// per call box, each with the same members) cost a call what one does, not N.
struct SummaryShapes: Sendable {
    struct Shape: Sendable {
        var selector: String
        var parameters: [SummaryParameter]
        /// The name's slots with this shape, ascending.
        var slots: [Int] = []
        /// The same slots by enclosing type, each list ascending.
        var slotsByType: [String: [Int]] = [:]
    }

    private struct Key: Hashable {
        var selector: String
        var parameters: [SummaryParameter]
    }

    private(set) var shapes: [Shape] = []
    private var shapeOf: [Key: Int] = [:]
    /// Changes with every added or replaced summary of the name, unique across copies of the table, so an
    /// agreed summary cached for the name (`AgreementCache`) is recomputed only after a change.
    private(set) var stamp = SummaryShapes.newStamp()

    private static let stamps = Atomic<Int>(0)

    static func newStamp() -> Int { stamps.add(1, ordering: .relaxed).newValue }

    mutating func add(_ summary: FunctionSummary, slot: Int) {
        let key = Key(selector: summary.selector, parameters: summary.parameters)
        let index = shapeOf[key] ?? shapes.count
        if index == shapes.count {
            shapeOf[key] = index
            shapes.append(Shape(selector: summary.selector, parameters: summary.parameters))
        }
        shapes[index].slots.append(slot)
        if let type = summary.typeName { shapes[index].slotsByType[type, default: []].append(slot) }
        changed()
    }

    mutating func changed() { stamp = Self.newStamp() }

    /// A shape's slots, of `type` only when given (ascending).
    func slots(ofShape shape: Int, type: String?) -> [Int] {
        guard let type else { return shapes[shape].slots }
        return shapes[shape].slotsByType[type] ?? []
    }

    /// The slots of `matched` shapes (of `type` only, when given), ascending.
    func slots(of matched: [Int], type: String?) -> [Int] {
        let lists = matched.map { slots(ofShape: $0, type: type) }
        return lists.count == 1 ? lists[0] : lists.joined().sorted()
    }

    /// How many slots `slots(of:type:)` holds, without building it.
    func count(of matched: [Int], type: String?) -> Int {
        matched.reduce(0) { $0 + slots(ofShape: $1, type: type).count }
    }

    /// The lowest slot of `slots(of:type:)` and its shape.
    func first(of matched: [Int], type: String?) -> (slot: Int, shape: Int)? {
        var best: (slot: Int, shape: Int)?
        for shape in matched {
            if let slot = slots(ofShape: shape, type: type).first, slot < best?.slot ?? Int.max { best = (slot, shape) }
        }
        return best
    }
}

/// Summaries agreed over several same-named bodies a call may reach (`FunctionSummary.agreeing(with:)`),
/// kept per name, matched shapes and type filter until one of the name's summaries changes: many calls
/// reaching the same N bodies merge them once, not once per call. Shared by copies of the table (the
/// file analyses run in parallel), hence the lock.
final class AgreementCache: Sendable {
    struct Key: Hashable {
        var name: String
        var shapes: [Int]
        var type: String?
    }

    private let entries = Mutex([Key: (stamp: Int, summary: FunctionSummary)]())

    func summary(_ key: Key, stamp: Int, compute: () -> FunctionSummary) -> FunctionSummary {
        if let entry = entries.withLock({ $0[key] }), entry.stamp == stamp { return entry.summary }
        let summary = compute()
        entries.withLock { $0[key] = (stamp, summary) }
        return summary
    }
}
