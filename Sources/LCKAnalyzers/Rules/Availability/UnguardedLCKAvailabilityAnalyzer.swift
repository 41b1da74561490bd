import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules

/// Flags a LiveCommunicationKit symbol (or an iOS 26 one) used where the file's deployment target is
/// lower than the symbol's version and nothing covers the use: no enclosing `if #available`, no earlier
/// `guard #available … else { return }` in the block, no `@available` on an enclosing declaration, no
/// `#unavailable` else branch, no same-file `#available` helper (`AvailabilityCoverage`). Android Lint's
/// NewApi is the model. The versions live in `Rules/availability.json`; an unknown deployment target
/// reports nothing.
package struct UnguardedLCKAvailabilityAnalyzer: Analyzer {
    package let ruleID = "unguarded_lck_availability"

    package init() {}

    /// A finding sits at one of the table's names.
    package func triggerNames(rules: RuleTable) -> Set<String>? { rules.availability.names }

    /// Every finding needs an `import` of the symbol's module; the names themselves (`Handle`) are common.
    package func prefilterNames(rules: RuleTable) -> Set<String>? { rules.availability.modules }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        guard let target = context.deploymentTarget else { return }
        let file = context.file
        let imported = Self.importedModules(file)
        let entries = context.rules.availability.entries.filter {
            Self.version($0) > target && imported.contains($0.module)
        }
        guard !entries.isEmpty else { return }
        let uses = UseFinder(file: file, entries: entries)
        // Swift, unlike Java, does not accept a helper's result as a check; a rule author may still opt in.
        let helperChecks = context.metadata(for: ruleID)?.parameters["helperChecks"]?.boolValue ?? false
        let helpers = helperChecks ? Self.availabilityHelpers(file) : [:]
        var coverage = AvailabilityCoverage(file: file, helpers: helpers)
        var chain: (end: Int, version: OSVersion)?
        for index in file.tokens.indices {
            let covered = coverage.step(index)
            let afterDot = index > 0 && file.tokens[index - 1].kind == .period
            let chainVersion = afterDot && chain?.end == index - 2 ? chain?.version : nil
            guard let entry = uses.entry(at: index, afterDot: afterDot) else {
                if let chainVersion, file.tokens[index].kind == .identifier { chain = (index, chainVersion) }
                continue
            }
            let needed = Self.version(entry)
            chain = (index, AvailabilityCoverage.max(chainVersion, needed) ?? needed)
            if let chainVersion, chainVersion >= needed { continue }
            if let covered, covered >= needed { continue }
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: index),
                    message: Self.message(entry, needed: needed, target: target, covered: covered),
                    evidence: ["iOS \(needed) per Rules/availability.json (\(entry.source))"]))
        }
    }

    /// This rule's findings in `source` on its own, built for `deploymentTarget`: for code lckmigrate
    /// writes itself (the scaffold's `CallBackend`), whose tests cannot rely on Linux enforcing `@available`.
    package static func findings(
        inSource source: String, deploymentTarget: OSVersion, rules: RuleTable
    ) -> [Finding] {
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(source.utf8)), rules: rules, deploymentTarget: deploymentTarget)
        var findings: [Finding] = []
        UnguardedLCKAvailabilityAnalyzer().analyze(context, into: &findings)
        return findings
    }

    static func version(_ entry: AvailabilityEntry) -> OSVersion {
        let parts = entry.introduced
        return OSVersion(parts[0], parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
    }

    private static func message(
        _ entry: AvailabilityEntry, needed: OSVersion, target: OSVersion, covered: OSVersion?
    ) -> String {
        let shortfall = covered.map { ", and the enclosing check only guarantees iOS \($0)" } ?? ""
        return "`\(entry.symbol)` needs iOS \(needed) (\(entry.module)), but this file is built for iOS \(target)"
            + "\(shortfall): use it inside `if #available(iOS \(needed), *)`, after `guard #available(iOS "
            + "\(needed), *) else { … }`, or in a declaration marked `@available(iOS \(needed), *)`"
    }

    /// Modules named by the file's `import` declarations (`import LiveCommunicationKit`,
    /// `@preconcurrency import PushKit`, `import class PushKit.PKVoIPPushMetadata`).
    static func importedModules(_ file: TokenizedFile) -> Set<String> {
        var modules: Set<String> = []
        let tokens = file.tokens
        for index in tokens.indices where tokens[index].kind == .keyword && tokens[index].keyword == .import {
            var cursor = index + 1
            if cursor < tokens.count, tokens[cursor].kind == .keyword || tokens[cursor].keyword != nil { cursor += 1 }
            if cursor < tokens.count, tokens[cursor].kind == .identifier { modules.insert(file.name(at: cursor)) }
        }
        return modules
    }

    /// Same-file functions and properties that return the result of one `#available` check, by name:
    /// `func isLCKAvailable() -> Bool { if #available(iOS 17.4, *) { return true }; return false }`,
    /// `var supportsLCK: Bool { guard #available(iOS 17.4, *) else { return false }; return true }`.
    static func availabilityHelpers(_ file: TokenizedFile) -> [String: OSVersion] {
        var helpers: [String: OSVersion] = [:]
        let tokens = file.tokens
        for index in tokens.indices where tokens[index].keyword == .func || tokens[index].keyword == .var {
            guard let body = boolBody(file, declarationAt: index) else { continue }
            var checks = 0
            var helperVersion: OSVersion?
            for cursor in body where tokens[cursor].kind == .poundAvailable || tokens[cursor].kind == .poundUnavailable
            {
                checks += 1
                guard tokens[cursor].kind == .poundAvailable, cursor > body.lowerBound else { continue }
                let statement = tokens[cursor - 1].keyword
                let firstLiteral = body[(cursor + 1)...].first {
                    tokens[$0].keyword == .true || tokens[$0].keyword == .false
                }
                let expected: Keyword = statement == .guard ? .false : .true
                var work = 0
                if statement == .if || statement == .guard, let firstLiteral, tokens[firstLiteral].keyword == expected {
                    helperVersion = AvailabilityCoverage.iOSVersion(in: file, argumentsAfter: cursor, work: &work)
                }
            }
            if checks == 1, let helperVersion { helpers[file.name(at: index + 1)] = helperVersion }
        }
        return helpers
    }

    /// The body tokens of `func name() -> Bool {` or `var name: Bool {` at `index` (its keyword), when short.
    private static func boolBody(_ file: TokenizedFile, declarationAt index: Int) -> Range<Int>? {
        let tokens = file.tokens
        let isFunction = tokens[index].keyword == .func
        let shape: [TokenKind] =
            isFunction
            ? [.identifier, .leftParen, .rightParen, .arrow, .identifier, .leftBrace]
            : [.identifier, .colon, .identifier, .leftBrace]
        guard index + shape.count < tokens.count,
            shape.indices.allSatisfy({ tokens[index + 1 + $0].kind == shape[$0] }),
            file.token(tokens[index + shape.count - 1], is: "Bool")
        else { return nil }
        let open = index + shape.count
        var depth = 0
        var cursor = open
        // A helper is a few statements; a longer body is not read.
        while cursor < tokens.count, cursor - open < 80 {
            if tokens[cursor].kind == .leftBrace { depth += 1 }
            if tokens[cursor].kind == .rightBrace {
                depth -= 1
                if depth == 0 { return (open + 1)..<cursor }
            }
            cursor += 1
        }
        return nil
    }
}

/// Finds the table's symbols among a file's tokens: names are compared only for identifiers of a
/// plausible length and first byte, and a name the file declares itself (its own `Handle`) is the app's.
private struct UseFinder {
    let file: TokenizedFile
    private var byName: [String: [AvailabilityEntry]] = [:]
    private var firstBytes = [Bool](repeating: false, count: 256)
    private var lengths = 0...0

    init(file: TokenizedFile, entries: [AvailabilityEntry]) {
        self.file = file
        for entry in entries { byName[String(entry.name), default: []].append(entry) }
        let declared = Self.declaredNames(file)
        for name in declared { byName[name] = nil }
        for name in byName.keys {
            firstBytes[Int(name.utf8.first ?? 0)] = true
        }
        let counts = byName.keys.map(\.utf8.count)
        lengths = (counts.min() ?? 0)...(counts.max() ?? 0)
    }

    /// The entry used at token `index`, if any.
    func entry(at index: Int, afterDot: Bool) -> AvailabilityEntry? {
        let token = file.tokens[index]
        guard token.kind == .identifier, lengths.contains(token.length), firstBytes[Int(file.bytes[token.start])],
            let candidates = byName[file.name(at: index)]
        else { return nil }
        let qualifier = afterDot && index >= 2 && file.tokens[index - 2].kind == .identifier ? index - 2 : nil
        return candidates.first { entry in
            switch entry.kind {
            case .member:
                return afterDot
            case .type:
                guard let expected = entry.qualifiers.last else {
                    return !afterDot || qualifier.map { file.name(at: $0) == entry.module } ?? false
                }
                return qualifier.map { file.name(at: $0) == expected } ?? false
            }
        }
    }

    /// Names the file declares as types, typealiases or functions: uses of those are the app's own.
    static func declaredNames(_ file: TokenizedFile) -> Set<String> {
        var names: Set<String> = []
        let tokens = file.tokens
        for index in tokens.indices.dropLast() where tokens[index + 1].kind == .identifier {
            switch tokens[index].keyword {
            case .class?, .struct?, .enum?, .protocol?, .actor?, .typealias?, .func?, .associatedtype?:
                names.insert(file.name(at: index + 1))
            default: break
            }
        }
        return names
    }
}
