import LCKCore

/// A problem found while loading rule files, printed as `file:line:column: error: message`.
public struct RuleDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var location: RuleLocation
    /// `.error` for problems that make the table unusable; `.note`/`.warning` for information.
    public var severity: Severity
    public var message: String

    public init(location: RuleLocation, severity: Severity = .error, message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Every error found in the rule files, reported together so one run shows them all.
public struct RuleLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [RuleDiagnostic]

    public init(diagnostics: [RuleDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
