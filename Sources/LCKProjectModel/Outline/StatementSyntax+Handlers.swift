import LCKCore
import LCKLexer
import LCKParser

/// Finding delegate methods and the names that stand for their parameters.
extension StatementSyntax {
    /// Functions with a body whose selector is one of `selectors`.
    package func functions(withSelectors selectors: Set<String>) -> [Int] {
        // A function's selector starts with its base name: compare that first, and build the full
        // selector only for the few functions whose name some selector starts with.
        let baseNames = Set(selectors.map { String($0.prefix { $0 != "(" }) })
        return outline.functions.indices.filter { index in
            let function = outline.functions[index]
            guard function.body != nil else { return false }
            if function.kind == .function, !baseNames.contains(file.name(at: function.nameToken)) { return false }
            return selectors.contains(outline.selector(ofFunction: index, in: file))
        }
    }

    /// Functions with a body and the given base name, for following helpers within the file.
    package func functions(named name: String) -> [Int] {
        functionIndex.byName[name] ?? []
    }

    /// Internal name of the parameter whose first name (label) is `label`.
    package func parameterName(_ function: Int, label: String) -> String? {
        outline.functions[function].parameters.first { file.name(at: $0.firstName) == label }
            .map { file.name(at: $0.internalName) }
    }

    /// The type name written for a parameter (`CXAnswerCallAction`), if any.
    package func parameterTypeName(_ function: Int, label: String) -> String? {
        guard
            let parameter = outline.functions[function].parameters.first(where: { file.name(at: $0.firstName) == label }
            ),
            let token = parameter.type?.nameToken
        else { return nil }
        return file.name(at: token)
    }

    /// `name` plus the names bound from it by casts (`case let join as JoinConversationAction`,
    /// `guard let answer = action as? CXAnswerCallAction`), with the type each one has.
    package func aliases(of name: String, type: String?, in function: Int) -> [String: String] {
        var result: [String: String] = [name: type ?? ""]
        guard let body = outline.functions[function].body else { return result }
        for cast in outline.casts where body.contains(cast.operatorToken) {
            let typeName = cast.type.nameToken.map { file.name(at: $0) } ?? ""
            if let bound = cast.boundName {
                result[file.name(at: bound)] = typeName
                continue
            }
            guard let operand = cast.operand, operand.count == 1, file.name(at: operand.lowerBound) == name else {
                continue
            }
            // `let answer = action as? T` / `if let answer = action as? T`: the name before `=`.
            let equal = operand.lowerBound - 1
            if equal > 0, file.tokens[equal].kind == .equal, file.tokens[equal - 1].kind == .identifier {
                result[file.name(at: equal - 1)] = typeName
            }
        }
        return result
    }

    /// Index of the call argument whose value is exactly one of `names`.
    package func argumentPassing(_ names: Set<String>, in call: Int) -> Int? {
        outline.calls[call].arguments.firstIndex { argument in
            argument.value.count == 1 && isName(argument.value.lowerBound, in: names)
        }
    }

    /// `something = name` among the statement's own tokens: the value is stored for later.
    package func storesValue(_ names: Set<String>, in statement: Int) -> Bool {
        ownRanges(of: statement).contains { range in
            range.contains { index in
                guard file.tokens[index].kind == .equal, index + 1 < range.upperBound, isName(index + 1, in: names)
                else {
                    return false
                }
                let after = index + 2
                return after >= range.upperBound || file.tokens[after].kind == .semicolon
                    || self.line(of: after) != self.line(of: index + 1)
            }
        }
    }

    /// `name` written as an element of a tuple, array or argument list (`(payload, completion: name)`),
    /// not called: the value is handed on to whoever receives the collection.
    package func passesAsElement(_ names: Set<String>, in statement: Int) -> Bool {
        let tokens = file.tokens
        return ownRanges(of: statement).contains { range in
            range.contains { index in
                guard index > range.lowerBound, index + 1 < range.upperBound, isName(index, in: names) else {
                    return false
                }
                let before = tokens[index - 1].kind
                let after = tokens[index + 1].kind
                return (before == .colon || before == .comma || before == .leftParen || before == .leftSquare)
                    && (after == .comma || after == .rightParen || after == .rightSquare)
            }
        }
    }

    /// A call that can reach a function of this file: no receiver, or `self`.
    package func isSameFileCall(_ call: Int) -> Bool {
        let receiver = outline.calls[call].receiver
        return receiver.isEmpty || (receiver.count == 1 && file.tokens[receiver.lowerBound].keyword == .self)
    }

    /// A same-file function the call can reach, and the internal name of the parameter at `argument`.
    func helper(for call: Int, argument: Int) -> (function: Int, parameter: String)? {
        let record = outline.calls[call]
        guard isSameFileCall(call) else { return nil }
        for candidate in functions(named: file.name(at: record.nameToken)) {
            let parameters = outline.functions[candidate].parameters
            guard parameters.count >= record.arguments.count, argument < parameters.count else { continue }
            let labelsMatch = zip(record.arguments, parameters).allSatisfy { argument, parameter in
                let expected = file.name(at: parameter.firstName)
                let written = argument.label.map { file.name(at: $0) } ?? "_"
                return expected == written
            }
            if labelsMatch { return (candidate, file.name(at: parameters[argument].internalName)) }
        }
        return nil
    }

    /// Whether the id written as `value` is also ended at once with `reportCall(with: id, endedAt:…)`, or
    /// an app wrapper of it such as `reportCallEnded(uuid: id, …)`, in `range`: a placeholder call
    /// reported only to satisfy PushKit, not a real call.
    package func isPlaceholderCallID(_ value: Range<Int>, in range: Range<Int>) -> Bool {
        guard value.count == 1, file.tokens[value.lowerBound].kind == .identifier else { return false }
        let name = file.name(at: value.lowerBound)
        return outline.calls(in: range).contains { call in
            let record = outline.calls[call]
            let callee = file.name(at: record.nameToken)
            let endsAtOnce =
                callee == "reportCall"
                && record.arguments.contains(where: { $0.label.map { file.name(at: $0) } == "endedAt" })
            let words = CallRoles.words(of: callee)
            let reportsEnd = words.contains("report") && words.contains("ended")
            guard endsAtOnce || reportsEnd else { return false }
            return record.arguments.contains { $0.value.count == 1 && file.name(at: $0.value.lowerBound) == name }
        }
    }

    /// Calls that end the process: a path through them owes nothing.
    static let terminators: Set<String> = ["fatalError", "preconditionFailure", "exit", "abort"]

    /// The statement calls a process-ending function among its own tokens.
    /// So does a call of the app's own never-returning function (`failHard(…) -> Never`).
    package func terminates(_ statement: Int) -> Bool {
        ownCalls(of: statement).contains { call in
            (outline.calls[call].receiver.isEmpty
                && Self.terminators.contains(file.name(at: outline.calls[call].nameToken)))
                || callsNeverReturning(call)
        }
    }

    /// Token just before a function's closing brace, where "the handler ends" witnesses point.
    package func closingBrace(of function: Int) -> Int {
        guard let body = outline.functions[function].body, !body.isEmpty else {
            return outline.functions[function].nameToken
        }
        return body.upperBound - 1
    }
}

extension StatementSyntax {
    /// Whether the token starting at byte `offset` is a `guard` whose only condition binds `self`
    /// (`guard let self = self else`, `guard let self else`, `guard let strongSelf = self else`): its
    /// `else` runs only once the object is gone.
    package func isSelfGuard(at offset: Int) -> Bool {
        let tokens = file.tokens
        let index = tokens.partitioningIndex { $0.start >= offset }
        guard index + 3 < tokens.count, tokens[index].start == offset, file.name(at: index) == "guard",
            ["let", "var"].contains(file.name(at: index + 1)),
            tokens[index + 2].kind == .identifier
                || file.name(at: index + 2) == "self"
        else { return false }
        let bindsSelfByName = file.name(at: index + 2) == "self" && file.name(at: index + 3) == "else"
        let bindsSelf =
            index + 5 < tokens.count && tokens[index + 3].kind == .equal && file.name(at: index + 4) == "self"
            && file.name(at: index + 5) == "else"
        return bindsSelfByName || bindsSelf
    }
}
