extension RuleTable {
    /// The CallKit and PushKit type names the mapping rules match (`CXProvider`, `PKPushRegistry`), sorted:
    /// the names an Objective-C file spells the same way, used to list such files as not analyzed. Nested
    /// Swift names (`CXHandle.HandleType`) are left out: Objective-C spells them differently.
    public var frameworkTypeNames: [String] {
        var names: Set<String> = []
        for rule in mappings {
            for spec in rule.matches {
                let name: String
                switch spec {
                case .type(let typeName): name = typeName
                case .initializer(let initializer): name = initializer.typeName
                default: continue
                }
                if Self.isFrameworkTypeName(name) { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// `CX` or `PK`, a capital letter, then letters and digits only.
    static func isFrameworkTypeName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 2, bytes[0] == 0x43 && bytes[1] == 0x58 || bytes[0] == 0x50 && bytes[1] == 0x4B,
            (0x41...0x5A).contains(bytes[2])
        else { return false }
        return bytes.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }
    }
}
