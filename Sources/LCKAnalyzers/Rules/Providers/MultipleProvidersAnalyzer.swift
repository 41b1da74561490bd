import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
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

    /// One construction in 24 bytes (no strings): a generated file can hold hundreds of thousands, and
    /// only the findings a file cap keeps get their strings (`finding(for:)`).
    struct Site {
        var typeToken: Int
        /// The property key's id (`Sites.propertyKeys`) or the function index; unused for `.token`.
        var keyValue: Int
        /// Index of the constructed type in `Sites.typeNames`.
        var type: Int32
        var keyKind: SiteKey.Kind
        /// The construction runs per call, per push, per view or per iteration (`perCallReason`).
        var runsPerCall: Bool

        /// Sites with the same key are alternatives of one construction (if/else in one function).
        var key: SiteKey { SiteKey(kind: keyKind, value: keyKind == .token ? typeToken : keyValue) }
    }

    /// A stored property of an owner, else the enclosing function, else the construction's own token.
    struct SiteKey: Hashable {
        enum Kind: UInt8 { case property, function, token }
        var kind: Kind
        var value: Int
    }

    /// A construction key of one type: alternatives of one construction share it.
    struct TypedKey: Hashable {
        var type: Int32
        var key: SiteKey
    }

    /// One type's construction places, one per key, as far as a finding names them.
    struct TypePlaces {
        var keyCount = 0
        /// The first four entries of the type's places sorted (ties in file order): a finding names at most
        /// three others, skipping its own entry.
        var first: [(key: SiteKey, place: String)] = []

        mutating func add(_ key: SiteKey, place: String) {
            keyCount += 1
            if first.count == 4 && !(place < first[3].place) { return }
            first.insert((key, place), at: first.firstIndex { place < $0.place } ?? first.count)
            if first.count > 4 { first.removeLast() }
        }
    }

    /// A file's constructions (pass one).
    struct Sites {
        var sites: [Site] = []
        var typeNames: [String]
        var places: [TypePlaces]
        /// `Owner.property` of property keys, to ids.
        var propertyKeys: [String: Int] = [:]
        /// Sites are in strictly increasing token order (the outline lists nested calls out of order).
        var inTokenOrder = true
        /// Every key seen; token keys only once `inTokenOrder` broke (till then each is new).
        var seenKeys: Set<TypedKey> = []
        /// Built once per file (not once per construction).
        var scopes: PerCallScopes

        init(typeNames: [String], scopes: PerCallScopes) {
            self.typeNames = typeNames
            places = Array(repeating: TypePlaces(), count: typeNames.count)
            self.scopes = scopes
        }

        mutating func propertyKey(_ name: String) -> Int {
            if let known = propertyKeys[name] { return known }
            propertyKeys[name] = propertyKeys.count
            return propertyKeys.count - 1
        }

        /// Adds a site; `place()` makes its place when its key is new.
        mutating func append(_ site: Site, place: () -> String) {
            if inTokenOrder, let last = sites.last, last.typeToken >= site.typeToken {
                inTokenOrder = false
                for old in sites where old.keyKind == .token { seenKeys.insert(TypedKey(type: old.type, key: old.key)) }
            }
            sites.append(site)
            let isNew =
                site.keyKind == .token && inTokenOrder
                || seenKeys.insert(TypedKey(type: site.type, key: site.key)).inserted
            if isNew { places[Int(site.type)].add(site.key, place: place()) }
        }

        func reports(_ site: Site) -> Bool { site.runsPerCall || places[Int(site.type)].keyCount > 1 }
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
        var lastKept = Int.max
        if !sites.inTokenOrder {
            var reportingTokens: [Int] = []
            for site in sites.sites where sites.reports(site) { reportingTokens.append(site.typeToken) }
            if reportingTokens.count > limit { lastKept = reportingTokens.sorted()[max(0, limit - 1)] }
        }
        var built = 0
        var reporting = 0
        for site in sites.sites where sites.reports(site) {
            reporting += 1
            guard built < limit && site.typeToken <= lastKept else { continue }
            findings.append(finding(for: site, in: context, sites: sites))
            built += 1
        }
        return reporting - built
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
            let owner = Self.owner(at: typeToken, in: context)
            if CallRoles.lastMatch(CallRoles.words(of: owner), in: Self.testDoubleWords) != nil { continue }
            let function = sites.scopes.functions.innermost(containing: typeToken)
            // Constructions stored in one property that the app invalidates replace each other: one provider.
            var property: String?
            if !invalidated.isEmpty {
                if declarations == nil { declarations = VariableStarts(context.outline) }
                property = Self.storedProperty(of: call, in: context, declarations: declarations!)
                    .flatMap { invalidated.contains($0) ? $0 : nil }
            }
            var site = Site(
                typeToken: typeToken, keyValue: 0, type: Int32(type), keyKind: .token,
                runsPerCall: perCallReason(at: typeToken, in: context, scopes: sites.scopes).0 != nil)
            if let property {
                (site.keyKind, site.keyValue) = (.property, sites.propertyKey("\(owner).\(property)"))
            } else if let function {
                (site.keyKind, site.keyValue) = (.function, function)
            }
            sites.append(site) { Self.place(owner: owner, function: function, in: context) }
        }
        return sites
    }

    static func owner(at token: Int, in context: AnalysisContext) -> String {
        context.facts.enclosingType(at: token).map { context.facts.typeNames[$0] } ?? "file scope"
    }

    /// `` `Owner.selector` `` of the enclosing function, or `` `Owner` ``.
    static func place(owner: String, function: Int?, in context: AnalysisContext) -> String {
        function.map { "`\(owner).\(context.outline.selector(ofFunction: $0, in: context.file))`" } ?? "`\(owner)`"
    }

    /// Pass two: the finding of one reporting site.
    func finding(for site: Site, in context: AnalysisContext, sites: Sites) -> Finding {
        let typeName = sites.typeNames[Int(site.type)]
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
        let places = sites.places[Int(site.type)]
        let otherCount = places.keyCount - 1
        var named: [String] = []
        for entry in places.first where entry.key != site.key {
            named.append(entry.place)
            if named.count == 3 { break }
        }
        let list =
            otherCount > 3
            ? "\(named.joined(separator: ", ")) and \(otherCount - 3) more" : named.joined(separator: ", ")
        let place = Self.place(
            owner: Self.owner(at: site.typeToken, in: context),
            function: sites.scopes.functions.innermost(containing: site.typeToken), in: context)
        return context.finding(
            ruleID, at: context.range(ofToken: site.typeToken),
            message: "`\(typeName)` is also created in \(list); the app should own exactly one",
            evidence: ["constructed in \(place) and in \(list)"])
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
        if scopes.loops.first(containing: token) != nil { return ("inside a loop", .high) }
        if let property = scopes.computed.first(containing: token).map({ scopes.computedProperties[$0] }) {
            return ("in the computed property `\(file.name(at: property.name))`, on every access", .medium)
        }
        guard let function = scopes.functions.innermost(containing: token) else { return (nil, nil) }
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

/// Token ranges that run more than once per owner, collected once per file (not once per construction),
/// and found by bisection (a scan of every loop, property and function per construction made repeated
/// app code quadratic: issue 29, the `samples-apps` shape).
struct PerCallScopes {
    /// Bodies of `for`, `while` and `repeat` loops.
    var loopBodies: [Range<Int>] = []
    /// Accessor bodies of computed properties, with the property's name token.
    var computedProperties: [(name: Int, body: Range<Int>)] = []
    let loops: ContainingRanges
    let computed: ContainingRanges
    /// Function bodies, for the function a construction is in (`SyntaxOutline.enclosingFunction(at:)`).
    let functions: ContainingRanges

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
        loops = ContainingRanges(loopBodies)
        computed = ContainingRanges(computedProperties.map(\.body))
        functions = ContainingRanges(outline.functions.map(\.body))
    }
}
