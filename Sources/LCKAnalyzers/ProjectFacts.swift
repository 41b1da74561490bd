import LCKParser

/// Declarations collected from every relevant file of a scan before the per-file pass, so that a
/// property declared in `CallManager.swift` types a use in `CallManager+Push.swift`.
///
/// Built by merging per-file `TypeFacts` in discovery order (first declaration wins), which keeps
/// it independent of the number of workers.
public struct ProjectFacts: Sendable {
    /// Type name → member name → property type or function return type.
    public private(set) var memberTypes: [String: [String: String]] = [:]
    /// Type name → protocols and superclasses listed on any declaration or extension.
    public private(set) var conformances: [String: Set<String>] = [:]
    /// Typealias name → target, from all files.
    public private(set) var aliases: [String: String] = [:]

    /// Some file of the scan names an API that must change. Until then, findings of `unchanged`
    /// mappings (PushKit that stays as it is) are only reported in files that name one themselves: a
    /// finished migration has nothing left to report.
    public var migrationPending = false
    /// Perform handlers and requested actions of every file, for `missing_action_handler`; nil until a
    /// pre-pass has collected them (a single-file analysis then stays conservative).
    public private(set) var actions: MissingActionHandlerAnalyzer.ActionFacts?

    public init() {}

    /// Facts of one file, ready to be merged; cheap to send between workers.
    public struct FileContribution: Sendable {
        var members: [(type: String, member: String, memberType: String)] = []
        var conformances: [(type: String, protocols: [String])] = []
        var aliases: [(name: String, target: String)] = []
        var actions = MissingActionHandlerAnalyzer.ActionFacts()

        /// The declarations of `context`'s file and the actions its perform handlers take.
        public init(context: AnalysisContext) {
            self.init(facts: context.facts)
            actions = MissingActionHandlerAnalyzer.actionFacts(in: context)
        }

        public init(facts: TypeFacts) {
            for member in facts.members {
                guard let type = member.memberType else { continue }
                members.append((member.typeName, member.memberName, type))
            }
            var seen: Set<String> = []
            for name in facts.typeNames where seen.insert(name).inserted {
                let list = facts.conformances(of: name)
                if !list.isEmpty { conformances.append((name, list)) }
            }
            for (name, target) in facts.aliases.sorted(by: { $0.key < $1.key }) { aliases.append((name, target)) }
        }
    }

    /// Adds one file's facts; call in a fixed file order.
    public mutating func merge(_ contribution: FileContribution) {
        for entry in contribution.members where memberTypes[entry.type]?[entry.member] == nil {
            memberTypes[entry.type, default: [:]][entry.member] = entry.memberType
        }
        for entry in contribution.conformances { conformances[entry.type, default: []].formUnion(entry.protocols) }
        for entry in contribution.aliases where aliases[entry.name] == nil { aliases[entry.name] = entry.target }
        // In place: `merging` would copy the whole project's facts once per file (quadratic in files).
        if actions == nil { actions = MissingActionHandlerAnalyzer.ActionFacts() }
        actions!.merge(contribution.actions)
    }

    public func memberType(of typeName: String, member: String) -> String? {
        memberTypes[typeName]?[member].map(resolveAlias)
    }

    public func conforms(_ typeName: String, to protocolName: String) -> Bool {
        conformances[typeName]?.contains(protocolName) ?? false
    }

    /// Follows project-wide typealiases (at most 8 steps, so cycles end).
    public func resolveAlias(_ name: String) -> String {
        var current = name
        var steps = 0
        while let next = aliases[current], next != current, steps < 8 {
            current = next
            steps += 1
        }
        return current
    }
}

extension MappingIndex {
    /// Names that must occur in a file before a member spec skipping unknown receivers can match there.
    ///
    /// The detector types a receiver only from names in the file (declared, cast, constructed or
    /// extended types, local typealiases, literals' `String`/`Int`/`Double`/`Bool`) and from the
    /// project's member types, looked up by a member name written in the file, followed by project
    /// typealiases. A spec reports when that type is one of its receiver types (or a project subclass or
    /// conformer of one), or a framework type whose member the table does not type. So a file needs one
    /// of: such a type's name, a member name the project types as one, or a project typealias (the gate
    /// counts those separately). Nil when a literal type is a table type: then no name set bounds it.
    public func receiverEvidenceNames(project: ProjectFacts) -> Set<String>? {
        var receivers: Set<String> = []
        for name in receiverTypeNames {
            receivers.insert(name)
            receivers.insert(Self.lastComponent(name))
        }
        var known = frameworkTypes.union(receivers)
        // Subclasses and conformers count as their receiver type (one step, as the detector checks).
        for (type, inherited) in project.conformances
        where inherited.contains(where: { receivers.contains($0) || receivers.contains(Self.lastComponent($0)) }) {
            known.insert(type)
            known.insert(Self.lastComponent(type))
        }
        guard known.isDisjoint(with: ["String", "Int", "Double", "Bool"]) else { return nil }
        var evidence = known
        for members in project.memberTypes.values {
            for (member, declared) in members where !evidence.contains(member) {
                let resolved = project.resolveAlias(declared)
                if known.contains(resolved) || known.contains(Self.lastComponent(resolved)) { evidence.insert(member) }
            }
        }
        return evidence
    }
}
