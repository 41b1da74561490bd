/// Cross-file facts of one kind: collected per file in the pre-pass, merged in file order (so the result
/// is the same for any number of workers), read in the per-file pass by their `FactKey`.
package protocol ProjectFact: Sendable {
    /// Adds the facts of a later file.
    mutating func merge(_ later: Self)
}

/// The typed name of one kind of project fact, declared as `static let key` beside the code that produces
/// it. The key is the fact's type, so a reader gets exactly the producer's facts, typed, and no rule id
/// names them.
package struct FactKey<Value: ProjectFact>: Sendable {
    package init() {}

    fileprivate var identity: ObjectIdentifier { ObjectIdentifier(Value.self) }
}

/// The project's facts of every kind, each merged in file order.
package struct FactTable: Sendable {
    private var kinds: [ObjectIdentifier: any ProjectFact] = [:]

    package init() {}

    /// The facts of `key`'s kind; nil when no file produced any (or there was no pre-pass).
    package subscript<Value>(key: FactKey<Value>) -> Value? { kinds[key.identity] as? Value }

    /// Adds one file's facts after those of the files before it.
    package mutating func add(_ fact: any ProjectFact) {
        let identity = ObjectIdentifier(type(of: fact))
        // In place: a merged copy would copy the whole project's facts once per file (quadratic in files).
        if kinds[identity] == nil {
            kinds[identity] = fact
        } else {
            kinds[identity]!.merge(erased: fact)
        }
    }

    /// Adds a later file's facts, kind by kind.
    package mutating func merge(_ later: FactTable) {
        for fact in later.kinds.values { add(fact) }
    }
}

extension ProjectFact {
    /// `merge`, for facts known only as `any ProjectFact` (of the same kind, so the same type).
    fileprivate mutating func merge(erased later: any ProjectFact) {
        guard let later = later as? Self else { return }
        merge(later)
    }
}
