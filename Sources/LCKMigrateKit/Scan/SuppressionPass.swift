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
        let (directives, malformed) = SuppressionDirectiveParser.parse(file)
        guard !directives.isEmpty || !malformed.isEmpty else { return }
        var meta: [Finding] = malformed.map { metaFinding(SuppressionRules.unused, $0.message, $0.range) }
        var scopes = directiveScopes(directives, file: file, lines: lines, options: options, notes: &meta)
        claim(&findings, scopes: &scopes, directives: directives, lines: lines)
        meta += unusedNotes(scopes: scopes, directives: directives)
        findings.append(contentsOf: meta)
    }

    /// The lines one rule id of one directive covers, as a 1-based inclusive range.
    private struct Scope {
        var directive: Int
        var ruleID: String
        var firstLine: Int
        var lastLine: Int
        var specificity: Int  // lower wins
        var used = false
    }

    /// The scope of each (directive, rule id) pair. Directives without a required reason, unknown rule ids
    /// and `enable`s that end no region become notes.
    private static func directiveScopes(
        _ directives: [SuppressionDirective], file: TokenizedFile, lines: LineTable, options: SuppressionOptions,
        notes meta: inout [Finding]
    ) -> [Scope] {
        var scopes: [Scope] = []
        var openRegions: [(ruleID: String, directive: Int, line: Int)] = []
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
                    Scope(directive: number, ruleID: $0, firstLine: line, lastLine: line, specificity: 0)
                }
            case .disableNextLine:
                let target = nextCodeLine(after: line, file: file, lines: lines)
                scopes += validIDs.map {
                    Scope(
                        directive: number, ruleID: $0, firstLine: target ?? 0, lastLine: target ?? -1, specificity: 0)
                }
            case .disableFile:
                scopes += validIDs.map {
                    Scope(directive: number, ruleID: $0, firstLine: 1, lastLine: lastLine, specificity: 2)
                }
            case .disable:
                openRegions += validIDs.map { ($0, number, line) }
            case .enable:
                for ruleID in validIDs {
                    let closing = openRegions.indices.filter { ruleID == "all" || openRegions[$0].ruleID == ruleID }
                    if closing.isEmpty {
                        meta.append(
                            metaFinding(
                                SuppressionRules.unused,
                                "'lckmigrate:enable \(ruleID)' ends no 'lckmigrate:disable' region", directive.range))
                    }
                    for index in closing {
                        let region = openRegions[index]
                        scopes.append(
                            Scope(
                                directive: region.directive, ruleID: region.ruleID, firstLine: region.line,
                                lastLine: line, specificity: 1))
                    }
                    openRegions.removeAll { ruleID == "all" || $0.ruleID == ruleID }
                }
            }
        }
        for region in openRegions {
            scopes.append(
                Scope(
                    directive: region.directive, ruleID: region.ruleID, firstLine: region.line, lastLine: lastLine,
                    specificity: 1))
        }
        return scopes
    }

    /// Marks each unsuppressed finding with the most specific scope covering it, and that scope as used.
    private static func claim(
        _ findings: inout [Finding], scopes: inout [Scope], directives: [SuppressionDirective], lines: LineTable
    ) {
        for index in findings.indices where findings[index].suppression == nil {
            let line = lines.position(of: findings[index].range.start).line
            var best: Int?
            for (scopeIndex, scope) in scopes.enumerated()
            where line >= scope.firstLine && line <= scope.lastLine
                && (scope.ruleID == "all" || scope.ruleID == findings[index].ruleID)
            {
                // Most specific kind first; among regions, the one that started last (innermost).
                if let current = best {
                    let other = scopes[current]
                    if (scope.specificity, -scope.firstLine) >= (other.specificity, -other.firstLine) { continue }
                }
                best = scopeIndex
            }
            if let best {
                scopes[best].used = true
                findings[index].suppression = Suppression(
                    kind: .inSource, justification: directives[scopes[best].directive].reason ?? "")
            }
        }
    }

    /// One note per (directive, rule id) that claimed nothing anywhere.
    private static func unusedNotes(scopes: [Scope], directives: [SuppressionDirective]) -> [Finding] {
        var notes: [Finding] = []
        var reported = Set<String>()
        for scope in scopes {
            let key = "\(scope.directive)\u{0}\(scope.ruleID)"
            guard !reported.contains(key) else { continue }
            let usedAnywhere = scopes.contains {
                $0.directive == scope.directive && $0.ruleID == scope.ruleID && $0.used
            }
            guard !usedAnywhere else { continue }
            reported.insert(key)
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

    /// The first line after `line` holding a token, skipping comment-only lines; nil at a blank line or EOF.
    static func nextCodeLine(after line: Int, file: TokenizedFile, lines: LineTable) -> Int? {
        var candidate = line + 1
        while candidate <= lines.lineCount {
            let range = lines.rangeOfLine(candidate, in: file.bytes)
            var index = range.start
            while index < range.end && (file.bytes[index] == 0x20 || file.bytes[index] == 0x09) { index += 1 }
            if index == range.end { return nil }
            if firstToken(inLine: range, file: file) != nil { return candidate }
            candidate += 1
        }
        return nil
    }

    /// A token starting within `range` (binary search over the sorted token array).
    private static func firstToken(inLine range: ByteRange, file: TokenizedFile) -> Token? {
        var low = 0
        var high = file.tokens.count
        while low < high {
            let mid = (low + high) / 2
            if file.tokens[mid].start < range.start { low = mid + 1 } else { high = mid }
        }
        guard low < file.tokens.count, file.tokens[low].start < range.end else { return nil }
        return file.tokens[low]
    }

    private static func metaFinding(_ rule: RuleDescriptor, _ message: String, _ range: ByteRange) -> Finding {
        Finding(ruleID: rule.id, severity: rule.severity, message: message, range: range, confidence: .high)
    }
}
