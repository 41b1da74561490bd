/// Member types and conformances merged over many files, for names declared in one file and used in
/// another (`provider` declared in `CallManager.swift`, used in `CallManager+Provider.swift`).
///
/// Built from each file's `TypeFacts`; holds only strings, so per-file outlines can be dropped.
public struct ProjectTypeIndex: Sendable {
    private var memberTypes: [String: [String: String]] = [:]
    private var conformanceLists: [String: [String]] = [:]

    public init(_ files: [TypeFacts] = []) {
        for facts in files { add(facts) }
    }

    /// Adds one file's declarations; the first declaration of a member wins.
    public mutating func add(_ facts: TypeFacts) {
        for member in facts.members where !member.isFunction {
            guard let type = member.memberType else { continue }
            if memberTypes[member.typeName]?[member.memberName] == nil {
                memberTypes[member.typeName, default: [:]][member.memberName] = type
            }
        }
        for name in Set(facts.typeNames) {
            var list = conformanceLists[name, default: []]
            for conformance in facts.conformances(of: name) where !list.contains(conformance) {
                list.append(conformance)
            }
            conformanceLists[name] = list
        }
    }

    /// The declared or inferred type of a stored or computed property, from any file.
    public func memberType(of typeName: String, member: String) -> String? {
        memberTypes[typeName]?[member]
    }

    /// Conformances of a type gathered from its declaration and every extension in the project.
    public func conformances(of typeName: String) -> [String] { conformanceLists[typeName] ?? [] }

    public func conforms(_ typeName: String, to protocolName: String) -> Bool {
        conformanceLists[typeName]?.contains(protocolName) ?? false
    }
}

extension TypeFacts {
    /// `typeOf(name:at:)`, then the properties of the enclosing type (and its outer types) declared
    /// in other files.
    public func typeOf(name: String, at token: Int, project: ProjectTypeIndex) -> String? {
        if let known = typeOf(name: name, at: token) { return known }
        guard lookup(name: name, at: token) == nil else { return nil }
        var typeIndex = enclosingType(at: token)
        while let current = typeIndex {
            if let type = project.memberType(of: typeNames[current], member: name) { return resolveAlias(type) }
            typeIndex = outline.types[current].parent
        }
        return nil
    }
}
