import LCKParser

/// What a scan's pre-pass learns from all files before the per-file pass: declarations, so that a
/// property declared in `CallManager.swift` types a use in `CallManager+Push.swift`, and the facts
/// analyzers collect through their project hook (`Analyzer.projectFacts(in:)`).
///
/// Built by merging per-file contributions in discovery order (first declaration wins), which keeps
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
    /// What each function of the files the pre-pass parsed does with its closures and actions, for
    /// calls from other files (`SummaryBuilder`); empty without a pre-pass.
    public internal(set) var summaries = FunctionSummaries()
    /// Rule id → the facts that analyzer collected; absent until a pre-pass parsed some file.
    private var analyzerFacts: [String: any AnalyzerProjectFacts] = [:]

    public init() {}

    /// What the analyzer `ruleID` collected from the pre-pass's files; nil without a pre-pass (a
    /// single-file analysis then stays conservative).
    public func analyzerFacts<Facts: AnalyzerProjectFacts>(of ruleID: String, as type: Facts.Type) -> Facts? {
        analyzerFacts[ruleID] as? Facts
    }

    /// Facts of one file, ready to be merged; cheap to send between workers.
    public struct FileContribution: Sendable {
        var members: [(type: String, member: String, memberType: String)] = []
        var conformances: [(type: String, protocols: [String])] = []
        var aliases: [(name: String, target: String)] = []
        var analyzerFacts: [(ruleID: String, facts: any AnalyzerProjectFacts)] = []

        /// The declarations of `context`'s file and what each of `analyzers` learns from it.
        public init(context: AnalysisContext, analyzers: [any Analyzer]) {
            self.init(facts: context.facts)
            for analyzer in analyzers {
                if let facts = analyzer.projectFacts(in: context) { analyzerFacts.append((analyzer.ruleID, facts)) }
            }
        }

        /// The declarations alone.

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
        // In place: a merged copy would copy the whole project's facts once per file (quadratic in files).
        for entry in contribution.analyzerFacts {
            if analyzerFacts[entry.ruleID] == nil {
                analyzerFacts[entry.ruleID] = entry.facts
            } else {
                analyzerFacts[entry.ruleID]!.merge(erased: entry.facts)
            }
        }
    }

    public func memberType(of typeName: String, member: String) -> String? {
        memberTypes[typeName]?[member].map(resolveAlias)
    }

    public func conforms(_ typeName: String, to protocolName: String) -> Bool {
        conformances[typeName]?.contains(protocolName) ?? false
    }

    /// Follows project-wide typealiases.
    public func resolveAlias(_ name: String) -> String { TypeFacts.resolveAlias(name, in: aliases) }
}
