import LCKCore
import LCKLexer
import LCKParser

/// Flags `CXProvider(configuration:)` / `ConversationManager(configuration:)` built in per-call code
/// or in the view lifecycle of a call screen, and every construction of a file that has more than one construction site (if/else
/// alternatives inside one function count as one site).
///
/// Apple asks for one provider for the app's lifetime. A stored property, `lazy var`, `static let` or an
/// `init` is a once-per-owner construction and fine on its own; cross-file duplicates need project facts
/// and are not seen here.
public struct MultipleProvidersAnalyzer: Analyzer {
    public let ruleID = "multiple_providers"

    public init() {}

    static let defaultProviderTypes = ["CXProvider", "ConversationManager"]
    static let viewLifecycleNames: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "loadView", "awakeFromNib", "layoutSubviews",
        "tableView", "collectionView", "onAppear",
    ]
    static let testDoubleWords = ["mock", "fake", "stub", "preview", "spy", "dummy"]
    /// Words of a view type that shows one call (`IncomingCallViewController`, `MeetingRoomView`).
    static let callScreenWords = ["call", "incoming", "outgoing", "conversation", "ringing", "dial", "dialer", "meeting", "room"]

    struct Site {
        var typeToken: Int
        var typeName: String
        var owner: String
        /// Sites with the same key are alternatives of one construction (if/else in one function).
        var key: String
        var place: String
        var reason: String?
        var confidence: Confidence?
    }

    public func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let file = context.file
        let providerTypes = context.metadata(for: ruleID)?.parameters.strings("providerTypes") ?? Self.defaultProviderTypes
        var sites: [Site] = []
        for call in context.outline.calls {
            guard let typeToken = CallRoles.constructedTypeToken(of: call, in: file),
                providerTypes.contains(file.name(at: typeToken)),
                let label = call.arguments.first?.label, file.token(file.tokens[label], is: "configuration")
            else { continue }
            let owner = context.outline.enclosingType(at: typeToken).map { context.facts.typeNames[$0] } ?? "file scope"
            if CallRoles.lastMatch(CallRoles.words(of: owner), in: Self.testDoubleWords) != nil { continue }
            let function = context.outline.enclosingFunction(at: typeToken)
            let key = function.map { "f\($0)" } ?? "t\(typeToken)"
            let place = function.map { "`\(owner).\(context.outline.selector(ofFunction: $0, in: file))`" } ?? "`\(owner)`"
            var site = Site(
                typeToken: typeToken, typeName: file.name(at: typeToken), owner: owner, key: key, place: place)
            (site.reason, site.confidence) = perCallReason(at: typeToken, in: context)
            sites.append(site)
        }
        for site in sites {
            if let reason = site.reason {
                findings.append(
                    context.finding(
                        ruleID, at: context.range(ofToken: site.typeToken),
                        message: "`\(site.typeName)` is created \(reason); create one for the app's lifetime and reuse it",
                        confidence: site.confidence, evidence: [reason]))
                continue
            }
            let others = Set(sites.filter { $0.typeName == site.typeName && $0.key != site.key }.map(\.place))
            guard !others.isEmpty else { continue }
            let list = others.sorted().joined(separator: ", ")
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: site.typeToken),
                    message: "`\(site.typeName)` is also created in \(list); the app should own exactly one",
                    evidence: ["constructed in \(site.place) and in \(list)"]))
        }
    }

    /// Why the construction at `token` runs per call, per push, per view or per iteration; nil when it is
    /// a once-per-owner construction.
    func perCallReason(at token: Int, in context: AnalysisContext) -> (String?, Confidence?) {
        let outline = context.outline
        let file = context.file
        for statement in outline.statements
        where statement.kind == .forIn || statement.kind == .while || statement.kind == .repeatWhile {
            guard statement.range.contains(token), let body = statement.blocks.first,
                outline.blocks[body].range.contains(token)
            else { continue }
            return ("inside a loop", .high)
        }
        for variable in outline.variables where variable.kind == .property && !variable.accessorBlocks.isEmpty {
            guard variable.initializer == nil,
                variable.accessorBlocks.contains(where: { outline.blocks[$0].range.contains(token) })
            else { continue }
            return ("in the computed property `\(file.name(at: variable.nameToken))`, on every access", .medium)
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
            let owner = outline.enclosingType(at: token).map { context.facts.typeNames[$0] } ?? ""
            guard CallRoles.lastMatch(CallRoles.words(of: owner), in: Self.callScreenWords) != nil else { return (nil, nil) }
            return ("in `\(selector)`, once per view", .medium)
        }
        let isPerCall = CallRoles.isPerCallName(name)
        if isPerCall { return ("in `\(selector)`, once per call", .medium) }
        return (nil, nil)
    }
}
