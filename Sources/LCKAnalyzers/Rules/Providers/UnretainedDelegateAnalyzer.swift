import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Flags a provider, manager or push-registry delegate that nothing keeps alive.
///
/// `CXProvider.setDelegate(_:queue:)`, `ConversationManager.delegate` and `PKPushRegistry.delegate` hold
/// the delegate weakly. A fresh `Foo()` there, or a local `let d = Foo()` that never leaves the function,
/// is released at once and every action then goes unanswered. The same holds for the owner itself: a
/// `PKPushRegistry` (or provider) kept only in a local is released, delegate and VoIP registration with it.
package struct UnretainedDelegateAnalyzer: Analyzer {
    package let ruleID = "unretained_delegate"

    package init() {}

    /// Receiver types whose delegate is weak and call-related.
    static let delegateOwnerTypes: Set<String> = [
        "CXProvider", "ConversationManager", "PKPushRegistry", "CXCallObserver",
    ]
    /// Words in a receiver's name that mark it as such an owner when its type is unknown.
    static let delegateOwnerWords: WordList = ["provider", "manager", "registry", "observer"]

    /// Only files that import CallKit/LCK/PushKit or adopt the delegate protocols are judged.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.callKitOrLCKNames.union(["PushKit"]) }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        guard CallRoles.usesCallKitOrLCK(context) || Self.importsPushKit(context) else { return }
        let file = context.file
        let tokens = file.tokens
        for call in context.outline.calls where file.token(tokens[call.nameToken], is: "setDelegate") {
            guard let first = call.arguments.first, first.label == nil, !first.value.isEmpty else { continue }
            report(value: first.value, site: call.nameToken, in: context, into: &findings)
        }
        for access in context.outline.memberAccesses where file.token(tokens[access.member], is: "delegate") {
            let equal = access.member + 1
            guard equal < tokens.count, tokens[equal].kind == .equal, isDelegateOwner(access.receiver, in: context)
            else { continue }
            let value = Self.rightHandSide(after: equal, in: context)
            guard !value.isEmpty else { continue }
            report(value: value, site: access.member, in: context, into: &findings)
        }
        reportLocalOwners(in: context, into: &findings)
    }

    /// Owners that hold their delegate (and, for PushKit, the VoIP registration) only while they live, with how
    /// sure a local of that type is a mistake: a registry that is gone delivers no push at all.
    static let unretainedOwnerConfidence: [String: Confidence] = [
        "PKPushRegistry": .high, "CXProvider": .medium, "ConversationManager": .medium,
    ]
    /// How many local owners of one file are checked; each check reads the local's scope once, so the bound
    /// keeps a file of thousands of such locals linear.
    static let maximumLocalOwners = 64

    /// `let registry = PKPushRegistry(queue: .main)` in a function, used only as a receiver afterwards: the
    /// registry (or provider) and its delegate wiring are released when the function returns.
    func reportLocalOwners(in context: AnalysisContext, into findings: inout [Finding]) {
        let file = context.file
        var checked = 0
        for (index, variable) in context.outline.variables.enumerated() where variable.kind == .local {
            guard let initializer = variable.initializer,
                let type = CallRoles.freshInstanceType(initializer, in: context),
                let confidence = Self.unretainedOwnerConfidence[file.name(at: type)]
            else { continue }
            checked += 1
            if checked > Self.maximumLocalOwners { return }
            guard !escapes(index, besides: -1, in: context) else { continue }
            let name = file.name(at: variable.nameToken)
            let typeName = file.name(at: type)
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: type),
                    message: "The `\(typeName)` lives only in the local `\(name)`, so it and its delegate are released "
                        + "when the function returns\(typeName == "PKPushRegistry" ? " and VoIP pushes never arrive" : "")"
                        + "; keep it in a long-lived property",
                    confidence: confidence,
                    evidence: ["local `\(name)` = \(file.text(of: initializer))", "no use stores it"]))
        }
    }

    static func importsPushKit(_ context: AnalysisContext) -> Bool {
        context.outline.imports.contains { context.file.token(context.file.tokens[$0.moduleToken], is: "PushKit") }
    }

    func report(value: Range<Int>, site: Int, in context: AnalysisContext, into findings: inout [Finding]) {
        let file = context.file
        if let type = CallRoles.freshInstanceType(value, in: context) {
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: site),
                    message: "A new `\(file.name(at: type))` is the delegate, but delegates are held weakly: "
                        + "it is released at once and actions reach nobody; store it in a long-lived property first",
                    confidence: .high, evidence: ["fresh instance `\(file.text(of: value))`"]))
            return
        }
        guard value.count == 1, file.tokens[value.lowerBound].kind == .identifier,
            let local = context.facts.lookup(name: file.name(at: value.lowerBound), at: value.lowerBound),
            context.outline.variables[local].kind == .local,
            let initializer = context.outline.variables[local].initializer,
            let type = CallRoles.freshInstanceType(initializer, in: context),
            !escapes(local, besides: value.lowerBound, in: context)
        else { return }
        let name = file.name(at: context.outline.variables[local].nameToken)
        findings.append(
            context.finding(
                ruleID, at: context.range(ofToken: site),
                message: "The delegate is the local `\(name)` (a new `\(file.name(at: type))`), which nothing keeps "
                    + "after the function returns; delegates are held weakly, so store it in a property",
                confidence: .medium,
                evidence: ["local `\(name)` = \(file.text(of: initializer))", "no other use stores it"]))
    }

    /// Whether the local is used as a value anywhere besides `site` (assigned, passed, returned,
    /// captured): then something may keep it and the analyzer stays quiet.
    func escapes(_ local: Int, besides site: Int, in context: AnalysisContext) -> Bool {
        let file = context.file
        let tokens = file.tokens
        let variable = context.outline.variables[local]
        let name = file.name(at: variable.nameToken)
        var index = variable.scope.lowerBound
        while index < min(variable.scope.upperBound, tokens.count) {
            defer { index += 1 }
            guard index != site, index != variable.nameToken, tokens[index].kind == .identifier,
                file.name(at: index) == name
            else { continue }
            if index > 0, tokens[index - 1].kind == .period { continue }
            let isReceiver = index + 1 < tokens.count && tokens[index + 1].kind == .period
            let inClosure = !context.outline.closures(in: variable.scope).allSatisfy {
                !context.outline.closures[$0].range.contains(index)
            }
            if !isReceiver || inClosure { return true }
        }
        return false
    }

    /// `manager.delegate = …` only when the receiver is a provider/manager/registry/observer.
    func isDelegateOwner(_ receiver: Range<Int>, in context: AnalysisContext) -> Bool {
        guard let last = receiver.last, context.file.tokens[last].kind == .identifier else { return false }
        let name = context.file.name(at: last)
        if let type = context.facts.typeOf(name: name, at: last), Self.delegateOwnerTypes.contains(type) { return true }
        return CallRoles.lastMatch(CallRoles.words(of: name), in: Self.delegateOwnerWords) != nil
    }

    /// The expression after `=` up to the end of the line (bracketed groups may span lines).
    static func rightHandSide(after equal: Int, in context: AnalysisContext) -> Range<Int> {
        let tokens = context.file.tokens
        var index = equal + 1
        while index < tokens.count {
            let kind = tokens[index].kind
            if index > equal + 1, tokens[index].flags.contains(.atStartOfLine), kind != .period { break }
            if kind == .semicolon || kind == .rightBrace || kind == .rightParen || kind == .rightSquare
                || kind == .comma
            {
                break
            }
            if kind == .leftParen || kind == .leftBrace || kind == .leftSquare,
                let match = context.outline.matchingIndex(of: index), match > index
            {
                index = match + 1
                continue
            }
            index += 1
        }
        return (equal + 1)..<index
    }
}
