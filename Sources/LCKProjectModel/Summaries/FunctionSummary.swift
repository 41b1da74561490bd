import LCKCore
import LCKLexer
import LCKParser

/// On how many paths of a function something happens.
package enum Coverage: UInt8, Sendable, Hashable {
    case all, some, none
    /// Not known: the function is outside the scanned sources, ambiguous, or past the work cap.
    case unknown
}

/// A place in a scanned file, located when it was found, for witness steps of findings in other files.
package struct RemoteStep: Sendable, Hashable {
    package var path: String
    package var position: SourcePosition
    package var utf16Column: Int?
    package var message: String

    package init(path: String, position: SourcePosition, utf16Column: Int? = nil, message: String) {
        self.path = path
        self.position = position
        self.utf16Column = utf16Column
        self.message = message
    }

    /// `RoomClient.swift:234`, for messages.
    package var shortLocation: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(name):\(position.line)"
    }

    package var witnessStep: WitnessStep {
        WitnessStep(path: path, position: position, utf16Column: utf16Column, message: message)
    }
}

/// What a function does with one obligation (call a closure parameter, resolve an action, report a call).
package struct ObligationFact: Sendable, Hashable {
    package var coverage: Coverage
    /// Met only inside a `Task`, a dispatch or a callback: after the function returned.
    package var deferred = false
    /// The first path that misses, when `coverage` is `some` or `none`.
    package var witness: RemoteStep?
}

/// A parameter as a call site matches it.
package struct SummaryParameter: Sendable, Hashable {
    /// The argument label (`_` for none).
    package var label: String
    package var hasDefault: Bool
    /// Written with a function type: a trailing closure can fill it.
    package var isClosure: Bool
}

/// What one function of the scanned sources does, for its callers in any file.
package struct FunctionSummary: Sendable, Hashable {
    /// `connect(room:completion:)`.
    package var selector: String
    package var baseName: String
    /// The enclosing type, when declared in one.
    package var typeName: String?
    package var parameters: [SummaryParameter]
    /// Where the function is declared.
    package var location: RemoteStep
    /// `-> Never`, or every path ends in `fatalError`/`exit` or another never-returning function.
    package var neverReturns = false
    /// Closure parameter index → whether the function calls it.
    package var closureCalls: [Int: ObligationFact] = [:]
    /// Action parameter index → whether the function fulfills or fails it.
    package var actionResolution: [Int: ObligationFact] = [:]
    /// Whether it reports a new incoming call or conversation.
    package var reportsIncoming = ObligationFact(coverage: .none)
    /// What the analyzers that declare `functionFacts` learned of it.
    package var facts = FunctionFacts()

    /// A summary with nothing known: what a function past the work cap gets.
    func unknown() -> FunctionSummary {
        var copy = FunctionSummary(
            selector: selector, baseName: baseName, typeName: typeName, parameters: parameters, location: location)
        for index in closureCalls.keys { copy.closureCalls[index] = ObligationFact(coverage: .unknown) }
        for index in actionResolution.keys { copy.actionResolution[index] = ObligationFact(coverage: .unknown) }
        copy.reportsIncoming = ObligationFact(coverage: .unknown)
        return copy
    }
}

/// A call of the scanned sources matched to one summary: which parameter each argument fills.
package struct ResolvedCall {
    package var summary: FunctionSummary
    /// Per written argument, the parameter index.
    package var argumentParameters: [Int]
    /// Per trailing closure, the parameter index.
    var trailingParameters: [Int]
    /// `manager?.helper(…)`: optional chaining, so the call may not run at all.
    package var mayNotRun: Bool
    /// How many same-named bodies the call may reach: more than one means `summary` is what they agree on,
    /// found by name, not the one body the call runs.
    package var definitions = 1

    /// The parameter a closure of the call fills (an argument or a trailing closure).
    package func parameter(ofClosure closure: Int, in outline: SyntaxOutline, call: Int) -> Int? {
        let record = outline.calls[call]
        if let position = record.trailingClosures.firstIndex(of: closure) { return trailingParameters[position] }
        let brace = outline.closures[closure].leftBrace
        return record.arguments.firstIndex { $0.value.contains(brace) }.map { argumentParameters[$0] }
    }
}

/// Every summary of a scan, by base name; built once by `SummaryBuilder` in the pre-pass.
package struct FunctionSummaries: Sendable {
    package private(set) var byName: [String: [FunctionSummary]] = [:]
    /// The same summaries' slots by declaration shape and type, for `resolve`.
    private var shapesByName: [String: SummaryShapes] = [:]
    private let agreements = AgreementCache()
    /// Work the builder did (for the linearity test and the benchmark).
    package var work = SummaryWork()

    package init() {}

    package var isEmpty: Bool { byName.isEmpty }
    package var count: Int { byName.values.reduce(0) { $0 + $1.count } }

    /// Per kind of `FunctionFact`, the names with a summary whose fact of that kind is not `init()`.
    private var namesByFact: [ObjectIdentifier: Set<String>] = [:]
    /// Functions that an action or push handler in another file calls directly, by base name, with the first
    /// such call (in file order): their bodies run in that handler, wherever they are defined. Only names with
    /// one definition in the parsed files count.
    package internal(set) var handlerHelpers: [String: RemoteStep] = [:]

    mutating func finish(work: SummaryWork) {
        self.work = work
        namesByFact = [:]
        for (name, summaries) in byName {
            for summary in summaries {
                for kind in summary.facts.storedKinds { namesByFact[kind, default: []].insert(name) }
            }
        }
    }

    /// The names with a summary whose `kind` fact is not `init()` (the wrappers whose callers an analyzer
    /// looks at).
    package func names<Fact: FunctionFact>(having kind: Fact.Type) -> Set<String> {
        namesByFact[ObjectIdentifier(kind)] ?? []
    }

    /// Replaces a summary's facts (its name, selector, parameters and type stay those it was added with).
    mutating func set(_ summary: FunctionSummary, slot: Int) {
        byName[summary.baseName, default: []][slot] = summary
        shapesByName[summary.baseName]?.changed()
    }

    mutating func add(_ summary: FunctionSummary) -> Int {
        byName[summary.baseName, default: []].append(summary)
        let slot = byName[summary.baseName]!.count - 1
        shapesByName[summary.baseName, default: SummaryShapes()].add(summary, slot: slot)
        return slot
    }

    func summary(named name: String, slot: Int) -> FunctionSummary { byName[name]![slot] }

    /// The one summary the call can reach (by name and argument labels, preferring `callerType`'s own
    /// method for an unqualified or `self.` call); nil when none or several different ones match. Costs
    /// the call's distinct same-named declaration shapes, not its same-named functions; `examined` counts
    /// the shapes and the summaries merged.
    func resolve(
        _ call: Int, in file: TokenizedFile, outline: SyntaxOutline, examined: inout Int, callerType: () -> String?
    ) -> ResolvedCall? {
        guard
            let (name, index, matched, type, mappings) = candidates(
                call, in: file, outline: outline, examined: &examined, callerType: callerType)
        else { return nil }
        guard let (slot, shape) = index.first(of: matched, type: type) else { return nil }
        // Several bodies (overrides, mocks, other types) that the call may reach: only what they agree on.
        if matched.contains(where: { index.shapes[$0].selector != index.shapes[shape].selector }) { return nil }
        let first = byName[name]![slot]
        var summary = first
        let definitions = index.count(of: matched, type: type)
        if definitions > 1 {
            let key = AgreementCache.Key(name: name, shapes: matched, type: type)
            summary = agreements.summary(key, stamp: index.stamp) {
                let slots = index.slots(of: matched, type: type)
                examined += slots.count
                return first.agreeing(with: slots.dropFirst().map { byName[name]![$0] })
            }
        }
        let (arguments, closures) = mappings[shape]!
        var resolved = ResolvedCall(
            summary: summary, argumentParameters: arguments, trailingParameters: closures,
            mayNotRun: outline.calls[call].receiver.contains { file.tokens[$0].kind == .postfixQuestionMark })
        resolved.definitions = definitions
        return resolved
    }

    /// The name's summaries `resolve` reads for the call (all of them, whether or not they agree): what a
    /// summary of the caller depends on.
    func slotsRead(
        by call: Int, in file: TokenizedFile, outline: SyntaxOutline, callerType: () -> String?
    ) -> SlotsRead? {
        var examined = 0
        guard
            let (name, index, matched, type, _) = candidates(
                call, in: file, outline: outline, examined: &examined, callerType: callerType)
        else { return nil }
        return SlotsRead(
            key: AgreementCache.Key(name: name, shapes: matched, type: type),
            count: index.count(of: matched, type: type), shapes: index)
    }

    /// The summaries one call reads: how many, and which, listed only when asked (a call reading N of them
    /// costs N to list).
    struct SlotsRead {
        /// The name, matched shapes and type filter: calls with the same key read the same slots.
        var key: AgreementCache.Key
        var count: Int
        fileprivate var shapes: SummaryShapes

        var slots: [Int] { shapes.slots(of: key.shapes, type: key.type) }
    }

    /// The shapes of the call's name whose labels match it, after the receiver's type filter (`type`), with
    /// each shape's argument and trailing-closure mapping.
    private func candidates(
        _ call: Int, in file: TokenizedFile, outline: SyntaxOutline, examined: inout Int, callerType: () -> String?
    ) -> (name: String, index: SummaryShapes, matched: [Int], type: String?, mappings: [Int: ([Int], [Int])])? {
        let record = outline.calls[call]
        let name = file.name(at: record.nameToken)
        guard let index = shapesByName[name] else { return nil }
        let labels = record.arguments.map { $0.label.map { file.name(at: $0) } ?? "_" }
        let trailing = record.trailingClosures.map { outline.closures[$0].trailingLabel.map { file.name(at: $0) } }
        var matched: [Int] = []
        var mappings: [Int: ([Int], [Int])] = [:]
        for (position, shape) in index.shapes.enumerated() {
            examined += 1
            guard let mapping = Self.match(labels, trailing: trailing, to: shape.parameters) else { continue }
            matched.append(position)
            mappings[position] = mapping
        }
        let receiver = record.receiver
        var type: String?
        // `SendBirdCall.pushRegistry(…)`, `CallHistoryManager.shared.track(…)`: a type names the receiver,
        // so only that type's own functions can be reached.
        let singletons: Set<String> = ["shared", "sharedInstance", "default", "instance", "current"]
        let namesType =
            receiver.count == 1
            || (receiver.count == 3 && file.tokens[receiver.lowerBound + 1].kind == .period
                && singletons.contains(file.name(at: receiver.lowerBound + 2)))
        if namesType, let first = receiver.first, file.tokens[first].kind == .identifier,
            file.name(at: first).first?.isUppercase == true
        {
            type = file.name(at: first)
        }
        let unqualified =
            receiver.isEmpty || (receiver.count == 1 && file.tokens[receiver.lowerBound].keyword == .self)
        if type == nil, index.count(of: matched, type: nil) > 1, unqualified, let own = callerType(),
            index.count(of: matched, type: own) == 1
        {
            type = own
        }
        // Only shapes with a slot left after the type filter.
        matched.removeAll { index.count(of: [$0], type: type) == 0 }
        return (name, index, matched, type, mappings)
    }

    /// Argument labels and trailing closures against a parameter list, skipping defaulted parameters.
    static func match(
        _ labels: [String], trailing: [String?], to parameters: [SummaryParameter]
    ) -> ([Int], [Int])? {
        var next = 0
        var arguments: [Int] = []
        for label in labels {
            while next < parameters.count, parameters[next].label != label, parameters[next].hasDefault { next += 1 }
            guard next < parameters.count, parameters[next].label == label else { return nil }
            arguments.append(next)
            next += 1
        }
        var closures: [Int] = []
        for label in trailing {
            while next < parameters.count,
                !parameters[next].isClosure || (label != nil && parameters[next].label != label)
            {
                guard parameters[next].hasDefault else { return nil }
                next += 1
            }
            guard next < parameters.count else { return nil }
            closures.append(next)
            next += 1
        }
        guard parameters[next...].allSatisfy(\.hasDefault) else { return nil }
        return (arguments, closures)
    }
}

extension FunctionSummary {
    /// Only the facts every one of `others` shares with this one; the rest becomes unknown.
    func agreeing(with others: [FunctionSummary]) -> FunctionSummary {
        var result = self
        for other in others where other != self {
            result.neverReturns = result.neverReturns && other.neverReturns
            for (index, fact) in result.closureCalls where other.closureCalls[index]?.coverage != fact.coverage {
                result.closureCalls[index] = ObligationFact(coverage: .unknown)
            }
            for (index, fact) in result.actionResolution
            where other.actionResolution[index]?.coverage != fact.coverage {
                result.actionResolution[index] = ObligationFact(coverage: .unknown)
            }
            if other.reportsIncoming.coverage != result.reportsIncoming.coverage {
                result.reportsIncoming = ObligationFact(coverage: .unknown)
            }
            result.facts = result.facts.agreeing(with: other.facts)
        }
        return result
    }
}

/// Counted work of the summary builder; tests assert these grow linearly.
package struct SummaryWork: Sendable, Hashable {
    /// Functions summarised (each visit of the worklist).
    package var iterations = 0
    /// Statements the path walks visited.
    package var visitedStatements = 0
    /// Summaries left unknown because the cap was reached.
    package var cappedSummaries = 0
    /// Functions `HelperReach` followed from the handlers.
    package var reachedFunctions = 0
    /// Rounds that searched files for helpers, and the files they parsed.
    package var helperRounds = 0
    package var helperFiles = 0
    /// Helper names no round searched for, because more than `HelperReach.maximumDefiningFiles` files define them.
    package var commonHelperNames = 0
    /// Declaration shapes and summaries `FunctionSummaries.resolve` looked at while the summaries were built.
    package var resolveExamined = 0
    /// Caller-to-callee links of the worklist's graph (hubs included).
    package var dependencyEdges = 0
}
