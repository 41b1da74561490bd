import LCKCore

extension Finding {
    /// Whether this usage is still to migrate in the plan: its kind needs an edit (`MappingKind.needsEdit`),
    /// or its rule raises it to a warning (a `no_equivalent` symbol whose behaviour is lost). Severity alone
    /// stopped saying so when usages became notes; a rule, the config or `--severity` raising a usage still
    /// makes it one to change.
    var mustChange: Bool {
        mappingKind?.needsEdit == true || severity >= .warning
    }
}
