import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Flags `CXProvider(configuration:)` / `ConversationManager(configuration:)` built in per-call code
/// or in the view lifecycle of a call screen, and every construction of a file that has more than one construction site (if/else
/// alternatives inside one function count as one site).
///
/// Apple asks for one provider for the app's lifetime. A stored property, `lazy var`, `static let` or an
/// `init` is a once-per-owner construction and fine on its own, and constructions stored in one property that
/// the file invalidates (`provider.invalidate(); provider = CXProvider(…)` when settings change) replace each
/// other: one provider over time. Cross-file duplicates need project facts and are not seen here.
package struct MultipleProvidersAnalyzer: Analyzer {
    package let ruleID = "multiple_providers"

    package init() {}

    static let defaultProviderTypes = ["CXProvider", "ConversationManager"]
    static let viewLifecycleNames: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "loadView", "awakeFromNib", "layoutSubviews",
        "tableView", "collectionView", "onAppear",
    ]
    static let testDoubleWords: WordList = ["mock", "fake", "stub", "preview", "spy", "dummy"]
    /// Words of a view type that shows one call (`IncomingCallViewController`, `MeetingRoomView`).
    static let callScreenWords: WordList = [
        "call", "incoming", "outgoing", "conversation", "ringing", "dial", "dialer", "meeting", "room",
    ]

    /// One construction, kept small (ids, no strings): a generated file can hold hundreds of thousands,
    /// and only the findings a file cap keeps get their strings (`finding(for:)`).
    struct Site {
        var typeToken: Int
        /// Index of the constructed type in `Sites.typeNames`.
        var type: Int
        /// Sites with the same key are alternatives of one construction (if/else in one function).
        var key: SiteKey
        /// Index of the site's place (`` `Owner.selector` ``) in `Sites.places`.
        var place: Int
        /// The construction runs per call, per push, per view or per iteration (`perCallReason`).
        var runsPerCall: Bool
    }

    /// A stored property of an owner (ids of `Sites.names`), else the enclosing function, else the token.
    enum SiteKey: Hashable {
        case property(owner: Int, name: Int)
        case function(Int)
        case token(Int)
    }

    /// A file's constructions, with the strings they share stored once.
    struct Sites {
        var sites: [Site] = []
        var typeNames: [String]
        var places: [String] = []
        var placeIDs: [String: Int] = [:]
        /// Owner and property names of `SiteKey.property`.
        var nameIDs: [String: Int] = [:]
        /// Built once per file (not once per construction).
        var scopes: PerCallScopes

        mutating func placeID(_ place: String) -> Int {
            if let known = placeIDs[place] { return known }
            placeIDs[place] = places.count
            places.append(place)
            return places.count - 1
        }

        mutating func nameID(_ name: String) -> Int {
            if let known = nameIDs[name] { return known }
            nameIDs[name] = nameIDs.count
            return nameIDs.count - 1
        }
    }

    /// A construction key of one type: alternatives of one construction share it.
    struct TypedKey: Hashable {
        var type: Int
        var key: SiteKey
    }

    /// Findings sit at constructions of the provider types.
    package func triggerNames(rules: RuleTable) -> Set<String>? {
        Set(rules.analyzer(id: ruleID)?.parameters.strings("providerTypes") ?? Self.defaultProviderTypes)
    }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        _ = analyze(context, into: &findings, limit: .max)
    }

    /// Two passes: every construction as a `Site`, then findings for the first `limit` sites in token
    /// order that report one (report order: each finding sits at its site's type token).
    package func analyze(_ context: AnalysisContext, into findings: inout [Finding], limit: Int) -> Int {
        let sites = collectSites(context)
        guard !sites.sites.isEmpty else { return 0 }
        // Places per type, one entry per construction key, so each site finds "the others" without
        // comparing itself with every other site (a generated file can hold thousands).
        var placesByType = [[(key: SiteKey, place: Int)]](repeating: [], count: sites.typeNames.count)
        var seenKeys: Set<TypedKey> = []
        for site in sites.sites where seenKeys.insert(TypedKey(type: site.type, key: site.key)).inserted {
            placesByType[site.type].append((site.key, site.place))
        }
        for type in placesByType.indices { placesByType[type].sort { sites.places[$0.place] < sites.places[$1.place] } }
        let reports = { (site: Site) in site.runsPerCall || placesByType[site.type].count > 1 }
        var reportingTokens: [Int] = []
        for site in sites.sites where reports(site) { reportingTokens.append(site.typeToken) }
        var lastKept = Int.max
        if reportingTokens.count > limit {
            reportingTokens.sort()
            lastKept = limit > 0 ? reportingTokens[limit - 1] : -1
        }
        var built = 0
        for site in sites.sites where built < limit && site.typeToken <= lastKept && reports(site) {
            findings.append(finding(for: site, in: context, sites: sites, places: placesByType[site.type]))
            built += 1
        }
        return reportingTokens.count - built
    }

    /// Pass one: the file's constructions of the provider types outside test doubles.
    func collectSites(_ context: AnalysisContext) -> Sites {
        let file = context.file
        let providerTypes =
            context.metadata(for: ruleID)?.parameters.strings("providerTypes") ?? Self.defaultProviderTypes
        var sites = Sites(typeNames: providerTypes, scopes: PerCallScopes(context))
        let invalidated = Self.invalidatedNames(in: context)
        var declarations: VariableStarts?
        for call in context.outline.calls {
            guard let typeToken = CallRoles.constructedTypeToken(of: call, in: file),
                let type = providerTypes.firstIndex(of: file.name(at: typeToken)),
                let label = call.arguments.first?.label, file.token(file.tokens[label], is: "configuration")
            else { continue }
            let owner = context.facts.enclosingType(at: typeToken).map { context.facts.typeNames[$0] } ?? "file scope"
            if CallRoles.lastMatch(CallRoles.words(of: owner), in: Self.testDoubleWords) != nil { continue }
            let function = context.outline.enclosingFunction(at: typeToken)
            // Constructions stored in one property that the app invalidates replace each other: one provider.
            var property: String?
            if !invalidated.isEmpty {
                if declarations == nil { declarations = VariableStarts(context.outline) }
                property = Self.storedProperty(of: call, in: context, declarations: declarations!)
                    .flatMap { invalidated.contains($0) ? $0 : nil }
            }
            let key =
                property.map { SiteKey.property(owner: sites.nameID(owner), name: sites.nameID($0)) }
                ?? function.map { SiteKey.function($0) } ?? .token(typeToken)
            let place =
                function.map { "`\(owner).\(context.outline.selector(ofFunction: $0, in: file))`" } ?? "`\(owner)`"
            let runsPerCall = perCallReason(at: typeToken, in: context, scopes: sites.scopes).0 != nil
            sites.sites.append(
                Site(typeToken: typeToken, type: type, key: key, place: sites.placeID(place), runsPerCall: runsPerCall))
        }
        return sites
    }

    /// Pass two: the finding of one reporting site. `places`: its type's places, one per key, sorted.
    func finding(
        for site: Site, in context: AnalysisContext, sites: Sites, places: [(key: SiteKey, place: Int)]
    ) -> Finding {
        let typeName = sites.typeNames[site.type]
        if site.runsPerCall {
            let (reason, confidence) = perCallReason(at: site.typeToken, in: context, scopes: sites.scopes)
            if let reason {
                return context.finding(
                    ruleID, at: context.range(ofToken: site.typeToken),
                    message: "`\(typeName)` is created \(reason); create one for the app's lifetime and reuse it",
                    confidence: confidence, evidence: [reason])
            }
        }
        // The other construction places of the same type (one per key, sorted), at most three named.
        // Keys are unique within a type's list, so this site's own entry is skipped at most once.
        let otherCount = places.count - 1
        var named: [String] = []
        for entry in places where entry.key != site.key {
            named.append(sites.places[entry.place])
            if named.count == 3 { break }
        }
        let list =
            otherCount > 3
            ? "\(named.joined(separator: ", ")) and \(otherCount - 3) more" : named.joined(separator: ", ")
        return context.finding(
            ruleID, at: context.range(ofToken: site.typeToken),
            message: "`\(typeName)` is also created in \(list); the app should own exactly one",
            evidence: ["constructed in \(sites.places[site.place]) and in \(list)"])
    }

    /// The property a construction is stored in: `provider = CXProvider(…)`, `self.provider = …`, or the
    /// property's own initializer; nil for locals and anything else.
    static func storedProperty(of call: Call, in context: AnalysisContext, declarations: VariableStarts) -> String? {
        let tokens = context.file.tokens
        let start = call.callee.lowerBound
        if let property = declarations.propertyInitializedAt[start] { return context.file.name(at: property) }
        guard start >= 2, tokens[start - 1].kind == .equal, tokens[start - 2].kind == .identifier,
            declarations.declaredAt[start - 2] == nil
        else { return nil }
        let name = context.file.name(at: start - 2)
        var before = start - 3
        if before >= 0, tokens[before].kind == .postfixQuestionMark { before -= 1 }
        if before >= 1, tokens[before].kind == .period { return tokens[before - 1].keyword == .self ? name : nil }
        let isLocal = context.facts.lookup(name: name, at: start - 2).map {
            context.outline.variables[$0].kind != .property
        }
        return isLocal == false ? name : nil
    }

    /// Where the file's variables are declared, indexed once per file so each construction looks up in O(1).
    struct VariableStarts {
        /// Name token → variable index, for every declaration (`let provider = …` declares, never assigns).
        var declaredAt: [Int: Int] = [:]
        /// First initializer token → the property's name token.
        var propertyInitializedAt: [Int: Int] = [:]

        init(_ outline: SyntaxOutline) {
            for (index, variable) in outline.variables.enumerated() {
                declaredAt[variable.nameToken] = index
                if variable.kind == .property, let initializer = variable.initializer {
                    propertyInitializedAt[initializer.lowerBound] = variable.nameToken
                }
            }
        }
    }

    /// Names whose value the file invalidates (`provider.invalidate()`, `self.provider?.invalidate()`).
    static func invalidatedNames(in context: AnalysisContext) -> Set<String> {
        var names: Set<String> = []
        for call in context.outline.calls
        where context.file.token(context.file.tokens[call.nameToken], is: "invalidate") {
            if let last = call.receiver.last(where: { context.file.tokens[$0].kind == .identifier }) {
                names.insert(context.file.name(at: last))
            }
        }
        return names
    }

    /// Why the construction at `token` runs per call, per push, per view or per iteration; nil when it is
    /// a once-per-owner construction.
    func perCallReason(at token: Int, in context: AnalysisContext, scopes: PerCallScopes) -> (String?, Confidence?) {
        let outline = context.outline
        let file = context.file
        if scopes.loopBodies.contains(where: { $0.contains(token) }) { return ("inside a loop", .high) }
        if let property = scopes.computedProperties.first(where: { $0.body.contains(token) }) {
            return ("in the computed property `\(file.name(at: property.name))`, on every access", .medium)
        }
        guard let function = outline.enclosingFunction(at: token) else { return (nil, nil) }
        let selector = outline.selector(ofFunction: function, in: context.file)
        if CallRoles.actionHandlerSelectors.contains(selector) || CallRoles.pushHandlerSelectors.contains(selector) {
            return ("inside `\(selector)`, once per action or push", .high)
        }
        guard outline.functions[function].kind == .function else { return (nil, nil) }
        let name = file.name(at: outline.functions[function].nameToken)
        if Self.viewLifecycleNames.contains(name) {
            // A view is per call only when it is a call screen; the app's root view runs this once.
            let owner = context.facts.enclosingType(at: token).map { context.facts.typeNames[$0] } ?? ""
            guard CallRoles.lastMatch(CallRoles.words(of: owner), in: Self.callScreenWords) != nil else {
                return (nil, nil)
            }
            return ("in `\(selector)`, once per view", .medium)
        }
        let isPerCall = CallRoles.isPerCallName(name)
        if isPerCall { return ("in `\(selector)`, once per call", .medium) }
        return (nil, nil)
    }
}

/// Token ranges that run more than once per owner, collected once per file (not once per construction).
struct PerCallScopes {
    /// Bodies of `for`, `while` and `repeat` loops.
    var loopBodies: [Range<Int>] = []
    /// Accessor bodies of computed properties, with the property's name token.
    var computedProperties: [(name: Int, body: Range<Int>)] = []

    init(_ context: AnalysisContext) {
        let outline = context.outline
        for statement in outline.statements
        where statement.kind == .forIn || statement.kind == .while || statement.kind == .repeatWhile {
            if let body = statement.blocks.first { loopBodies.append(outline.blocks[body].range) }
        }
        for variable in outline.variables
        where variable.kind == .property && variable.initializer == nil && !variable.accessorBlocks.isEmpty {
            for block in variable.accessorBlocks {
                computedProperties.append((variable.nameToken, outline.blocks[block].range))
            }
        }
    }
}
