import LCKCore

extension MigrationReport {
    /// "Of the usages, 4 in test files and 2 in vendored files; …": what `usagesByRole` holds, in
    /// words; nil when every usage is in app code.
    public var roleSentence: String? {
        let parts = FileRole.ordered(Set(usagesByRole.keys)).map { role in
            "\(usagesByRole[role]!) in \(role.rawValue) files"
        }
        guard !parts.isEmpty else { return nil }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        let skipped = usagesByRole.keys.contains(.test) || usagesByRole.keys.contains(.vendored)
        return "Of the usages, \(list); the plan counts them"
            + (skipped ? ", and anti-pattern rules skip test and vendored files unless --roles names them." : ".")
    }
}
