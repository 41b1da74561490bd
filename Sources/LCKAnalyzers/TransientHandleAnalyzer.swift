import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Flags a `CXHandle(type:value:)` or `Handle(type:value:displayName:)` whose value looks temporary.
///
/// Recents and Siri redial the stored handle, so a room name, session id, token, `UUID().uuidString`,
/// composite key or placeholder gives entries nobody can call back. Name-based: the words come from
/// `parameters.transientWords` / `stableWords` in `Rules/analyzers/transient_handle.json`; the last
/// matching word of the last identifier that matches decides (`roomOwnerID` is stable, `userToken` not).
public struct TransientHandleAnalyzer: Analyzer {
    public let ruleID = "transient_handle"

    public init() {}

    static let defaultTransientWords = ["room", "token", "session", "meeting", "invite", "callId", "uuidString"]
    static let defaultStableWords = ["user", "account", "contact", "phone", "email"]
    static let defaultPlaceholders = ["", "unknown", "placeholder", "test"]

    /// Findings sit at `CXHandle(…)`/`Handle(…)` constructions.
    public func triggerNames(rules: RuleTable) -> Set<String>? { ["CXHandle", "Handle"] }

    public func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let words = Vocabulary(
            transient: parameters?.strings("transientWords") ?? Self.defaultTransientWords,
            stable: parameters?.strings("stableWords") ?? Self.defaultStableWords,
            placeholders: (parameters?.strings("placeholderValues") ?? Self.defaultPlaceholders).map {
                $0.lowercased()
            },
            weakTransient: parameters?.strings("weakTransientWords") ?? ["uuid"]
        )
        let file = context.file
        for call in context.outline.calls {
            guard let typeToken = CallRoles.constructedTypeToken(of: call, in: file),
                file.token(file.tokens[typeToken], is: "CXHandle") || file.token(file.tokens[typeToken], is: "Handle"),
                CallRoles.argument("type", of: call, in: file) != nil,
                let value = CallRoles.argument("value", of: call, in: file)?.value, !value.isEmpty
            else { continue }
            guard let verdict = classify(value, in: context, words: words, followLocal: true),
                verdict.isTransient
            else { continue }
            let shown = file.text(of: value)
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: typeToken),
                    message: "Handle value `\(shown)` looks transient (\(verdict.evidence.joined(separator: "; "))); "
                        + "Recents and Siri redial need a stable identifier of the person or group",
                    confidence: verdict.confidence, evidence: verdict.evidence))
        }
    }

    struct Vocabulary {
        var transient: [String]
        var stable: [String]
        var placeholders: [String]
        /// Words that only decide when nothing else in the expression does (`call.uuid` vs `user.uuid`).
        var weakTransient: [String]
    }

    struct Verdict {
        var isTransient: Bool
        var evidence: [String]
        var confidence: Confidence?
    }

    /// Shape first (UUID(), composite interpolation, placeholder literal), then words, then one step
    /// back through a local's initializer.
    func classify(_ range: Range<Int>, in context: AnalysisContext, words: Vocabulary, followLocal: Bool) -> Verdict? {
        let file = context.file
        let tokens = file.tokens
        var interpolations = 0
        for index in range {
            if tokens[index].kind == .identifier, file.token(tokens[index], is: "UUID"), index + 2 < range.upperBound,
                tokens[index + 1].kind == .leftParen, tokens[index + 2].kind == .rightParen
            {
                return Verdict(isTransient: true, evidence: ["a fresh UUID()"], confidence: .medium)
            }
            if tokens[index].kind == .backslash, index + 1 < range.upperBound, tokens[index + 1].kind == .leftParen,
                !tokens[index].flags.contains(.inInterpolation)
            {
                interpolations += 1
            }
        }
        if interpolations >= 2 {
            return Verdict(
                isTransient: true, evidence: ["composite key: string interpolation of \(interpolations) values"],
                confidence: .medium)
        }
        if let literal = plainLiteral(range, in: file) {
            if isPlaceholder(literal, words: words) {
                return Verdict(isTransient: true, evidence: ["placeholder literal \"\(literal)\""], confidence: .medium)
            }
            return Verdict(isTransient: false, evidence: [], confidence: nil)
        }
        if let verdict = placeholderFallback(range, in: file, words: words) { return verdict }
        // A local bound to a placeholder shows the value itself; its name (`let handle = "handle"`) does not decide.
        if followLocal, let local = Self.singleLocal(range, in: context),
            let initializer = context.outline.variables[local].initializer
        {
            let via = "via local `\(file.name(at: context.outline.variables[local].nameToken))`"
            if let literal = plainLiteral(initializer, in: file), isPlaceholder(literal, words: words) {
                return Verdict(
                    isTransient: true, evidence: ["placeholder literal \"\(literal)\" \(via)"], confidence: .medium)
            }
            if var verdict = placeholderFallback(initializer, in: file, words: words) {
                verdict.evidence = verdict.evidence.map { "\($0) \(via)" }
                return verdict
            }
        }
        // A property holding a placeholder literal (`var defaultCaller = "Unknown Caller"`).
        if followLocal, range.count == 1, tokens[range.lowerBound].kind == .identifier,
            let variable = context.facts.lookup(name: file.name(at: range.lowerBound), at: range.lowerBound),
            context.outline.variables[variable].kind == .property,
            let initializer = context.outline.variables[variable].initializer,
            let literal = plainLiteral(initializer, in: file), isPlaceholder(literal, words: words)
        {
            return Verdict(
                isTransient: true,
                evidence: ["placeholder literal \"\(literal)\" via property `\(file.name(at: range.lowerBound))`"],
                confidence: .medium)
        }
        if let verdict = wordVerdict(range, in: file, words: words) { return verdict }
        guard followLocal, let local = Self.singleLocal(range, in: context),
            let initializer = context.outline.variables[local].initializer
        else { return nil }
        guard var verdict = classify(initializer, in: context, words: words, followLocal: false) else { return nil }
        verdict.evidence.append(
            "via local `\(file.name(at: context.outline.variables[local].nameToken))` = \(file.text(of: initializer))")
        return verdict
    }

    /// From the last identifier back, the first one containing a listed word decides.
    func wordVerdict(_ range: Range<Int>, in file: TokenizedFile, words: Vocabulary) -> Verdict? {
        let tokens = file.tokens
        var index = range.upperBound - 1
        var squareDepth = 0
        var weakHit: String?
        while index >= range.lowerBound {
            defer { index -= 1 }
            let token = tokens[index]
            if token.kind == .rightSquare { squareDepth += 1 }
            if token.kind == .leftSquare { squareDepth = max(0, squareDepth - 1) }
            let isName =
                token.kind == .identifier && !CallRoles.isCapitalized(index, in: file)
                && !(index + 1 < range.upperBound && tokens[index + 1].kind == .colon)
            let isKey = token.kind == .stringSegment && squareDepth > 0
            guard isName || isKey else { continue }
            let name = isKey ? file.text(at: index) : file.name(at: index)
            let split = CallRoles.words(of: name)
            let transient = CallRoles.lastMatch(split, in: words.transient)
            let stable = CallRoles.lastMatch(split, in: words.stable)
            var decision: (word: String, transient: Bool)?
            if let transient, transient.end > (stable?.end ?? -1) {
                decision = (transient.entry, true)
            } else if let stable {
                decision = (stable.entry, false)
            }
            guard let decision else {
                if weakHit == nil, let weak = CallRoles.lastMatch(split, in: words.weakTransient) {
                    weakHit = "word '\(weak.entry)' in `\(name)`"
                }
                continue
            }
            let evidence = decision.transient ? ["word '\(decision.word)' in `\(name)`"] : []
            return Verdict(isTransient: decision.transient, evidence: evidence, confidence: .low)
        }
        return weakHit.map { Verdict(isTransient: true, evidence: [$0], confidence: .low) }
    }

    /// `name ?? "Unknown"`: whenever the real value is missing the handle becomes the placeholder.
    func placeholderFallback(_ range: Range<Int>, in file: TokenizedFile, words: Vocabulary) -> Verdict? {
        let tokens = file.tokens
        var depth = 0
        var lastFallback: Int?
        for index in range {
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            case .binaryOperator where depth == 0 && file.text(at: index) == "??": lastFallback = index
            default: break
            }
        }
        // `?? ""` is the everyday way to unwrap a string; only a word that stands in for a person counts.
        guard let fallback = lastFallback, fallback + 1 < range.upperBound,
            let literal = plainLiteral(fallback + 1..<range.upperBound, in: file),
            !CallRoles.words(of: literal).isEmpty,
            isPlaceholder(literal, words: words)
        else { return nil }
        return Verdict(isTransient: true, evidence: ["falls back to the placeholder \"\(literal)\""], confidence: .low)
    }

    /// Blank, or made only of placeholder words ("Unknown Caller", "invalid", "N/A").
    func isPlaceholder(_ literal: String, words: Vocabulary) -> Bool {
        let split = CallRoles.words(of: literal)
        if split.isEmpty {
            return !literal.utf8.contains { $0 > 0x20 } || words.placeholders.contains(literal.lowercased())
        }
        return words.placeholders.contains(literal.lowercased()) || split.allSatisfy(words.placeholders.contains)
    }

    /// The text of a string literal without interpolation that is the whole range.
    func plainLiteral(_ range: Range<Int>, in file: TokenizedFile) -> String? {
        let tokens = file.tokens
        guard range.count <= 3, tokens[range.lowerBound].kind == .stringQuote,
            tokens[range.upperBound - 1].kind == .stringQuote
        else { return nil }
        if range.count == 2 { return "" }
        guard range.count == 3, tokens[range.lowerBound + 1].kind == .stringSegment else { return nil }
        return file.text(at: range.lowerBound + 1)
    }

    /// The local (or top-level) variable a bare name refers to; properties can change anywhere, so no.
    static func singleLocal(_ range: Range<Int>, in context: AnalysisContext) -> Int? {
        guard range.count == 1, context.file.tokens[range.lowerBound].kind == .identifier,
            let index = context.facts.lookup(name: context.file.name(at: range.lowerBound), at: range.lowerBound)
        else { return nil }
        let variable = context.outline.variables[index]
        let isGlobal = variable.kind == .property && variable.enclosingType == nil && variable.enclosingFunction == nil
        return variable.kind == .local || isGlobal ? index : nil
    }
}
