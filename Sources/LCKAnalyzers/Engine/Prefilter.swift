import LCKCore
import LCKProjectModel
import LCKRules

/// Decides from a file's raw bytes, before it is lexed, whether anything could be reported in it.
///
/// Almost every file of a large repository never mentions CallKit, PushKit or LiveCommunicationKit, yet
/// nearly all of them contain the table's common member names (`request`, `fail`, `value`, `uuid`), so
/// those cannot be the filter. The filter is the set of *distinctive* names: a file that spells none of
/// them as a whole identifier — in code, comments or strings alike — gets no finding, so the scan counts
/// it and never lexes it. The set is sound by the same argument as `AnalyzerGate`, one level earlier:
///
/// - **Analyzers**: every analyzer's `prefilterNames` (by default its `triggerNames`; an analyzer
///   without them turns the filter off).
/// - **Detection**: type, construction, receiver and protocol names of the table, and one framework
///   parameter type of each delegate-method spec;
///   member names whose spec reports on an unknown receiver (`unknownReceiver: "report"` is how a rule
///   author marks a member name distinctive); the callees of enum-case specs; the base name of a
///   delegate-method spec that names no protocol and no parameter types. Every other match needs one
///   of those names, or one the project gives them, in the same file.
/// - **Suppressions**: the `lckmigrate` of a `// lckmigrate:` directive (unused ones are findings).
/// - **Project names**, learned by the pre-pass from the files that passed (`projectNames`): typealiases,
///   types that conform to or inherit from a table type or such a type, properties and functions
///   declared with one of those types — an app's `CallManager` or its `provider` property types a use
///   in a file that names no framework type at all — and what analyzers ask for from their project facts.
package struct Prefilter: Sendable {
    /// The names of the first round; nil when the filter is off (every file passes).
    package let tableNames: Set<String>?
    /// Type names the table is about, the seeds of `projectNames`.
    private let tableTypes: Set<String>
    /// The index whose `receiverEvidenceNames` the gate uses, so the filter never asks for less.
    private let index: MappingIndex
    /// Round one's single pass over a file: the table's names, its anchors, the analyzers' project markers.
    private let firstRoundSearch: IdentifierSearch
    /// Asked in the second round for the names their project facts add (`Analyzer.prefilterNames(project:)`).
    private let analyzers: [any Analyzer]
    /// Protocols of delegate-method specs that type no receiver (`CXProviderDelegate`): an app type adopting
    /// one matters in another file only where that file implements one of `delegateMethodNames`.
    private let delegateProtocols: Set<String>
    /// Base names of the delegate-method specs (`provider`, `pushRegistry`).
    package let delegateMethodNames: Set<String>

    /// The marker of an in-source directive (`// lckmigrate:disable-next-line …`), as an identifier.
    package static let directiveName = "lckmigrate"

    /// Groups of `firstRoundSearch`.
    private enum Group {
        static let tableName: UInt64 = 1
        /// Type or construction names of rules whose API must change (`MappingIndex.NameEntry.isChangingAnchor`).
        static let changingAnchor: UInt64 = 2
        static let otherAnchor: UInt64 = 4
        static let projectMarker: UInt64 = 8
        static let delegateMethod: UInt64 = 16
    }

    /// `projectMarkers`: the analyzers' byte strings that make the pre-pass parse a file (`Analyzer.projectMarkers`).
    package init(rules: RuleTable, index: MappingIndex, analyzers: [any Analyzer], projectMarkers: [[UInt8]] = []) {
        self.index = index
        self.analyzers = analyzers
        var types = index.frameworkTypes.union(index.markerNames)
        var names: Set<String> = [Self.directiveName]
        var anchors: [IdentifierSearch.Pattern] = []
        var delegateProtocols: Set<String> = []
        var delegateMethodNames: Set<String> = []
        for entry in index.entries {
            let name = String(decoding: entry.name, as: UTF8.self)
            if !entry.delegates.isEmpty { delegateMethodNames.insert(name) }
            for delegate in entry.delegates {
                if let protocolName = delegate.spec.protocolName {
                    delegateProtocols.insert(MappingIndex.lastComponent(protocolName))
                }
            }
            if entry.isAnchor {
                names.insert(name)
                anchors.append(.init(name, groups: entry.isChangingAnchor ? Group.changingAnchor : Group.otherAnchor))
            }
            if entry.members.contains(where: { $0.spec.unknownReceiver == .report }) { names.insert(name) }
            for member in entry.members { types.formUnion(member.spec.receiverTypes.map(MappingIndex.lastComponent)) }
            for delegate in entry.delegates {
                names.formUnion(Self.delegateEvidence(delegate.spec, name: name, frameworkTypes: index.frameworkTypes))
            }
            for enumCase in entry.enumCases {
                types.formUnion(enumCase.typeComponents)
                names.formUnion(enumCase.spec.callees ?? [])
            }
        }
        tableTypes = types
        self.delegateProtocols = delegateProtocols.subtracting(index.receiverTypeNames.map(MappingIndex.lastComponent))
        self.delegateMethodNames = delegateMethodNames
        names.formUnion(types)
        var filterOff = false
        for analyzer in analyzers {
            guard let triggers = analyzer.prefilterNames(rules: rules) else {
                filterOff = true
                break
            }
            names.formUnion(triggers)
        }
        tableNames = filterOff ? nil : names
        let markers = projectMarkers.map {
            IdentifierSearch.Pattern(
                String(decoding: $0, as: UTF8.self), wholeIdentifier: false, groups: Group.projectMarker)
        }
        let delegateNames = delegateMethodNames.map { IdentifierSearch.Pattern($0, groups: Group.delegateMethod) }
        firstRoundSearch = IdentifierSearch(
            patterns: (filterOff ? [] : names.map { .init($0, groups: Group.tableName) }) + anchors + markers
                + delegateNames)
    }

    /// A delegate method matches when its enclosing type conforms to the protocol (which the file, or the
    /// project's conformer names, spells) or when its parameter types are exactly the spec's: then every
    /// one of them is spelled, so one framework type among them is enough (`Error` is not distinctive,
    /// `CXCallDirectoryExtensionContext` is). With neither protocol nor types, or an empty type list,
    /// only the name is left.
    private static func delegateEvidence(
        _ spec: MatchSpec.DelegateMethod, name: String, frameworkTypes: Set<String>
    ) -> Set<String> {
        var evidence: Set<String> = spec.protocolName.map { [MappingIndex.lastComponent($0)] } ?? []
        guard let parameterTypes = spec.parameterTypes?.map(MappingIndex.lastComponent) else {
            return spec.protocolName == nil ? [name] : evidence
        }
        // An empty type list is matched exactly by any declaration with the selector.
        guard !parameterTypes.isEmpty else { return evidence.union([name]) }
        if let framework = parameterTypes.first(where: frameworkTypes.contains) {
            evidence.insert(framework)
        } else {
            evidence.formUnion(parameterTypes)
        }
        return evidence
    }

    /// What round one learns from a file's bytes.
    package struct FirstRound: Sendable {
        /// The file spells a name of the table (always true when the filter is off).
        package var isRelevant: Bool
        /// The file names a type or construction of the table (the pre-pass parses it for project facts).
        package var namesTableType: Bool
        /// One of those is of an API that must change (perhaps only in a comment or string: the tokens decide).
        package var namesChangingType: Bool
        /// The file holds an analyzer's project marker (the pre-pass parses it too).
        package var holdsProjectMarker: Bool
        /// The file spells one of `delegateMethodNames`; known only for a file that is not relevant (the
        /// search ends early for the others).
        package var spellsDelegateMethod: Bool
    }

    /// One pass over `bytes`; it ends early once the file is known relevant, pending and marked.
    package func firstRound(_ bytes: [UInt8]) -> FirstRound {
        let groups = firstRoundSearch.groups(
            in: bytes, stoppingAt: Group.tableName | Group.changingAnchor | Group.projectMarker)
        return FirstRound(
            isRelevant: tableNames == nil || groups & Group.tableName != 0,
            namesTableType: groups & (Group.changingAnchor | Group.otherAnchor) != 0,
            namesChangingType: groups & Group.changingAnchor != 0,
            holdsProjectMarker: groups & Group.projectMarker != 0,
            spellsDelegateMethod: groups & Group.delegateMethod != 0)
    }

    /// Names the project's declarations make relevant (see the type's documentation); nil when the
    /// gate itself cannot bound detection by names, so every file must pass. Types that stand only for a
    /// delegate protocol are not among them (`delegateConformerNames`).
    package func projectNames(_ project: ProjectFacts) -> Set<String>? {
        guard let evidence = index.receiverEvidenceNames(project: project) else { return nil }
        // Conformers and subclasses of table types at any depth, and app protocols the table types adopt.
        let known = knownTypes(project)
        var names = evidence.union(known).union(project.aliases.keys)
        for analyzer in analyzers { names.formUnion(analyzer.prefilterNames(project: project)) }
        for members in project.memberTypes.values {
            for (member, declared) in members where !names.contains(member) {
                let resolved = project.resolveAlias(declared)
                if known.contains(resolved) || known.contains(MappingIndex.lastComponent(resolved)) {
                    names.insert(member)
                }
            }
        }
        return names
    }

    /// The table's types with what stands for them in `project`, except the types that stand only for
    /// delegate protocols.
    private func knownTypes(_ project: ProjectFacts) -> Set<String> {
        tableTypes.union(project.standIns(for: tableTypes.subtracting(delegateProtocols)))
    }

    /// App types that stand only for a delegate protocol (`extension CallStore: PKPushRegistryDelegate`,
    /// and their subclasses). Such a type is no receiver of the table; its name matters in another file
    /// only for a delegate method declared in an extension of it there, so the file must also spell one of
    /// `delegateMethodNames`. Common app type names adopt these protocols, and without the pairing every
    /// file using the type would be lexed for nothing.
    package func delegateConformerNames(_ project: ProjectFacts) -> Set<String> {
        guard !delegateProtocols.isEmpty else { return [] }
        return project.standIns(for: tableTypes).subtracting(knownTypes(project))
    }
}
