/// The active match patterns keyed by the name the detection engine sees first.
///
/// The engine walks tokens once; for each identifier it asks only the patterns keyed by that
/// name instead of testing every rule, so adding rules does not slow the scan.
public struct MatchIndex: Sendable {
    /// One pattern and the id of the mapping that owns it.
    public struct Entry: Sendable, Hashable {
        public var ruleID: String
        public var spec: MatchSpec

        public init(ruleID: String, spec: MatchSpec) {
            self.ruleID = ruleID
            self.spec = spec
        }
    }

    /// `type` patterns by the last component of the name (`HandleType` for `CXHandle.HandleType`).
    public private(set) var types: [String: [Entry]] = [:]
    /// `initializer` patterns by type name (last component).
    public private(set) var initializers: [String: [Entry]] = [:]
    /// `member` patterns by member name.
    public private(set) var members: [String: [Entry]] = [:]
    /// `delegateMethod` patterns by base name (`provider`, `pushRegistry`).
    public private(set) var delegateMethods: [String: [Entry]] = [:]
    /// `enumCase` patterns by case name.
    public private(set) var enumCases: [String: [Entry]] = [:]

    public init(mappings: [MappingRule]) {
        for rule in mappings {
            for spec in rule.matches {
                let entry = Entry(ruleID: rule.id, spec: spec)
                switch spec {
                case .type(let name): types[Self.lastComponent(name), default: []].append(entry)
                case .initializer(let initializer):
                    initializers[Self.lastComponent(initializer.typeName), default: []].append(entry)
                case .member(let access): members[access.name, default: []].append(entry)
                case .delegateMethod(let method): delegateMethods[method.baseName, default: []].append(entry)
                case .enumCase(let enumCase): enumCases[enumCase.caseName, default: []].append(entry)
                }
            }
        }
    }

    /// Every name any pattern is keyed by: a cheap pre-filter ("does this file mention anything?").
    public var allNames: Set<String> {
        Set(types.keys).union(initializers.keys).union(members.keys).union(delegateMethods.keys).union(enumCases.keys)
    }

    static func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}
