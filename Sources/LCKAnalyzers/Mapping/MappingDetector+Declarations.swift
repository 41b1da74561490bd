import LCKCore
import LCKLexer
import LCKParser
import LCKRules

/// Delegate method implementations and enum cases.
extension FileMatcher {
    // MARK: - Delegate methods

    /// A `func` whose selector is the spec's and which belongs to the protocol: either its parameter
    /// types are exactly the spec's, or the enclosing type conforms (here or in another file) and no
    /// written parameter type contradicts the spec.
    mutating func matchDelegate(token: Int, candidates: [MappingIndex.DelegateCandidate]) {
        guard let functionIndex = lookupTables().functionByName[token].map(Int.init) else { return }
        let function = outline.functions[functionIndex]
        let labels = function.parameters.map { file.name(at: $0.firstName) }
        let declaredTypes: [String?] = function.parameters.map { parameter in
            parameter.type?.nameToken.map { context.resolveAlias(file.name(at: $0)) }
        }
        let owner = function.enclosingType.map { context.facts.typeNames[$0] }
        for candidate in candidates where candidate.labels == labels {
            if let isAsync = candidate.spec.isAsync, isAsync != function.isAsync { continue }
            let conforms = owner.map { ownerConforms($0, to: candidate.spec.protocolName) } ?? false
            if let expected = candidate.spec.parameterTypes {
                // The spec may leave out trailing parameters (a completion handler's function type).
                guard expected.count <= declaredTypes.count else { continue }
                var exact = true
                var compatible = true
                for (spec, declared) in zip(expected, declaredTypes) {
                    let wanted = MappingIndex.lastComponent(spec)
                    if declared == nil {
                        exact = false
                    } else if declared != wanted {
                        exact = false; compatible = false
                    }
                }
                guard exact || (conforms && compatible) else { continue }
            } else {
                guard conforms || candidate.spec.protocolName == nil else { continue }
            }
            report(rule: candidate.rule, token: token)
        }
    }

    private func ownerConforms(_ owner: String, to protocolName: String?) -> Bool {
        guard let protocolName else { return false }
        let wanted = MappingIndex.lastComponent(protocolName)
        return context.facts.conforms(owner, to: wanted) || project.conforms(owner, to: wanted)
    }

    // MARK: - Enum cases

    /// `Type.case` (qualified by the last component(s) of the enum type), or a bare `.case` as an
    /// argument under a listed label of a listed callee, or assigned to / compared with / listed in a
    /// collection for a listed property.
    mutating func matchEnumCase(token: Int, candidates: [MappingIndex.EnumCaseCandidate]) {
        guard token >= 1, tokens[token - 1].kind == .period else { return }
        let qualifiedByName = token >= 2 && tokens[token - 2].kind == .identifier
        if qualifiedByName {
            for candidate in candidates where enumQualifierMatches(candidate.typeComponents, period: token - 1) {
                report(rule: candidate.rule, token: token)
            }
            return
        }
        if token >= 2,
            [.rightParen, .rightSquare, .postfixQuestionMark, .exclamationMark].contains(tokens[token - 2].kind)
                || tokens[token - 2].keyword == .self
        {
            return  // a member of some value, not an implicit enum case
        }
        if let argument = lookupTables().argumentByValueStart[token - 1] {
            let call = outline.calls[Int(argument.call)]
            guard call.arguments[Int(argument.argument)].value.count == 2 else { return }
            let label = call.arguments[Int(argument.argument)].label.map { file.name(at: $0) }
            for candidate in candidates where argumentContextMatches(candidate.spec, call: call, label: label) {
                report(rule: candidate.rule, token: token)
            }
            return
        }
        if token >= 2, tokens[token - 2].keyword == .return {
            for candidate in candidates where returnTypeIs(candidate.typeComponents, at: token) {
                report(rule: candidate.rule, token: token)
            }
        } else if let property = propertyBeforeValue(startingAt: token - 1) {
            let propertyName = file.name(at: property)
            for candidate in candidates {
                if candidate.spec.properties?.contains(propertyName) == true {
                    guard propertyBelongsToFramework(property) else { continue }
                } else if !valueIsOfEnumType(property, candidate.typeComponents) {
                    continue
                }
                report(rule: candidate.rule, token: token)
            }
        } else if let bounds = lookupTables().switchSubjectByPatternToken[token - 1] {
            let subject = Int(bounds.lower)..<Int(bounds.upper)
            for candidate in candidates where switchSubjectMatches(subject, candidate) {
                report(rule: candidate.rule, token: token)
            }
        }
    }

    /// `reason = .failed` / `reason == .failed` where `reason` is declared with the enum's type, or
    /// the annotation itself in `let reason: CXCallEndedReason = .failed`.
    private mutating func valueIsOfEnumType(_ value: Int, _ components: [String]) -> Bool {
        guard let last = components.last, !components.isEmpty else { return false }
        let annotationStart = value - 2 * (components.count - 1)
        if annotationStart >= 1, tokens[annotationStart - 1].kind == .colon, file.token(tokens[value], equals: last),
            qualifiersMatch(Array(components.dropLast()), before: value)
        {
            return true
        }
        // A declared type is known by its name only: `HandleType` alone may be the app's own.
        guard components.count == 1 else { return false }
        return declaredType(ofValueAt: value) == last
    }

    /// Declared type of the variable or property named at `value` (`x` or `a.b.x`), when the file or
    /// project says it.
    private mutating func declaredType(ofValueAt value: Int) -> String? {
        if value >= 1, tokens[value - 1].kind == .period {
            guard let access = lookupTables().accessByMember[value].map({ outline.memberAccesses[Int($0)] }),
                !access.receiver.isEmpty, let owner = resolve(access.receiver)
            else { return nil }
            return memberType(of: owner, member: file.name(at: value))
        }
        return context.facts.typeOf(name: file.name(at: value), at: value).map(context.resolveAlias)
    }

    /// `return .failed` straight in a function declared `-> CXCallEndedReason` (not inside a closure of it).
    private func returnTypeIs(_ components: [String], at token: Int) -> Bool {
        guard let last = components.last, let function = outline.enclosingFunction(at: token),
            let body = outline.functions[function].body, let returnType = outline.functions[function].returnType,
            returnType.shape == .named, let name = returnType.nameToken,
            file.token(tokens[name], equals: last), qualifiersMatch(Array(components.dropLast()), before: name)
        else { return false }
        return !outline.closures(containing: token).contains { body.contains(outline.closures[$0].leftBrace) }
    }

    /// `switch type { case .voIP: … }`: the subject is a listed property of a framework value, or is
    /// declared with the enum's type.
    private mutating func switchSubjectMatches(
        _ subject: Range<Int>, _ candidate: MappingIndex.EnumCaseCandidate
    ) -> Bool {
        var last = subject.upperBound - 1
        while last > subject.lowerBound, [.postfixQuestionMark, .exclamationMark].contains(tokens[last].kind) {
            last -= 1
        }
        guard tokens[last].kind == .identifier else { return false }
        if candidate.spec.properties?.contains(file.name(at: last)) == true, propertyBelongsToFramework(last) {
            return true
        }
        return valueIsOfEnumType(last, candidate.typeComponents)
    }

    /// `HandleType.generic` or `CXHandle.HandleType.generic`; a different outer qualifier fails.
    private func enumQualifierMatches(_ components: [String], period: Int) -> Bool {
        var position = period - 1
        for (depth, component) in components.reversed().enumerated() {
            guard file.token(tokens[position], equals: component) else { return false }
            guard position >= 2, tokens[position - 1].kind == .period, tokens[position - 2].kind == .identifier else {
                return true
            }
            if depth == components.count - 1 { return true }
            position -= 2
        }
        return true
    }

    /// The label is listed, the callee is listed (or, without a list, is a framework construction or
    /// method), and a receiver known to be the app's own type rules the call out.
    private func argumentContextMatches(_ spec: MatchSpec.EnumCase, call: Call, label: String?) -> Bool {
        if let labels = spec.argumentLabels, !labels.contains(label ?? "_") { return false }
        let callee = file.name(at: call.nameToken)
        if index.frameworkTypes.contains(callee) { return spec.callees?.contains(callee) ?? true }
        if let callees = spec.callees, !callees.contains(callee) { return false }
        let receiverType: String?
        if call.callee.count == 1 {
            receiverType = enclosingTypeName(at: call.nameToken)  // a bare call is a method of `self`
        } else {
            receiverType = call.receiver.isEmpty ? nil : resolve(call.receiver)
        }
        guard let receiverType else { return spec.callees != nil }
        return index.frameworkTypes.contains(receiverType) || isOneOf(receiverType, Array(index.frameworkTypes))
    }

    /// For `x.prop = .a`, `prop == .a`, `prop = [.a, .b]`, `prop = Set([.a])`: the `prop` token.
    private func propertyBeforeValue(startingAt period: Int) -> Int? {
        var position = period - 1
        var steps = 0
        while position >= 0, steps < 64 {
            let token = tokens[position]
            switch token.kind {
            case .comma, .leftSquare, .leftParen, .period:
                position -= 1
            case .identifier where position >= 1 && tokens[position - 1].kind == .period:
                position -= 1  // another `.case` of the same list
            case .identifier where position + 1 < tokens.count && tokens[position + 1].kind == .leftParen:
                position -= 1  // `Set(`
            case _ where isAngle(position, ">"):
                // `Set<PKPushType>(`: skip the generic arguments back to the type name.
                guard let open = genericOpen(closing: position), open >= 1, tokens[open - 1].kind == .identifier else {
                    return nil
                }
                position = open - 2
            case .equal:
                if position >= 2,
                    tokens[position - 1].kind == .postfixQuestionMark || tokens[position - 1].kind == .exclamationMark
                {
                    // `let reason: CXCallEndedReason? = .failed`
                    return tokens[position - 2].kind == .identifier && position >= 3
                        && tokens[position - 3].kind == .colon ? position - 2 : nil
                }
                return position >= 1 && tokens[position - 1].kind == .identifier ? position - 1 : nil
            case .binaryOperator where file.token(token, is: "==") || file.token(token, is: "!="):
                return position >= 1 && tokens[position - 1].kind == .identifier ? position - 1 : nil
            default:
                return nil
            }
            steps += 1
        }
        return nil
    }

    /// A generic bracket, whether the lexer left it an operator or the parser marked it.
    private func isAngle(_ position: Int, _ text: StaticString) -> Bool {
        let kind = tokens[position].kind
        if kind == .leftAngle || kind == .rightAngle { return file.token(tokens[position], is: text) }
        return (kind == .binaryOperator || kind == .postfixOperator || kind == .prefixOperator)
            && file.token(tokens[position], is: text)
    }

    /// The `<` matching the `>` at `close` when only a short type list sits between them.
    private func genericOpen(closing close: Int) -> Int? {
        var position = close - 1
        while position >= 0, close - position <= 16 {
            if isAngle(position, "<") { return position }
            switch tokens[position].kind {
            case .identifier, .period, .comma, .leftSquare, .rightSquare, .colon, .postfixQuestionMark: position -= 1
            default: return nil
            }
        }
        return nil
    }

    /// The property's owner (receiver type, or the variable's own type for a bare name) is a type of
    /// the table; when nothing is known, the file must at least name such a type.
    private mutating func propertyBelongsToFramework(_ property: Int) -> Bool {
        if property >= 1, tokens[property - 1].kind == .period {
            guard let access = lookupTables().accessByMember[property].map({ outline.memberAccesses[Int($0)] }),
                !access.receiver.isEmpty, let type = resolve(access.receiver)
            else { return fileHasAnchor }
            return index.frameworkTypes.contains(type)
        }
        if let type = context.facts.typeOf(name: file.name(at: property), at: property) {
            return index.frameworkTypes.contains(context.resolveAlias(type))
        }
        return fileHasAnchor
    }
}
