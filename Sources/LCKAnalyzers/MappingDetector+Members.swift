import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Member accesses: `receiver.name`, called or not, and bare `name(…)` calls on `self`.
extension FileMatcher {
    /// What the detector knows about the receiver of a member use.
    enum Receiver {
        case known(String)
        /// A member of a framework type whose own type the table does not say (`action.handle`).
        case frameworkMember
        case unknown
    }

    mutating func matchMember(token: Int, candidates: [MappingIndex.MemberCandidate]) {
        let lookups = lookupTables()
        let call = lookups.callByName[token].map { outline.calls[$0] }
        let receiver: Receiver
        if token >= 1, tokens[token - 1].kind == .period {
            guard let access = lookups.accessByMember[token].map({ outline.memberAccesses[$0] }) else { return }
            // `.name` with nothing in front (implicit member, key path): the type is not visible.
            receiver = access.receiver.isEmpty ? .unknown : resolveReceiver(access.receiver)
        } else if let call, call.callee.count == 1 {
            // `reportCall(…)` inside a type: a method of `self`.
            guard let owner = enclosingTypeName(at: token) else { return }
            receiver = .known(owner)
        } else {
            return
        }
        matchMember(token: token, call: call, receiver: receiver, candidates: candidates)
    }

    private mutating func matchMember(
        token: Int, call: Call?, receiver: Receiver, candidates: [MappingIndex.MemberCandidate]
    ) {
        let labels = call.map(callLabels)
        for candidate in candidates {
            if let expected = candidate.spec.labels {
                guard let labels, labelsMatch(spec: expected, call: labels) else { continue }
            } else if let labels, !labels.isEmpty, case .unknown = receiver {
                continue  // a property spec; `x.name(arguments)` on an unknown `x` is some method of the same name
            }
            switch receiver {
            case .known(let type):
                guard isOneOf(type, candidate.spec.receiverTypes) else { continue }
            case .frameworkMember:
                // Only a name that every rule pins to the same receivers says which type it must be.
                guard candidate.spec.unknownReceiver == .report || candidates.allSatisfy({ $0.spec.receiverTypes == candidate.spec.receiverTypes })
                else { continue }
            case .unknown:
                guard candidate.spec.unknownReceiver == .report else { continue }
            }
            report(rule: candidate.rule, token: token)
        }
    }

    /// `type` is one of `names`, directly or as a declared subclass/conformer (one step).
    func isOneOf(_ type: String, _ names: [String]) -> Bool {
        if names.contains(type) { return true }
        if names.contains(where: { MappingIndex.lastComponent($0) == type }) { return true }
        guard let inherited = project.conformances[type] else {
            return context.facts.conformances(of: type).contains { names.contains($0) }
        }
        return inherited.contains { names.contains($0) }
    }

    // MARK: - Receiver types

    /// Name of the type (or extended type) around `token`.
    func enclosingTypeName(at token: Int) -> String? {
        outline.enclosingType(at: token).map { context.facts.typeNames[$0] }
    }

    /// Type of a property or method result `member` of `type`, from this file or the whole project.
    func memberType(of type: String, member: String) -> String? {
        if let local = context.facts.memberType(of: type, member: member) { return resolveAlias(local) }
        if let local = context.facts.members.first(where: { $0.typeName == type && $0.memberName == member })?.memberType {
            return resolveAlias(local)
        }
        return project.memberType(of: type, member: member)
    }

    func resolveAlias(_ name: String) -> String { project.resolveAlias(context.facts.resolveAlias(name)) }

    /// Best-effort static type of a receiver expression: `x`, `self.x`, `a.b?.c!`, `T.shared`,
    /// `f().x`, `(x as? T)`. Nil when any step is unknown.
    func resolve(_ range: Range<Int>) -> String? {
        if case .known(let type) = resolveReceiver(range) { return type }
        return nil
    }

    /// `resolve`, but telling "a member of a framework type" apart from "unknown".
    func resolveReceiver(_ range: Range<Int>) -> Receiver {
        var position = range.lowerBound
        let end = range.upperBound
        var current: String?
        // First segment.
        let first = tokens[position]
        if first.kind == .leftParen, let close = outline.matchingIndex(of: position), close < end {
            current = castType(inside: (position + 1)..<close)
            position = close + 1
        } else if first.keyword == .self {
            current = enclosingTypeName(at: position)
            position += 1
        } else if first.kind == .identifier {
            let name = file.name(at: position)
            let isCall = position + 1 < end && tokens[position + 1].kind == .leftParen
            if isCall {
                if Self.isUppercase(file.bytes[first.start]) {
                    current = resolveAlias(name)
                } else if let owner = enclosingTypeName(at: position) {
                    current = memberType(of: owner, member: name)
                }
                position = (outline.matchingIndex(of: position + 1) ?? position) + 1
            } else if let local = context.facts.typeOf(name: name, at: position) {
                current = resolveAlias(local)
                position += 1
            } else if let owner = enclosingTypeName(at: position), let property = memberType(of: owner, member: name) {
                current = property
                position += 1
            } else if Self.isUppercase(file.bytes[first.start]) {
                current = resolveAlias(name)
                position += 1
            } else {
                return .unknown
            }
        } else {
            return .unknown
        }
        // Further `.member`, `?`, `!`, `(…)` steps.
        while position < end, let type = current {
            let token = tokens[position]
            switch token.kind {
            case .postfixQuestionMark, .exclamationMark:
                position += 1
            case .period:
                guard position + 1 < end, tokens[position + 1].kind == .identifier else { return .unknown }
                let name = file.name(at: position + 1)
                guard let next = memberType(of: type, member: name) else {
                    return index.frameworkTypes.contains(type) ? .frameworkMember : .unknown
                }
                current = next
                position += 2
                if position < end, tokens[position].kind == .leftParen {
                    position = (outline.matchingIndex(of: position) ?? position) + 1
                }
            default:
                return .unknown
            }
        }
        return current.map(Receiver.known) ?? .unknown
    }

    /// `x as? T` / `x as! T` / `x as T` filling a parenthesized receiver.
    private func castType(inside range: Range<Int>) -> String? {
        guard let cast = outline.casts.first(where: { range.contains($0.operatorToken) && $0.kind != .is }),
            cast.type.range.upperBound == range.upperBound, let name = cast.type.nameToken
        else { return nil }
        return resolveAlias(file.name(at: name))
    }

    static func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}
