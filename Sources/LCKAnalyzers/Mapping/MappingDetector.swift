import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds usages of mapped symbols (CallKit, PushKit-VoIP, or whatever a custom pack describes) by
/// interpreting the `match` specs of the rule table over one file's tokens and outline.
///
/// Cost: one pass over the tokens with an O(1) index probe each; the outline lookups it needs are
/// built only for files where some token hit the index.
package struct MappingDetector: Sendable {
    package let index: MappingIndex

    package init(rules: RuleTable) { index = MappingIndex(rules: rules) }

    package init(index: MappingIndex) { self.index = index }

    /// Appends one finding per (rule, token) matched in the context's file, with the context's project facts.
    package func detect(_ context: AnalysisContext, into findings: inout [Finding]) {
        _ = detect(context, into: &findings, limit: .max)
    }

    /// `detect`, keeping at most `limit` findings (in token order) and `FindingLimits.perToken` per token;
    /// true when it stopped before trying every rule at every token.
    package func detect(_ context: AnalysisContext, into findings: inout [Finding], limit: Int) -> Bool {
        let project = context.project
        var hits: [(token: Int, entry: Int)] = []
        var hasAnchor = false
        var hasChangingAnchor = false
        let tokens = context.file.tokens
        var aliasNames: Set<String> = []
        for (name, target) in context.facts.aliases where index.entryIndex(named: context.resolveAlias(target)) != nil {
            aliasNames.insert(name)
        }
        for (name, target) in project.aliases where index.entryIndex(named: project.resolveAlias(target)) != nil {
            aliasNames.insert(name)
        }
        let aliasDeclarations = Set(context.outline.typealiases.map(\.nameToken))
        // Compared byte-wise with each identifier (no String per token); usually empty.
        let aliasList = aliasNames.sorted()
        for position in tokens.indices where tokens[position].kind == .identifier {
            if let entry = index.entryIndex(of: tokens[position], in: context.file) {
                hits.append((position, entry))
                if index.entries[entry].isAnchor { hasAnchor = true }
                if index.entries[entry].isChangingAnchor { hasChangingAnchor = true }
            } else if !aliasList.isEmpty, !aliasDeclarations.contains(position),
                let alias = aliasList.first(where: { context.file.token(tokens[position], equals: $0) }),
                let entry = index.entryIndex(named: context.resolveAlias(alias))
            {
                hits.append((position, entry))
                hasAnchor = true
                if index.entries[entry].isChangingAnchor { hasChangingAnchor = true }
            }
        }
        guard !hits.isEmpty else { return false }
        var matcher = FileMatcher(context: context, index: index, fileHasAnchor: hasAnchor, limit: limit)
        for (position, hit) in hits.enumerated() {
            matcher.match(token: hit.token, entry: index.entries[hit.entry])
            if matcher.isFull {
                if position + 1 < hits.count { matcher.stopMatching() }
                break
            }
        }
        if project.migrationPending || hasChangingAnchor {
            findings.append(contentsOf: matcher.findings)
        } else {
            findings.append(contentsOf: matcher.findings.filter { $0.mappingKind != .unchanged })
        }
        return matcher.stoppedEarly
    }
}

extension MappingIndex {
    /// Entry for a name given as a string (typealias targets; not used per token).
    func entryIndex(named name: String) -> Int? {
        let bytes = Array(MappingIndex.lastComponent(name).utf8)
        return entryIndex(bytes: bytes, start: 0, length: bytes.count)
    }
}

/// Per-file matching state: lazily built outline lookups and the findings so far.
struct FileMatcher {
    let context: AnalysisContext
    let index: MappingIndex
    /// The file names a type of the table somewhere; bare enum cases with an unknown context need it.
    let fileHasAnchor: Bool
    var findings: [Finding] = []
    /// The most findings kept (`FindingLimits.perFile`): a pack matching every token cannot fill memory.
    let limit: Int
    /// Some match was not reported because a limit was reached (matching then stops, so how many is unknown).
    private(set) var stoppedEarly = false
    /// The most rules reported at one token: real tables have a handful per name; a pack of 10,000 rules
    /// on `go` would otherwise make every `x.go()` cost 10,000 findings.
    static let perTokenLimit = FindingLimits.perToken
    private var lastToken = -1
    private var atToken = 0
    /// The file's `limit` is reached: no further token is matched.
    var isFull: Bool { findings.count >= limit }

    /// Records that tokens were left unmatched at the file's limit.
    mutating func stopMatching() { stoppedEarly = true }

    /// The file's or this token's limit is reached: no further rule is tried at `token` (`more`: some were left).
    mutating func isFull(at token: Int, more: Bool) -> Bool {
        let full = isFull || (token == lastToken && atToken >= Self.perTokenLimit)
        if full && more { stoppedEarly = true }
        return full
    }
    private var reported: Set<Int64> = []
    private var lookups: OutlineLookups?

    init(context: AnalysisContext, index: MappingIndex, fileHasAnchor: Bool, limit: Int = .max) {
        self.context = context
        self.index = index
        self.fileHasAnchor = fileHasAnchor
        self.limit = limit
    }

    var project: ProjectFacts { context.project }
    var file: TokenizedFile { context.file }
    var tokens: [Token] { context.file.tokens }
    var outline: SyntaxOutline { context.outline }

    /// Token → call / member access / function / argument maps, built on the first hit.
    mutating func lookupTables() -> OutlineLookups {
        if let lookups { return lookups }
        let built = OutlineLookups(outline: context.outline)
        lookups = built
        return built
    }

    mutating func match(token: Int, entry: MappingIndex.NameEntry) {
        if entry.isAnchor { matchType(token: token, entry: entry) }
        if !entry.members.isEmpty { matchMember(token: token, candidates: entry.members) }
        if !entry.delegates.isEmpty { matchDelegate(token: token, candidates: entry.delegates) }
        if !entry.enumCases.isEmpty { matchEnumCase(token: token, candidates: entry.enumCases) }
    }

    /// Records a finding for `rule` at `token` unless that pair was already reported. Past `limit` findings
    /// in the file, or `perTokenLimit` at one token, it only counts the finding in `dropped`.
    mutating func report(rule: Int, token: Int) {
        if token != lastToken {
            lastToken = token
            atToken = 0
        }
        guard findings.count < limit, atToken < Self.perTokenLimit else {
            stoppedEarly = true
            return
        }
        guard reported.insert(Int64(rule) << 32 | Int64(token)).inserted else { return }
        atToken += 1
        let mapping = index.rules[rule]
        findings.append(
            Finding(
                ruleID: mapping.id, severity: mapping.severity,
                message: index.findingMessages[rule],
                range: tokens[token].range, symbol: mapping.symbol, replacement: mapping.replacement,
                mappingKind: mapping.mappingKind))
    }

    // MARK: - Types and constructions

    private mutating func matchType(token: Int, entry: MappingIndex.NameEntry) {
        if let call = constructionCall(at: token) {
            let labels = callLabels(call)
            let exact = entry.initializers.filter { $0.labels != nil && labelsMatch(spec: $0.labels!, call: labels) }
            let chosen = exact.isEmpty ? entry.initializers.filter { $0.labels == nil } : exact
            if !chosen.isEmpty {
                for candidate in chosen { report(rule: candidate.rule, token: token) }
                return
            }
        }
        for candidate in entry.types where qualifiersMatch(candidate.qualifiers, before: token) {
            report(rule: candidate.rule, token: token)
        }
    }

    /// The call constructing the type named at `token`: `T(…)`, `T.init(…)`, `T { … }`.
    private mutating func constructionCall(at token: Int) -> Call? {
        let lookups = lookupTables()
        if let call = lookups.callByName[token].map(Int.init), outline.calls[call].leftParen != nil {
            return outline.calls[call]
        }
        if token + 2 < tokens.count, tokens[token + 1].kind == .period, tokens[token + 2].keyword == .`init`,
            let call = lookups.callByName[token + 2]
        {
            return outline.calls[Int(call)]
        }
        return nil
    }

    /// `CXHandle.HandleType` needs `CXHandle.` written in front of `HandleType` (module prefixes allowed before it).
    func qualifiersMatch(_ qualifiers: [String], before token: Int) -> Bool {
        var position = token
        for qualifier in qualifiers.reversed() {
            guard position >= 2, tokens[position - 1].kind == .period, tokens[position - 2].kind == .identifier,
                file.token(tokens[position - 2], equals: qualifier)
            else { return false }
            position -= 2
        }
        return true
    }

    // MARK: - Labels

    /// Argument labels of a call (`_` for unlabeled), then one entry per trailing closure: nil for
    /// the first (it may stand for any label), the written label for later ones.
    func callLabels(_ call: Call) -> [String?] {
        var labels: [String?] = call.arguments.map { argument in argument.label.map { file.name(at: $0) } ?? "_" }
        for (position, closure) in call.trailingClosures.enumerated() {
            labels.append(position == 0 ? nil : outline.closures[closure].trailingLabel.map { file.name(at: $0) })
        }
        return labels
    }

    func labelsMatch(spec: [String], call: [String?]) -> Bool {
        guard spec.count == call.count else { return false }
        for (expected, actual) in zip(spec, call) where actual != nil && actual != expected { return false }
        return true
    }
}

/// Outline entries keyed by the token that names them.
///
/// Values are outline indices stored in 32 bits (as the outline's records store them): the lookups are
/// built at a large file's peak memory, an entry or more per call and member access.
struct OutlineLookups {
    var callByName: TokenKeyedIndex<Int32>
    var accessByMember: TokenKeyedIndex<Int32>
    var functionByName: TokenKeyedIndex<Int32>
    /// First token of an argument's value → (call, argument index).
    var argumentByValueStart: TokenKeyedIndex<(call: Int32, argument: Int32)>
    /// Every token of a `case` pattern of a `switch` → that switch's subject (token range bounds).
    var switchSubjectByPatternToken: TokenKeyedIndex<(lower: Int32, upper: Int32)>

    init(outline: SyntaxOutline) {
        callByName = TokenKeyedIndex(capacity: outline.calls.count) { add in
            for (position, call) in outline.calls.enumerated() { add(call.nameToken, Int32(clamping: position)) }
        }
        let argumentCount = outline.calls.reduce(0) { $0 + $1.arguments.count }
        argumentByValueStart = TokenKeyedIndex(capacity: argumentCount) { add in
            for (position, call) in outline.calls.enumerated() {
                for (argument, value) in call.arguments.enumerated() where !value.value.isEmpty {
                    add(value.value.lowerBound, (Int32(clamping: position), Int32(clamping: argument)))
                }
            }
        }
        accessByMember = TokenKeyedIndex(capacity: outline.memberAccesses.count) { add in
            for (position, access) in outline.memberAccesses.enumerated() {
                add(access.member, Int32(clamping: position))
            }
        }
        functionByName = TokenKeyedIndex(capacity: outline.functions.count) { add in
            for (position, function) in outline.functions.enumerated() where function.kind == .function {
                add(function.nameToken, Int32(clamping: position))
            }
        }
        switchSubjectByPatternToken = TokenKeyedIndex { add in
            for block in outline.blocks where block.kind == .caseBody {
                guard let header = block.header, case .statement(let owner) = block.owner,
                    outline.statements[owner].kind == .switch,
                    let subject = outline.statements[owner].condition, !subject.isEmpty
                else { continue }
                let bounds = (Int32(clamping: subject.lowerBound), Int32(clamping: subject.upperBound))
                for token in header { add(token, bounds) }
            }
        }
    }
}
