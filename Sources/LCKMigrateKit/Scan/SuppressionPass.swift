import LCKCore
import LCKLexer

/// Settings of the in-source suppression stage.
public struct SuppressionOptions: Sendable {
    /// Rule ids a directive may name (besides `all`); nil skips the unknown-id check.
    public var knownRuleIDs: Set<String>?
    /// `--require-reason`: a directive without `-- reason` is a `suppression_without_reason` error.
    public var requireReason: Bool

    public init(knownRuleIDs: Set<String>? = nil, requireReason: Bool = false) {
        self.knownRuleIDs = knownRuleIDs
        self.requireReason = requireReason
    }
}

/// The rules the suppression stage itself reports; merged into the active rule list.
public enum SuppressionRules {
    public static let unusedID = "unused_suppression"
    public static let withoutReasonID = "suppression_without_reason"

    public static let unused = RuleDescriptor(
        id: unusedID, kind: .meta, title: "Suppression comment suppresses nothing", severity: .note,
        summary:
            "A `// lckmigrate:` directive names an unknown rule, is malformed, or suppressed no finding in its scope.",
        replacement: "Delete the comment, or fix the rule id.")
    public static let withoutReason = RuleDescriptor(
        id: withoutReasonID, kind: .meta, title: "Suppression comment without a reason", severity: .error,
        summary: "With --require-reason (config `requireReason`), every `// lckmigrate:` directive needs `-- reason`.",
        replacement: "Append ` -- why this finding does not apply` to the comment.")

    public static let all = [unused, withoutReason]
    public static let ids: Set<String> = [unusedID, withoutReasonID]
}

/// Applies a file's `// lckmigrate:` directives to its findings (stage "suppress" of the pipeline).
///
/// Suppressed findings are kept, marked `Suppression(kind: .inSource, justification: reason)`.
/// A finding is claimed by the most specific covering directive: `disable-line`/`disable-next-line`,
/// then the innermost `disable` region, then `disable-file`. Every rule id of a directive that claimed
/// nothing, unknown ids and malformed directives become `unused_suppression` notes at the comment.
public enum SuppressionPass {
    /// Marks the covered findings and appends the pass's own notes; a file without directives costs one trivia scan.
    public static func apply(
        to findings: inout [Finding], file: TokenizedFile, lines: LineTable, options: SuppressionOptions
    ) {
        var work = 0
        apply(to: &findings, file: file, lines: lines, options: options, work: &work)
    }

    /// `apply`, adding to `work` the lines, scopes and findings it stepped over (for the linearity tests).
    static func apply(
        to findings: inout [Finding], file: TokenizedFile, lines: LineTable, options: SuppressionOptions,
        work: inout Int
    ) {
        let (directives, malformed) = SuppressionDirectiveParser.parse(file)
        guard !directives.isEmpty || !malformed.isEmpty else { return }
        var meta: [Finding] = malformed.map { metaFinding(SuppressionRules.unused, $0.message, $0.range) }
        var scopes = directiveScopes(
            directives, file: file, lines: lines, options: options, notes: &meta, work: &work)
        claim(&findings, scopes: &scopes, directives: directives, lines: lines, work: &work)
        meta += unusedNotes(scopes: scopes, directives: directives, work: &work)
        findings.append(contentsOf: meta)
    }

    /// The scope of each (directive, rule id) pair. Directives without a required reason, unknown rule ids
    /// and `enable`s that end no region become notes.
    private static func directiveScopes(
        _ directives: [SuppressionDirective], file: TokenizedFile, lines: LineTable, options: SuppressionOptions,
        notes meta: inout [Finding], work: inout Int
    ) -> [SuppressionScope] {
        var scopes: [SuppressionScope] = []
        var openRegions = OpenRegions()
        var nextCodeLines: NextCodeLines?
        let lastLine = lines.lineCount
        for (number, directive) in directives.enumerated() {
            let line = lines.position(of: directive.range.start).line
            if options.requireReason && directive.command.needsReason && (directive.reason ?? "").isEmpty {
                meta.append(
                    metaFinding(
                        SuppressionRules.withoutReason,
                        "'lckmigrate:\(directive.command.rawValue)' has no reason; append ' -- why' "
                            + "(required by --require-reason)",
                        directive.range))
            }
            for ruleID in directive.ruleIDs where ruleID != "all" {
                if let known = options.knownRuleIDs, !known.contains(ruleID) {
                    meta.append(
                        metaFinding(
                            SuppressionRules.unused,
                            "unknown rule id '\(ruleID)' in 'lckmigrate:\(directive.command.rawValue)'",
                            directive.range))
                }
            }
            let validIDs = directive.ruleIDs.filter { $0 == "all" || options.knownRuleIDs?.contains($0) ?? true }
            switch directive.command {
            case .disableLine:
                scopes += validIDs.map {
                    SuppressionScope(directive: number, ruleID: $0, firstLine: line, lastLine: line, specificity: 0)
                }
            case .disableNextLine:
                if nextCodeLines == nil { nextCodeLines = NextCodeLines(file: file, lines: lines, work: &work) }
                let target = nextCodeLines?.after(line)
                scopes += validIDs.map {
                    SuppressionScope(
                        directive: number, ruleID: $0, firstLine: target ?? 0, lastLine: target ?? -1, specificity: 0)
                }
            case .disableFile:
                scopes += validIDs.map {
                    SuppressionScope(directive: number, ruleID: $0, firstLine: 1, lastLine: lastLine, specificity: 2)
                }
            case .disable:
                for ruleID in validIDs { openRegions.open(ruleID, directive: number, line: line) }
            case .enable:
                for ruleID in validIDs {
                    let closed = openRegions.close(ruleID, atLine: line)
                    if closed.isEmpty {
                        meta.append(
                            metaFinding(
                                SuppressionRules.unused,
                                "'lckmigrate:enable \(ruleID)' ends no 'lckmigrate:disable' region", directive.range))
                    }
                    work += 1 + closed.count
                    scopes += closed
                }
            }
        }
        return scopes + openRegions.close("all", atLine: lastLine)
    }

    /// Marks each unsuppressed finding with the most specific scope covering it, and that scope as used.
    private static func claim(
        _ findings: inout [Finding], scopes: inout [SuppressionScope], directives: [SuppressionDirective],
        lines: LineTable, work: inout Int
    ) {
        let index = SuppressionScopeIndex(scopes)
        work += scopes.count
        for position in findings.indices where findings[position].suppression == nil {
            work += 1
            let line = lines.position(of: findings[position].range.start).line
            guard let best = index.claimant(line: line, ruleID: findings[position].ruleID) else { continue }
            scopes[best].used = true
            findings[position].suppression = Suppression(
                kind: .inSource, justification: directives[scopes[best].directive].reason ?? "")
        }
    }

    /// One note per (directive, rule id) that claimed nothing anywhere.
    private static func unusedNotes(
        scopes: [SuppressionScope], directives: [SuppressionDirective], work: inout Int
    ) -> [Finding] {
        struct Key: Hashable {
            var directive: Int
            var ruleID: String
        }
        let used = Set(scopes.lazy.filter(\.used).map { Key(directive: $0.directive, ruleID: $0.ruleID) })
        var notes: [Finding] = []
        var reported = Set<Key>()
        for scope in scopes {
            work += 1
            let key = Key(directive: scope.directive, ruleID: scope.ruleID)
            guard !used.contains(key), reported.insert(key).inserted else { continue }
            let directive = directives[scope.directive]
            let what = scope.ruleID == "all" ? "no finding" : "no '\(scope.ruleID)' finding"
            let place =
                directive.command == .disableNextLine && scope.firstLine == 0
                ? " (no line of code follows before a blank line)" : ""
            notes.append(
                metaFinding(
                    SuppressionRules.unused,
                    "'lckmigrate:\(directive.command.rawValue)' suppresses \(what)\(place); remove it",
                    directive.range))
        }
        return notes
    }

    private static func metaFinding(_ rule: RuleDescriptor, _ message: String, _ range: ByteRange) -> Finding {
        Finding(ruleID: rule.id, severity: rule.severity, message: message, range: range, confidence: .high)
    }
}
