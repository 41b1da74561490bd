import LCKRules

/// The text `rules test` prints: one line per rule and sample (PASS/FAIL/SKIP), diffs under failures,
/// and a summary line.
public struct RuleTestReport: Sendable {
    public var rules: [RuleTestResult]
    public var samples: [SampleTestResult]

    public init(rules: [RuleTestResult], samples: [SampleTestResult]) {
        self.rules = rules
        self.samples = samples
    }

    public var failed: Bool {
        rules.contains { !$0.failures.isEmpty } || samples.contains(where: \.failed)
    }

    public func render(quiet: Bool) -> String {
        var text = ""
        for result in rules {
            if let reason = result.skipReason {
                if !quiet { text += "SKIP  \(result.ruleID) (\(result.kind.rawValue)): \(reason)\n" }
            } else if result.failures.isEmpty {
                if !quiet { text += "PASS  \(result.ruleID) (\(result.kind.rawValue), \(result.checks) checks)\n" }
            } else {
                text += "FAIL  \(result.ruleID) (\(result.kind.rawValue)) \(result.location)\n"
                for failure in result.failures { text += Self.render(failure) }
            }
        }
        for sample in samples {
            if let problem = sample.problem {
                text += "FAIL  \(sample.path): \(problem)\n"
            } else if let reason = sample.skipReason {
                if !quiet { text += "SKIP  \(sample.path): \(reason)\n" }
            } else if let failure = sample.failure {
                text += "FAIL  \(sample.path)\n" + Self.render(failure)
            } else if !quiet {
                text += "PASS  \(sample.path)\n"
            }
        }
        let passed = rules.filter(\.passed).count
        let failedRules = rules.filter { !$0.failures.isEmpty }.count
        let skipped = rules.filter { $0.skipReason != nil }.count
        text += "rules test: \(passed) rules passed, \(failedRules) failed, \(skipped) skipped"
        if !samples.isEmpty {
            text += "; \(samples.filter(\.passed).count) samples passed, \(samples.filter(\.failed).count) failed, "
            text += "\(samples.filter { $0.skipReason != nil }.count) skipped"
        }
        return text + "\n"
    }

    /// `      name: message` then `- expected` / `+ actual` lines (`line:column rule` or `line rule`).
    static func render(_ failure: RuleTestFailure) -> String {
        var text = "      \(failure.name)" + (failure.message.map { ": \($0)" } ?? ":") + "\n"
        for line in failure.diffLines { text += "        \(line)\n" }
        return text
    }
}

/// Which rules `rules test DIR` tests: the ones DIR defines (their rule file lies inside it).
public enum RuleTestSelection {
    /// Ids of the rules whose rule file lies inside one of `directories`.
    public static func ids(definedIn directories: [String], table: RuleTable) -> Set<String> {
        let prefixes = directories.map { $0 + "/" }
        var ids: Set<String> = []
        for rule in table.mappings where prefixes.contains(where: rule.location.file.hasPrefix) { ids.insert(rule.id) }
        for rule in table.analyzers where prefixes.contains(where: rule.location.file.hasPrefix) { ids.insert(rule.id) }
        return ids
    }

    /// Whether `path` (relative to `currentDirectory` unless absolute) is a folder: `rules test PATH`
    /// treats folders as rule packs and files as annotated samples.
    public static func isDirectory(_ path: String, under currentDirectory: String) -> Bool {
        let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard case .success(let status) = Platform.status(of: Array(full.utf8), followLinks: true) else { return false }
        return status.kind == .directory
    }
}
