import LCKCore
import LCKLexer
import LCKParser

/// A PushKit incoming-push delegate method and the internal names of its parameters.
package struct PushHandler {
    package var function: Int
    package var payload: String?
    /// The `for type: PKPushType` parameter (absent in the iOS 26.4 VoIP-only variants).
    var type: String?
    var metadata: String?
    /// The completion handler, in the variants that have one.
    package var completion: String?
    package var isAsync: Bool

    /// Every PushKit delegate method that receives an incoming push.
    package static let selectors: Set<String> = [
        "pushRegistry(_:didReceiveIncomingPushWith:for:completion:)",
        "pushRegistry(_:didReceiveIncomingPushWith:for:)",
        "pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)",
        "pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:)",
    ]

    package static func all(in syntax: StatementSyntax) -> [PushHandler] {
        syntax.functions(withSelectors: selectors).map { function in
            PushHandler(
                function: function,
                payload: syntax.parameterName(function, label: "didReceiveIncomingPushWith")
                    ?? syntax.parameterName(function, label: "didReceiveIncomingVoIPPushWith"),
                type: syntax.parameterName(function, label: "for"),
                metadata: syntax.parameterName(function, label: "metadata"),
                completion: syntax.parameterName(function, label: "completion")
                    ?? syntax.parameterName(function, label: "withCompletionHandler"),
                isAsync: syntax.outline.functions[function].isAsync)
        }
    }
}

/// Calls that run their closure before they return, so work inside it happens "now".
package let synchronousClosureCallers: Set<String> = [
    "sync", "performAndWait", "run", "forEach", "map", "compactMap", "flatMap", "filter", "first", "contains",
    "withLock", "autoreleasepool", "reduce", "sorted", "allSatisfy", "withCheckedContinuation",
    "withCheckedThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup",
]

extension StatementSyntax {
    /// Whether a branch of an `if`/`guard`/`switch` only runs for pushes that need no call report:
    /// the false side of `type == .voIP` or of `metadata.mustReport`, the true side of their negations,
    /// and the non-VoIP cases of a `switch type` that has a `.voIP` case.
    package func isNonVoIPBranch(_ statement: Int, _ branch: PathBranch) -> Bool {
        let record = outline.statements[statement]
        switch record.kind {
        case .if, .guard:
            guard let condition = record.condition, let meansVoIP = voipPolarity(of: condition) else { return false }
            switch branch {
            case .then: return record.kind == .if && !meansVoIP
            case .otherwise: return meansVoIP
            case .switchCase: return false
            }
        case .switch:
            guard case .switchCase(let position) = branch, let condition = record.condition,
                condition.contains(where: { file.tokens[$0].kind == .identifier }),
                outline.blocks.indices.contains(record.blocks[safeIndex: position] ?? -1)
            else { return false }
            let caseBlock = outline.blocks[record.blocks[position]]
            let subjectIsType = condition.contains {
                file.name(at: $0) == "type" || file.name(at: $0).hasSuffix("Type")
            }
            // Only a switch over the PushKit type has a `.voIP` case; an app's own push kinds
            // (`switch vonagePushType { case .incomingCall: … default: … }`) owe a report everywhere.
            let hasVoIPCase = record.blocks.contains { block in
                outline.blocks[block].header?.contains { file.name(at: $0) == "voIP" } ?? false
            }
            guard subjectIsType, hasVoIPCase else { return false }
            guard let header = caseBlock.header else { return true }
            return !header.contains { file.name(at: $0) == "voIP" }
        default:
            return false
        }
    }

    /// Whether a branch only runs before iOS 13, where PushKit does not require a call report: the
    /// else side of `#available(iOS 13…)`, the then side of `#unavailable(iOS 13…)`, and the side of a
    /// `…majorVersion` comparison with 13 (or 12) that means an older system.
    package func isPreReportingSystemBranch(_ statement: Int, _ branch: PathBranch) -> Bool {
        let record = outline.statements[statement]
        guard record.kind == .if || record.kind == .guard, let condition = record.condition,
            let conditionMeansModern = modernSystemPolarity(of: condition)
        else { return false }
        switch branch {
        case .then: return record.kind == .if && !conditionMeansModern
        case .otherwise: return conditionMeansModern
        case .switchCase: return false
        }
    }

    /// True when the condition holding means "iOS 13 or later", false when it means "before iOS 13",
    /// nil when it is not such a check.
    func modernSystemPolarity(of condition: Range<Int>) -> Bool? {
        for index in condition {
            let token = file.tokens[index]
            if token.kind == .poundAvailable || token.kind == .poundUnavailable {
                // `#available(iOS 13, *)` / `#available(iOS 13.0, *)`: the platform's major version.
                guard
                    let version = condition.first(where: { $0 > index && file.tokens[$0].kind.tokenClass == .number }),
                    let major = Int(file.text(at: version).prefix { $0 != "." }), major == 13
                else { return nil }
                return token.kind == .poundAvailable
            }
            guard file.name(at: index) == "majorVersion", index + 2 < condition.upperBound else { continue }
            let comparison = file.text(at: index + 1)
            guard let bound = Int(file.text(at: index + 2)) else { return nil }
            switch (comparison, bound) {
            case (">=", 13), (">", 12): return true
            case ("<", 13), ("<=", 12): return false
            default: return nil
            }
        }
        return nil
    }

    /// True when the condition holding means "a VoIP push that must be reported", false when it
    /// means the opposite, nil when it says nothing about that.
    func voipPolarity(of condition: Range<Int>) -> Bool? {
        for index in condition {
            let name = file.name(at: index)
            guard name == "voIP" || name == "mustReport" else { continue }
            var positive = true
            if index >= 2, file.tokens[index - 1].kind == .period {
                var start = index - 2
                while start > condition.lowerBound,
                    file.tokens[start - 1].kind == .period || file.tokens[start - 1].kind == .identifier
                {
                    start -= 1
                }
                if start > condition.lowerBound, file.tokens[start - 1].kind == .prefixOperator,
                    file.text(at: start - 1) == "!"
                {
                    positive = false
                }
            }
            let window = max(condition.lowerBound, index - 3)..<min(condition.upperBound, index + 3)
            for other in window {
                let text = file.text(at: other)
                if text == "!=" { positive.toggle() }
                if text == "false", name == "mustReport" { positive.toggle() }
            }
            return positive
        }
        return nil
    }
}

extension Array {
    fileprivate subscript(safeIndex index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
