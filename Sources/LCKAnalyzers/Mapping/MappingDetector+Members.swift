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

        var isUnknown: Bool {
            if case .unknown = self { return true }
            return false
        }
    }

    mutating func matchMember(token: Int, candidates: [MappingIndex.MemberCandidate]) {
        let lookups = lookupTables()
        let call = lookups.callByName[token].map { outline.calls[Int($0)] }
        let receiver: Receiver
        if token >= 1, tokens[token - 1].kind == .period {
            guard let access = lookups.accessByMember[token].map({ outline.memberAccesses[Int($0)] }) else { return }
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
        // Asked once per token, not once per candidate (that was candidates² per token).
        var sameReceivers: Bool?
        for (position, candidate) in candidates.enumerated() {
            if let expected = candidate.spec.labels {
                guard let labels, labelsMatch(spec: expected, call: labels) else { continue }
            } else if let labels, !labels.isEmpty, case .unknown = receiver {
                continue  // a property spec; `x.name(arguments)` on an unknown `x` is some method of the same name
            }
            switch receiver {
            case .known(let type):
                guard isOneOf(type, candidate.spec.receiverTypes, member: file.name(at: token)) else { continue }
            case .frameworkMember:
                // Only a name that every rule pins to the same receivers says which type it must be.
                if candidate.spec.unknownReceiver != .report {
                    let first = candidates[0].spec.receiverTypes
                    if sameReceivers == nil { sameReceivers = candidates.allSatisfy { $0.spec.receiverTypes == first } }
                    guard sameReceivers == true else { continue }
                }
            case .unknown:
                guard candidate.spec.unknownReceiver == .report else { continue }
            }
            report(rule: candidate.rule, token: token)
            if isFull(at: token, more: position + 1 < candidates.count) { return }
        }
    }

    /// `type` is one of `names`: directly, as a subclass or conformer at any depth (`class LoudProvider:
    /// CXProvider`), or, for `member`, as an app protocol that one of `names` adopts and that declares `member`
    /// (`let provider: CallProviding` after `extension CXProvider: CallProviding {}`), or a conformer of one.
    func isOneOf(_ type: String, _ names: [String], member: String? = nil) -> Bool {
        func named(_ candidate: String) -> Bool {
            names.contains(candidate) || names.contains(where: { MappingIndex.lastComponent($0) == candidate })
        }
        func adoptedByName(_ protocolName: String) -> Bool {
            guard let member, project.protocolMembers[protocolName]?.contains(member) == true else { return false }
            return names.contains {
                project.conformances[MappingIndex.lastComponent($0)]?.contains(protocolName) == true
            }
        }
        if named(type) { return true }
        // Up the declared hierarchy, with an explicit stack and a bound: a cycle or a huge hierarchy ends it.
        var visited: Set<String> = [type]
        var pending = [type]
        while let current = pending.popLast() {
            if current != type, named(current) { return true }
            if adoptedByName(current) { return true }
            guard visited.count < Self.maximumAncestors else { break }
            let inherited = project.conformances[current].map(Array.init) ?? context.facts.conformances(of: current)
            for parent in inherited where visited.insert(parent).inserted { pending.append(parent) }
        }
        return false
    }

    /// How many types of one receiver's hierarchy `isOneOf` looks at.
    static let maximumAncestors = 64

    // MARK: - Receiver types

    /// Name of the type (or extended type) around `token`.
    func enclosingTypeName(at token: Int) -> String? {
        context.facts.enclosingType(at: token).map { context.facts.typeNames[$0] }
    }

    /// Type of a property or method result `member` of `type`, from this file or the whole project.
    func memberType(of type: String, member: String) -> String? {
        if let local = context.facts.memberType(of: type, member: member) { return context.resolveAlias(local) }
        if let local = context.facts.firstMember(of: type, named: member)?.memberType {
            return context.resolveAlias(local)
        }
        return project.memberType(of: type, member: member)
    }

    /// Best-effort static type of a receiver expression: `x`, `self.x`, `a.b?.c!`, `T.shared`,
    /// `f().x`, `(x as? T)`. Nil when any step is unknown.
    func resolve(_ range: Range<Int>) -> String? {
        if case .known(let type) = resolveReceiver(range) { return type }
        return nil
    }

    /// `resolve`, but telling "a member of a framework type" apart from "unknown".
    /// `depth` bounds the nesting of `$0` closures followed (no recursion deeper than 4).
    func resolveReceiver(_ range: Range<Int>, depth: Int = 0) -> Receiver {
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
        } else if first.kind == .dollarIdentifier {
            guard depth < 4 else { return .unknown }
            switch shorthandParameterType(at: position, depth: depth) {
            case .known(let element): current = element
            case .frameworkMember: return range.count == 1 ? .frameworkMember : .unknown
            case .unknown: return .unknown
            }
            position += 1
        } else if first.kind == .identifier {
            let name = file.name(at: position)
            let isCall = position + 1 < end && tokens[position + 1].kind == .leftParen
            if isCall {
                if Self.isUppercase(file.bytes[first.start]) {
                    current = context.resolveAlias(name)
                } else if let owner = enclosingTypeName(at: position) {
                    current = memberType(of: owner, member: name)
                }
                position = (outline.matchingIndex(of: position + 1) ?? position) + 1
            } else if let local = context.facts.typeOf(name: name, at: position) {
                current = context.resolveAlias(local)
                position += 1
            } else if depth < 4, let variable = context.facts.lookup(name: name, at: position),
                let initializer = context.outline.variables[variable].initializer ?? loopSequence(of: variable),
                !initializer.contains(position),
                case let inferred = resolveReceiver(initializer, depth: depth + 1), !inferred.isUnknown
            {
                // `let held = calls.filter { … }`, `let manager = CXCallDirectoryManager.sharedInstance`,
                // `for action in pendingActions` (arrays are typed by their element)
                guard case .known(let type) = inferred else { return range.count == 1 ? .frameworkMember : .unknown }
                current = type
                position += 1
            } else if let owner = enclosingTypeName(at: position), let property = memberType(of: owner, member: name) {
                current = property
                position += 1
            } else if Self.isUppercase(file.bytes[first.start]) {
                current = context.resolveAlias(name)
                position += 1
            } else {
                return .unknown
            }
        } else {
            return .unknown
        }
        return resolveMemberChain(current, from: position, to: end)
    }

    /// Follows the `.member`, `?`, `!` and `(…)` steps after a receiver's first segment, typed `first`.
    private func resolveMemberChain(_ first: String?, from start: Int, to end: Int) -> Receiver {
        var position = start
        var current = first
        while position < end, let type = current {
            let token = tokens[position]
            switch token.kind {
            case .postfixQuestionMark, .exclamationMark:
                position += 1
            case .period:
                guard position + 1 < end, tokens[position + 1].kind == .identifier else { return .unknown }
                let name = file.name(at: position + 1)
                if Self.elementPreservingMethods.contains(name) {
                    current = type  // `calls.filter { … }` is still a collection of the same elements
                } else if let next = memberType(of: type, member: name) {
                    current = next
                } else {
                    return index.frameworkTypes.contains(type) ? .frameworkMember : .unknown
                }
                position += 2
                while position < end, [.leftParen, .leftBrace].contains(tokens[position].kind) {
                    position = (outline.matchingIndex(of: position) ?? position) + 1
                }
            default:
                return .unknown
            }
        }
        return current.map(Receiver.known) ?? .unknown
    }

    /// The sequence of `for x in sequence`, for an untyped loop variable: its elements have the
    /// sequence's (element) type.
    private func loopSequence(of variable: Int) -> Range<Int>? {
        let declaration = context.outline.variables[variable]
        guard declaration.kind == .binding, declaration.type == nil, declaration.introducer >= 0,
            tokens[declaration.introducer].keyword == .for, declaration.nameToken + 1 < declaration.range.upperBound,
            tokens[declaration.nameToken + 1].keyword == .in
        else { return nil }
        var end = declaration.range.upperBound
        // `for call in calls where call.hasEnded`: the filter is not part of the sequence.
        if let whereToken = (declaration.nameToken + 2..<end).first(where: { tokens[$0].keyword == .where }) {
            end = whereToken
        }
        let start = declaration.nameToken + 2
        return start < end ? start..<end : nil
    }

    /// `x as? T` / `x as! T` / `x as T` filling a parenthesized receiver.
    private func castType(inside range: Range<Int>) -> String? {
        guard let cast = outline.casts.first(where: { range.contains($0.operatorToken) && $0.kind != .is }),
            cast.type.range.upperBound == range.upperBound, let name = cast.type.nameToken
        else { return nil }
        return context.resolveAlias(file.name(at: name))
    }

    /// Collection methods whose closures receive elements (`$0`) of the receiver's element type.
    static let elementClosureMethods: Set<String> = [
        "filter", "map", "compactMap", "flatMap", "first", "last", "contains", "forEach", "allSatisfy", "firstIndex",
        "lastIndex", "sorted", "min", "max", "drop", "prefix",
    ]

    /// Collection methods returning the same elements, or one of them.
    /// Arrays are typed by their element (`[CXCall]` is `CXCall` here), so both apply.
    static let elementPreservingMethods: Set<String> = [
        "filter", "sorted", "reversed", "dropFirst", "dropLast", "prefix", "suffix", "first", "last", "min", "max",
        "randomElement",
    ]

    /// `$0` in `calls.filter { $0.hasEnded }`: the element type of the receiver of the innermost
    /// closure's collection call (declared `[CXCall]` resolves to `CXCall`).
    private func shorthandParameterType(at token: Int, depth: Int) -> Receiver {
        var innermost: Closure?
        for closure in outline.closures where closure.range.contains(token) && closure.inToken == nil {
            if innermost == nil || closure.range.count < innermost!.range.count { innermost = closure }
        }
        guard let closure = innermost, let callIndex = closure.call else { return .unknown }
        let call = outline.calls[callIndex]
        guard Self.elementClosureMethods.contains(file.name(at: call.nameToken)), !call.receiver.isEmpty else {
            return .unknown
        }
        // Elements of a framework member (`observer.calls`) are framework values of an unnamed type.
        return resolveReceiver(call.receiver, depth: depth + 1)
    }

    static func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}
