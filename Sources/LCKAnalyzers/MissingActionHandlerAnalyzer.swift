import LCKCore
import LCKLexer
import LCKParser

/// Flags an advertised capability (hold, group, ungroup, DTMF; LCK `.pausing`, `.merging`,
/// `.unmerging`, `.playingTones`) whose action nobody handles, and a provider/manager delegate that
/// handles some actions but not start, answer/join or end.
///
/// Per file and conservative: a capability is only judged when the file also holds perform handlers
/// (the delegate lives here), and a delegate type only when it has handlers in this file. Handlers in
/// other files (extensions split across files) are the known blind spot; a delegate is only judged in the
/// file holding its primary declaration.
public struct MissingActionHandlerAnalyzer: Analyzer {
    public let ruleID = "missing_action_handler"

    public init() {}

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
        ["CXStartCallAction", "StartConversationAction"], ["CXAnswerCallAction", "JoinConversationAction"],
        ["CXEndCallAction", "EndConversationAction"],
    ]
    static let delegateProtocols: Set<String> = ["CXProviderDelegate", "ConversationManagerDelegate"]

    public func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let parameters = context.metadata(for: ruleID)?.parameters
        let capabilityActions = parameters?.stringTable("capabilityActions") ?? Self.defaultCapabilityActions
        var required = Self.defaultRequiredActions
        if let groups = parameters?["requiredActions"]?.arrayValue {
            required = groups.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }.filter { !$0.isEmpty }
        }
        let handlers = handledActions(in: context)
        let handledAnywhere = Set(handlers.flatMap(\.value))
        if !handlers.isEmpty {
            checkCapabilities(context, capabilityActions: capabilityActions, handled: handledAnywhere, into: &findings)
        }
        checkDelegates(context, handlers: handlers, required: required, into: &findings)
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
        into findings: inout [Finding]
    ) {
        let file = context.file
        let tokens = file.tokens
        for access in context.outline.memberAccesses {
            let name = file.name(at: access.member)
            guard let actions = capabilityActions[name] else { continue }
            let next = access.member + 1 < tokens.count ? tokens[access.member + 1] : nil
            if name.hasPrefix("supports") {
                guard next?.kind == .equal, access.member + 2 < tokens.count,
                    tokens[access.member + 2].keyword != .false
                else { continue }
            } else {
                guard next?.kind != .leftParen, next?.kind != .equal, isCapabilityContext(access, in: context) else {
                    continue
                }
            }
            guard !actions.contains(where: handled.contains) else { continue }
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: access.member),
                    message: "The capability `\(name)` is advertised, but no perform handler in this file handles "
                        + "\(actions.map { "`\($0)`" }.joined(separator: " or ")); the system shows the control and "
                        + "the action is never answered",
                    evidence: ["capability `\(name)`", "handled here: \(handled.sorted().joined(separator: ", "))"]))
        }
    }

    /// `.pausing` counts when it is `Conversation.Capabilities.pausing` or sits in an expression that
    /// mentions `capabilities` (argument label, property or `insert` receiver) on the same line.
    func isCapabilityContext(_ access: MemberAccess, in context: AnalysisContext) -> Bool {
        let file = context.file
        let tokens = file.tokens
        if let last = access.receiver.last { return file.token(tokens[last], is: "Capabilities") }
        var index = access.period - 1
        var steps = 0
        while index >= 0, steps < 40 {
            let token = tokens[index]
            if token.kind == .identifier, file.token(token, is: "capabilities") || file.token(token, is: "Capabilities") {
                return true
            }
            if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon { return false }
            if token.flags.contains(.atStartOfLine), token.kind != .period { return false }
            index -= 1
            steps += 1
        }
        return false
    }

    func checkDelegates(
        _ context: AnalysisContext, handlers: [String: Set<String>], required: [[String]], into findings: inout [Finding]
    ) {
        let file = context.file
        var seen: Set<String> = []
        for type in context.outline.types {
            let name = file.name(at: type.nameToken)
            let conforms = context.facts.conformances(of: name).contains(where: Self.delegateProtocols.contains)
            // Only the type's own declaration: an extension here suggests the body lives in another file.
            guard type.kind != .extension, type.kind != .protocol, conforms, !seen.contains(name), let handled = handlers[name], !handled.isEmpty else { continue }
            seen.insert(name)
            let missing = required.filter { group in !group.contains(where: handled.contains) }
            guard !missing.isEmpty else { continue }
            let onlyStart = missing.count == 1 && (missing[0].first?.contains("Start") ?? false)
            let names = missing.map { "`\($0[0])`/`\($0.count > 1 ? $0[1] : $0[0])`" }
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: type.nameToken),
                    message: "`\(name)` handles some actions but not \(names.joined(separator: ", ")); "
                        + "those actions will never be fulfilled and time out",
                    confidence: onlyStart ? .low : nil,
                    evidence: ["handles: \(handled.sorted().joined(separator: ", "))"]))
        }
    }
}
