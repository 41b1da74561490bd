import LCKParser

/// What a scan's pre-pass learns from all files before the per-file pass: declarations, so that a
/// property declared in `CallManager.swift` types a use in `CallManager+Push.swift`, and the facts
/// analyzers collect through their project hook (`Analyzer.projectFacts(in:)`), read by `FactKey`.
///
/// Built by merging per-file contributions in discovery order (first declaration wins), which keeps
/// it independent of the number of workers.
package struct ProjectFacts: Sendable {
    /// Type name → member name → property type or function return type.
    package private(set) var memberTypes: [String: [String: String]] = [:]
    /// Type name → protocols and superclasses listed on any declaration or extension.
    package private(set) var conformances: [String: Set<String>] = [:]
    /// Typealias name → target, from all files.
    package private(set) var aliases: [String: String] = [:]
    /// The app's protocols → the names of the members they declare (`protocol CallProviding { func
    /// reportCall(…) }`): with `extension CXProvider: CallProviding {}`, a call through a `CallProviding` is a
    /// CallKit call for exactly these members.
    package private(set) var protocolMembers: [String: Set<String>] = [:]

    /// Some file of the scan names an API that must change. Until then, findings of `unchanged`
    /// mappings (PushKit that stays as it is) are only reported in files that name one themselves: a
    /// finished migration has nothing left to report.
    package var migrationPending = false
    /// What each function of the files the pre-pass parsed does with its closures and actions, for
    /// calls from other files (`SummaryBuilder`); empty without a pre-pass.
    package var summaries = FunctionSummaries()
    /// The facts analyzers collected, by kind; empty until a pre-pass parsed some file.
    private var collected = FactTable()

    package init() {}

    /// The facts of `key`'s kind from the pre-pass's files; nil without a pre-pass (a single-file
    /// analysis then stays conservative).
    package func fact<Value>(_ key: FactKey<Value>) -> Value? { collected[key] }

    /// Facts of one file, ready to be merged; cheap to send between workers.
    package struct FileContribution: Sendable {
        var members: [(type: String, member: String, memberType: String)] = []
        var conformances: [(type: String, protocols: [String])] = []
        var aliases: [(name: String, target: String)] = []
        var protocolMembers: [(protocol: String, members: [String])] = []
        /// What the analyzers learned from the file.
        package var collected = FactTable()

        /// The declarations alone.
        package init(facts: TypeFacts) {
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
            var protocols: Set<String> = []
            for (index, type) in facts.outline.types.enumerated() where type.kind == .protocol {
                protocols.insert(facts.typeNames[index])
            }
            guard !protocols.isEmpty else { return }
            var declared: [String: [String]] = [:]
            for member in facts.members where protocols.contains(member.typeName) {
                declared[member.typeName, default: []].append(member.memberName)
            }
            for name in protocols.sorted() { protocolMembers.append((name, declared[name] ?? [])) }
        }
    }

    /// Adds one file's facts; call in a fixed file order.
    package mutating func merge(_ contribution: FileContribution) {
        for entry in contribution.members where memberTypes[entry.type]?[entry.member] == nil {
            memberTypes[entry.type, default: [:]][entry.member] = entry.memberType
        }
        for entry in contribution.conformances { conformances[entry.type, default: []].formUnion(entry.protocols) }
        for entry in contribution.aliases where aliases[entry.name] == nil { aliases[entry.name] = entry.target }
        for entry in contribution.protocolMembers {
            protocolMembers[entry.protocol, default: []].formUnion(entry.members)
        }
        collected.merge(contribution.collected)
    }

    package func memberType(of typeName: String, member: String) -> String? {
        memberTypes[typeName]?[member].map(resolveAlias)
    }

    package func conforms(_ typeName: String, to protocolName: String) -> Bool {
        conformances[typeName]?.contains(protocolName) ?? false
    }

    /// The app's protocols that one of `tableTypes` adopts (`extension CXProvider: CallProviding {}`), each
    /// with the table types adopting it.
    package func adoptedProtocols(of tableTypes: some Sequence<String>) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for table in tableTypes {
            for inherited in conformances[table] ?? [] where protocolMembers[inherited] != nil {
                result[inherited, default: []].insert(table)
            }
        }
        return result
    }

    /// The types that stand for one of `types` (full or last-component spellings): their subclasses and
    /// conformers at any depth, and the app's protocols one of them adopts, with those protocols' conformers
    /// (a mock of `CallProviding`). Both spellings of each are listed. One pass over the conformances, then a
    /// walk down from `types`, so the cost is linear in the project's declarations.
    package func standIns(for types: Set<String>) -> Set<String> {
        var inheritors: [String: [String]] = [:]
        for (type, inherited) in conformances {
            for parent in inherited {
                inheritors[parent, default: []].append(type)
                let last = lastComponent(parent)
                if last != parent { inheritors[last, default: []].append(type) }
            }
        }
        var found: Set<String> = []
        var pending = Array(types) + adoptedProtocols(of: types).keys.sorted()
        for name in pending where !types.contains(name) { found.insert(name) }
        while let name = pending.popLast() {
            for type in inheritors[name] ?? [] {
                for spelling in [type, lastComponent(type)] where !types.contains(spelling) {
                    if found.insert(spelling).inserted { pending.append(spelling) }
                }
            }
        }
        return found
    }

    private func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Follows project-wide typealiases.
    package func resolveAlias(_ name: String) -> String { TypeFacts.resolveAlias(name, in: aliases) }
}
