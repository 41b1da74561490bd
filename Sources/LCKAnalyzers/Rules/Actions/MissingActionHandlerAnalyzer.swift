import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Flags an advertised capability (hold, group, ungroup, DTMF; LCK `.pausing`, `.merging`,
/// `.unmerging`, `.playingTones`) whose action nobody handles, and a provider/manager delegate that
/// handles some actions but not start, answer/join or end.
///
/// With a scan's pre-pass (its project hook collects `ActionFacts`), handlers anywhere in the scanned
/// files count.
/// Alone, it is per file and conservative: a capability is only judged when the file also holds
/// perform handlers, and a delegate type only when it has handlers in this file. A delegate is only
/// judged in the file holding its primary declaration.
package struct MissingActionHandlerAnalyzer: Analyzer {
    package let ruleID = "missing_action_handler"

    package init() {}

    /// Each capability's action in both frameworks; `checkCapabilities` keeps the one of the capability's
    /// own framework, so in a half-migrated app the other framework's handler does not count.
    static let defaultCapabilityActions: [String: [String]] = [
        "supportsHolding": ["CXSetHeldCallAction", "PauseConversationAction"],
        "supportsGrouping": ["CXSetGroupCallAction", "MergeConversationAction"],
        "supportsUngrouping": ["CXSetGroupCallAction", "UnmergeConversationAction"],
        "supportsDTMF": ["CXPlayDTMFCallAction", "PlayToneAction"],
        "pausing": ["PauseConversationAction", "CXSetHeldCallAction"],
        "merging": ["MergeConversationAction", "CXSetGroupCallAction"],
        "unmerging": ["UnmergeConversationAction", "CXSetGroupCallAction"],
        "playingTones": ["PlayToneAction", "CXPlayDTMFCallAction"],
    ]
    static let defaultRequiredActions = [
        ["CXAnswerCallAction", "JoinConversationAction"], ["CXEndCallAction", "EndConversationAction"],
    ]
    /// Required even of an app that never dials: its calls are listed in Recents, and a redial from there or
    /// from Siri comes back to the app to be started as an outgoing call. One delegate type handling it is
    /// enough: a second, incoming-only delegate is `multiple_providers`' concern, not this rule's.
    static let defaultRequiredUnlessAnotherDelegateHandles = [["CXStartCallAction", "StartConversationAction"]]
    static let delegateProtocols: Set<String> = ["CXProviderDelegate", "ConversationManagerDelegate"]

    /// Project-wide action facts, the analyzer's pre-pass contribution: merge `actionFacts(in:)` of
    /// every file and pass the result to `analyze(_:project:into:)`.
    package struct ActionFacts: ProjectFact, Hashable {
        package static let key = FactKey<ActionFacts>()
        /// Owner type name ("" for free functions) → action type names its perform handlers take.
        package var handledByType: [String: Set<String>] = [:]
        /// Every action type handled by any owner, kept by `init` and `merge`, so a file can consult the
        /// project without walking every owner type (which made per-file work grow with the project).
        package private(set) var handledAnywhere: Set<String> = []

        package init(handledByType: [String: Set<String>] = [:]) {
            self.handledByType = handledByType
            handledAnywhere = Set(handledByType.values.joined())
        }

        package func merging(_ other: ActionFacts) -> ActionFacts {
            var merged = self
            merged.merge(other)
            return merged
        }

        package mutating func merge(_ other: ActionFacts) {
            for (type, actions) in other.handledByType { handledByType[type, default: []].formUnion(actions) }
            handledAnywhere.formUnion(other.handledAnywhere)
        }
    }

    /// This file's contribution to the project-wide `ActionFacts`.
    package static func actionFacts(in context: AnalysisContext) -> ActionFacts {
        let analyzer = MissingActionHandlerAnalyzer()
        return ActionFacts(handledByType: analyzer.handledActions(in: context))
    }

    /// Findings sit at capability members or at types adopting the delegate protocols (conformances
    /// come from this file's own declarations, so the protocol name is spelled here).
    package func triggerNames(rules: RuleTable) -> Set<String>? {
        let capabilities =
            rules.analyzer(id: ruleID)?.parameters.stringTable("capabilityActions") ?? Self.defaultCapabilityActions
        return Set(capabilities.keys).union(Self.delegateProtocols)
    }

    /// LiveCommunicationKit capability names (`merging`, `pausing`) are common words, but they only
    /// count next to `capabilities`/`Capabilities` (`isCapabilityContext`); CallKit's `supports…` names
    /// count on any receiver, and delegate findings need a delegate protocol in the file.
    package func prefilterNames(rules: RuleTable) -> Set<String>? {
        guard let triggers = triggerNames(rules: rules) else { return nil }
        return Set(triggers.filter { $0.hasPrefix("supports") || Self.delegateProtocols.contains($0) })
            .union(["capabilities", "Capabilities"])
    }

    /// Files without a CallKit marker still matter when they hold LiveCommunicationKit handlers or
    /// capabilities; every such file names a `Conversation…` type.
    package var projectMarkers: [[UInt8]] { [Array("Conversation".utf8)] }

    /// The handlers and requested actions of one file of the pre-pass.
    package func projectFacts(in context: AnalysisContext) -> (any ProjectFact)? {
        Self.actionFacts(in: context)
    }

    /// Uses the scan's project-wide action facts when a pre-pass collected them.
    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        analyze(context, project: context.project.fact(ActionFacts.key), into: &findings)
    }

    /// With `project`, capabilities are checked against handlers anywhere in the project (so a
    /// capability file without handlers is judged too), delegate types against all their extensions,
    /// and the start handler is required unless another delegate type of the project handles starts.
    package func analyze(_ context: AnalysisContext, project: ActionFacts?, into findings: inout [Finding]) {
        analyze(context, project: project, into: &findings, work: Counter())
    }

    /// `analyze(_:project:into:)`, adding the variables the capability folding reads to `work` (the
    /// linearity tests).
    func analyze(_ context: AnalysisContext, project: ActionFacts?, into findings: inout [Finding], work: Counter) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let capabilityActions = parameters?.stringTable("capabilityActions") ?? Self.defaultCapabilityActions
        let required = Self.groups(parameters?["requiredActions"]) ?? Self.defaultRequiredActions
        let requiredUnlessHandled =
            Self.groups(parameters?["requiredUnlessAnotherDelegateHandles"])
            ?? Self.defaultRequiredUnlessAnotherDelegateHandles
        var facts = Self.actionFacts(in: context)
        if let project {
            // Only what this file needs from the project: handlers of the types it declares (the only
            // keys `checkDelegates` reads), all handled and requested action types. Merging the whole
            // project here made every file cost as much as the project.
            for type in context.outline.types {
                let name = context.file.name(at: type.nameToken)
                if let more = project.handledByType[name] { facts.handledByType[name, default: []].formUnion(more) }
            }
        }
        let handledAnywhere = Set(facts.handledByType.values.joined()).union(project?.handledAnywhere ?? [])
        if !handledAnywhere.isEmpty {
            checkCapabilities(
                context, capabilityActions: capabilityActions, handled: handledAnywhere, into: &findings, work: work)
        }
        let needed = required + requiredUnlessHandled.filter { handledAnywhere.isDisjoint(with: $0) }
        checkDelegates(context, handlers: facts.handledByType, required: needed, into: &findings)
    }

    static func groups(_ value: JSONValue?) -> [[String]]? {
        value?.arrayValue.map { $0.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }.filter { !$0.isEmpty } }
    }

    /// Action types handled per owner type name ("" for free functions): perform-overload parameter
    /// types, and cast types inside perform handlers (`case let x as T`, `as? T`, `is T`).
    func handledActions(in context: AnalysisContext) -> [String: Set<String>] {
        let outline = context.outline
        let file = context.file
        var result: [String: Set<String>] = [:]
        for (index, function) in outline.functions.enumerated() {
            guard CallRoles.actionHandlerSelectors.contains(outline.selector(ofFunction: index, in: file)),
                let body = function.body
            else { continue }
            let owner = function.enclosingType.map { context.facts.typeNames[$0] } ?? ""
            var handled = result[owner] ?? []
            if function.parameters.count == 2, let type = function.parameters[1].type?.nameToken {
                let name = file.name(at: type)
                if name != "CXAction", name != "ConversationAction" { handled.insert(name) }
            }
            for cast in outline.casts where body.contains(cast.operatorToken) {
                if let type = cast.type.nameToken { handled.insert(file.name(at: type)) }
            }
            result[owner] = handled
        }
        return result
    }

    func checkCapabilities(
        _ context: AnalysisContext, capabilityActions: [String: [String]], handled: Set<String>,
        into findings: inout [Finding], work: Counter
    ) {
        let file = context.file
        let tokens = file.tokens
        let external = context.project.fact(ValueFacts.key)
        // One folding for the file: a new one per assignment indexed every property again, quadratic in a
        // file of many (issue 29, the `samples-apps` shape).
        var folding = BoolFolding(context: context, external: external)
        defer { work.value += folding.propertiesIndexed }
        for access in context.outline.memberAccesses {
            let name = file.name(at: access.member)
            // CallKit capabilities are `supports…` properties; their actions are the `CX…` ones.
            let isCallKit = name.hasPrefix("supports")
            guard let actions = capabilityActions[name]?.filter({ $0.hasPrefix("CX") == isCallKit }), !actions.isEmpty
            else { continue }
            let next = access.member + 1 < tokens.count ? tokens[access.member + 1] : nil
            var folded: String?
            // Medium when the flag's value, or that the member is a capability at all, is not known from
            // the sources (a value read at run time, a build configuration, a name seen on the same line).
            var unresolved: String?
            if name.hasPrefix("supports") {
                guard next?.kind == .equal, access.member + 2 < tokens.count else { continue }
                // `= false`, or a `let` constant (through others) that is `false` in every build configuration.
                let value = UnretainedDelegateAnalyzer.rightHandSide(after: access.member + 1, in: context)
                folding.startFold()
                guard !value.isEmpty, !folding.isAlwaysFalse(value) else { continue }
                if value.count > 1 || tokens[value.lowerBound].kind == .identifier {
                    let values = folding.values(of: value)
                    let shown = "`\(file.text(of: value))`"
                    if values == [true] { folded = "\(shown) is true" }
                    if values.contains(true), values.contains(false) {
                        folded = "\(shown) is true in some build configuration"
                    }
                    if values != [true] {
                        unresolved =
                            folded == nil
                            ? "not high: the value of \(shown) is not known from the sources"
                            : "not high: true only in some build configuration"
                    }
                }
            } else {
                guard next?.kind != .leftParen, next?.kind != .equal, isCapabilityContext(access, in: context) else {
                    continue
                }
                if !(access.receiver.last.map { file.token(tokens[$0], is: "Capabilities") } ?? false) {
                    unresolved = "not high: taken as a capability from the words on its line"
                }
            }
            guard !actions.contains(where: handled.contains) else { continue }
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: access.member),
                    message: "The capability `\(name)` is advertised, but no perform handler handles "
                        + "\(actions.map { "`\($0)`" }.joined(separator: " or ")); the system shows the control and "
                        + "the action is never answered",
                    confidence: unresolved == nil ? .high : .medium,
                    evidence: ["capability `\(name)`", "handled here: \(handled.sorted().joined(separator: ", "))"]
                        + (folded.map { [$0] } ?? []) + (unresolved.map { [$0] } ?? [])))
        }
    }

    /// `.pausing` counts when it is `Conversation.Capabilities.pausing` or sits in an expression that
    /// mentions `capabilities` (argument label, property, `insert` receiver, or a variable typed
    /// `Conversation.Capabilities`) on the same line.
    func isCapabilityContext(_ access: MemberAccess, in context: AnalysisContext) -> Bool {
        let file = context.file
        let tokens = file.tokens
        if let last = access.receiver.last { return file.token(tokens[last], is: "Capabilities") }
        var index = access.period - 1
        var steps = 0
        while index >= 0, steps < 40 {
            let token = tokens[index]
            if token.kind == .identifier {
                if file.token(token, is: "capabilities") || file.token(token, is: "Capabilities") { return true }
                if context.facts.typeOf(name: file.name(at: index), at: index) == "Capabilities" { return true }
            }
            if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon { return false }
            if token.flags.contains(.atStartOfLine), token.kind != .period { return false }
            index -= 1
            steps += 1
        }
        return false
    }

    func checkDelegates(
        _ context: AnalysisContext, handlers: [String: Set<String>], required: [[String]],
        into findings: inout [Finding]
    ) {
        let file = context.file
        var seen: Set<String> = []
        for type in context.outline.types {
            let name = file.name(at: type.nameToken)
            let conforms = context.facts.conformances(of: name).contains(where: Self.delegateProtocols.contains)
            // Only the type's own declaration: an extension here suggests the body lives in another file.
            guard type.kind != .extension, type.kind != .protocol, conforms, !seen.contains(name),
                let handled = handlers[name], !handled.isEmpty
            else { continue }
            seen.insert(name)
            let missing = required.filter { group in !group.contains(where: handled.contains) }
            guard !missing.isEmpty else { continue }
            let names = missing.map { "`\($0[0])`/`\($0.count > 1 ? $0[1] : $0[0])`" }
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: type.nameToken),
                    message: "`\(name)` handles some actions but not \(names.joined(separator: ", ")); "
                        + "those actions will never be fulfilled and time out",
                    evidence: ["handles: \(handled.sorted().joined(separator: ", "))"]))
        }
    }
}
