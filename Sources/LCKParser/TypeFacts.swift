import LCKLexer

/// Light type knowledge from one file's declarations: conformances, variable types, scoped lookups.
///
/// Built on demand from an outline (strings are made here, once per declaration, never per token).
/// Types are plain names with module qualifiers dropped and typealiases resolved: `CallKit.CXProvider?`
/// becomes `CXProvider`. Nothing is type-checked; inference covers annotations, `T(...)`, `T.init(...)`,
/// `Module.T(...)`, literals, `as!`/`as?` casts, and copies of other variables.
public struct TypeFacts: Sendable {
    /// A member declared in a type body or extension, for project-wide resolution across files.
    public struct MemberType: Hashable, Sendable {
        /// The enclosing type (the extended type for extensions).
        public var typeName: String
        public var memberName: String
        /// Property type or function return type, when known.
        public var memberType: String?
        public var isStatic: Bool
        public var isFunction: Bool
        /// Index in `SyntaxOutline.variables` or `SyntaxOutline.functions`.
        public var declaration: Int
    }

    public let outline: SyntaxOutline
    public let file: TokenizedFile
    /// Name of each entry of `outline.types` (last component, backticks stripped).
    public let typeNames: [String]
    /// Typealias name → target type name, as written in this file.
    public let aliases: [String: String]
    /// Properties and methods of every type and extension in the file.
    public private(set) var members: [MemberType] = []
    private var conformanceLists: [String: [String]] = [:]
    private var variablesByName: [String: [Int]] = [:]
    private var propertiesByType: [String: [String: Int]] = [:]
    /// Type name → member name → index in `members` of the first member of that name.
    private var firstMembers: [String: [String: Int]] = [:]
    /// The innermost type body around a token (`enclosingType(at:)`).
    private let typeBodies: InnermostRangeIndex
    /// For names declared more often than `Self.scannedCandidates`: the non-property variables of that name
    /// and the innermost of their scopes around a token, so `lookup` does not scan them all on every use.
    private var scopesByName: [String: NameScopes] = [:]
    /// Name → the first file-level property (global) of that name.
    private var globals: [String: Int] = [:]

    private struct NameScopes: Sendable {
        var variables: [Int]
        var scopes: InnermostRangeIndex
    }

    /// Up to this many same-named variables, `lookup` compares them one by one.
    static let scannedCandidates = 8

    public init(outline: SyntaxOutline, file: TokenizedFile) {
        self.outline = outline
        self.file = file
        typeNames = outline.types.map { file.name(at: $0.nameToken) }
        typeBodies = InnermostRangeIndex(outline.types.map(\.body))
        var aliases: [String: String] = [:]
        for alias in outline.typealiases {
            if let target = alias.target?.nameToken { aliases[file.name(at: alias.nameToken)] = file.name(at: target) }
        }
        self.aliases = aliases
        for (index, type) in outline.types.enumerated() {
            var list = conformanceLists[typeNames[index], default: []]
            for inherited in type.inherited {
                guard let token = inherited.nameToken else { continue }
                let name = resolveAlias(file.name(at: token))
                if !list.contains(name) { list.append(name) }
            }
            conformanceLists[typeNames[index]] = list
        }
        for (index, variable) in outline.variables.enumerated() {
            let name = file.name(at: variable.nameToken)
            variablesByName[name, default: []].append(index)
            if variable.kind == .property, variable.enclosingType == nil, variable.enclosingFunction == nil,
                globals[name] == nil
            {
                globals[name] = index
            }
            if variable.kind == .property, let owner = variable.enclosingType {
                propertiesByType[typeNames[owner], default: [:]][name] =
                    propertiesByType[typeNames[owner]]?[name] ?? index
            }
        }
        var members: [MemberType] = []
        // Counted first: grown by doubling, the list held up to twice its 72-byte entries at the peak.
        members.reserveCapacity(
            outline.variables.lazy.filter { $0.kind == .property && $0.enclosingType != nil }.count
                + outline.functions.lazy.filter {
                    $0.enclosingFunction == nil && $0.enclosingType != nil && $0.kind == .function
                }.count)
        for (index, variable) in outline.variables.enumerated() where variable.kind == .property {
            guard let owner = variable.enclosingType else { continue }
            members.append(
                MemberType(
                    typeName: typeNames[owner], memberName: file.name(at: variable.nameToken),
                    memberType: typeName(ofVariable: index),
                    isStatic: variable.modifiers.contains(.static)
                        || variable.modifiers.contains(.class), isFunction: false, declaration: index))
        }
        for (index, function) in outline.functions.enumerated() where function.enclosingFunction == nil {
            guard let owner = function.enclosingType, function.kind == .function else { continue }
            members.append(
                MemberType(
                    typeName: typeNames[owner], memberName: file.name(at: function.nameToken),
                    memberType: function.returnType?.nameToken.map { resolveAlias(file.name(at: $0)) },
                    isStatic: function.modifiers.contains(.static) || function.modifiers.contains(.class),
                    isFunction: true, declaration: index))
        }
        self.members = members
        indexScopes()
        for (index, member) in members.enumerated() where firstMembers[member.typeName]?[member.memberName] == nil {
            firstMembers[member.typeName, default: [:]][member.memberName] = index
        }
    }

    /// Builds `scopesByName`. Among equal scopes the larger name token counts as inner, as in the scan.
    private mutating func indexScopes() {
        for (name, candidates) in variablesByName where candidates.count > Self.scannedCandidates {
            let variables = outline.variables
            let locals = candidates.filter { variables[$0].kind != .property }.sorted {
                (variables[$0].nameToken, $0) > (variables[$1].nameToken, $1)
            }
            scopesByName[name] = NameScopes(
                variables: locals, scopes: InnermostRangeIndex(locals.map { variables[$0].scope }))
        }
    }

    /// The first of `members` named `member` in `typeName`: a dictionary probe (searching `members` for it on
    /// every use made a large file quadratic).
    public func firstMember(of typeName: String, named member: String) -> MemberType? {
        firstMembers[typeName]?[member].map { members[$0] }
    }

    /// Innermost type declaration whose body contains the token: `SyntaxOutline.enclosingType(at:)` in
    /// O(log types).
    public func enclosingType(at token: Int) -> Int? { typeBodies.innermost(containing: token) }

    // MARK: - Conformances

    /// Protocols and superclasses listed for `typeName` on its declaration and extensions in this file.
    public func conformances(of typeName: String) -> [String] { conformanceLists[typeName] ?? [] }

    public func conforms(_ typeName: String, to protocolName: String) -> Bool {
        conformanceLists[typeName]?.contains(protocolName) ?? false
    }

    /// Names of types (declared or extended here) that list `protocolName`, in first-seen order.
    public func types(conformingTo protocolName: String) -> [String] {
        var result: [String] = []
        for name in typeNames where !result.contains(name) && conforms(name, to: protocolName) { result.append(name) }
        return result
    }

    /// Follows typealiases declared in this file.
    public func resolveAlias(_ name: String) -> String { Self.resolveAlias(name, in: aliases) }

    /// Follows `aliases` from `name` (at most 8 steps, so cycles end): the one way a file's and a
    /// project's typealiases are resolved.
    public static func resolveAlias(_ name: String, in aliases: [String: String]) -> String {
        var current = name
        var steps = 0
        while let next = aliases[current], next != current, steps < 8 {
            current = next
            steps += 1
        }
        return current
    }

    // MARK: - Variables

    /// The declared or inferred type name of a variable, without scoped lookups of copied names.
    public func typeName(ofVariable index: Int) -> String? {
        let variable = outline.variables[index]
        if let token = variable.type?.nameToken { return resolveAlias(file.name(at: token)) }
        if let initializer = variable.initializer, let inferred = inferredType(of: initializer) {
            return resolveAlias(inferred)
        }
        return nil
    }

    /// The type of `name` as seen at `token`: innermost local, parameter or binding first, then
    /// properties of the enclosing type (declaration and extensions in this file), then globals.
    /// Copies (`let p = provider`, `if let provider`) are followed up to 8 steps.
    public func typeOf(name: String, at token: Int) -> String? {
        var currentName = name
        var currentToken = token
        var steps = 0
        while steps < 8, let index = lookup(name: currentName, at: currentToken) {
            if let known = typeName(ofVariable: index) { return known }
            let variable = outline.variables[index]
            if let initializer = variable.initializer, let copied = copiedName(in: initializer) {
                if copied.viaSelf {
                    guard let owner = enclosingType(at: initializer.lowerBound) else { return nil }
                    return memberType(of: typeNames[owner], member: copied.name)
                }
                currentName = copied.name
            } else if variable.kind != .binding || variable.initializer != nil {
                return nil
            }
            currentToken = variable.range.lowerBound
            steps += 1
        }
        return nil
    }

    /// Type of a property declared on `typeName` (in a body or extension in this file).
    public func memberType(of typeName: String, member: String) -> String? {
        guard let index = propertiesByType[typeName]?[member] else { return nil }
        return self.typeName(ofVariable: index)
    }

    /// The variable that `name` refers to at `token`, by the scoping rules of `typeOf`.
    public func lookup(name: String, at token: Int) -> Int? {
        var comparisons = 0
        return lookup(name: name, at: token, comparisons: &comparisons)
    }

    /// `lookup(name:at:)`, adding the scopes it compared to `comparisons` (tests count them).
    func lookup(name: String, at token: Int, comparisons: inout Int) -> Int? {
        guard let candidates = variablesByName[name] else { return nil }
        var best: Int?
        if let indexed = scopesByName[name] {
            best = indexed.scopes.innermost(containing: token, steps: &comparisons).map { indexed.variables[$0] }
        } else {
            comparisons += candidates.count
            best = innermostLocal(candidates, at: token)
        }
        if let best { return best }
        var typeIndex = enclosingType(at: token)
        while let current = typeIndex {
            if let property = propertiesByType[typeNames[current]]?[name] { return property }
            typeIndex = outline.types[current].parent
        }
        return globals[name]
    }

    /// The non-property variable among `candidates` with the smallest scope around `token` (on a tie, the
    /// later name token).
    private func innermostLocal(_ candidates: [Int], at token: Int) -> Int? {
        var best: Int?
        for index in candidates {
            let variable = outline.variables[index]
            guard variable.kind != .property, variable.scope.contains(token) else { continue }
            if let current = best {
                let currentScope = outline.variables[current].scope
                if variable.scope.count > currentScope.count { continue }
                if variable.scope.count == currentScope.count, variable.nameToken < outline.variables[current].nameToken
                {
                    continue
                }
            }
            best = index
        }
        return best
    }

    // MARK: - Inference

    /// `T(...)`, `Module.T(...)`, `T.init(...)`, `T { }`, literals, and a trailing `as!`/`as?`/`as T`.
    func inferredType(of range: Range<Int>) -> String? {
        let tokens = file.tokens
        var index = range.lowerBound
        while index < range.upperBound,
            tokens[index].keyword == .try || tokens[index].keyword == .await
                || tokens[index].kind == .postfixQuestionMark || tokens[index].kind == .exclamationMark
        {
            index += 1
        }
        guard index < range.upperBound else { return nil }
        if let cast = outline.casts(in: range).last.map({ outline.casts[$0] }), cast.kind != .is,
            let name = cast.type.nameToken, cast.type.range.upperBound == range.upperBound
        {
            return file.name(at: name)
        }
        switch tokens[index].kind {
        case .stringQuote, .multilineStringQuote, .rawStringPoundDelimiter: return "String"
        case .integerLiteral: return range.count == 1 ? "Int" : nil
        case .floatLiteral: return range.count == 1 ? "Double" : nil
        case .keyword where tokens[index].keyword == .true || tokens[index].keyword == .false:
            return range.count == 1 ? "Bool" : nil
        default: break
        }
        if tokens[index].kind == .leftSquare, index + 3 < range.upperBound, tokens[index + 1].kind == .identifier,
            tokens[index + 2].kind == .rightSquare, tokens[index + 3].kind == .leftParen
        {
            return file.name(at: index + 1)  // `[CXHandle]()`: element type, as for `[CXHandle]` annotations
        }
        var last = -1
        while index < range.upperBound, tokens[index].kind == .identifier {
            last = index
            guard index + 2 < range.upperBound, tokens[index + 1].kind == .period else { break }
            if tokens[index + 2].keyword == .`init` {
                index += 2
                break
            }
            index += 2
        }
        guard last >= 0 else { return nil }
        var next = index + 1
        if next < range.upperBound, file.bytes[tokens[next].start] == UInt8(ascii: "<"),
            tokens[next].kind != .stringQuote
        {
            // `Set<UUID>()`: skip explicit generic arguments.
            var depth = 0
            while next < range.upperBound, next - index < 64 {
                let token = tokens[next]
                if token.kind != .identifier && token.kind != .stringQuote && token.kind != .stringSegment {
                    for offset in token.start..<token.end {
                        if file.bytes[offset] == UInt8(ascii: "<") { depth += 1 }
                        if file.bytes[offset] == UInt8(ascii: ">") { depth -= 1 }
                    }
                }
                next += 1
                if depth <= 0 { break }
            }
        }
        guard next < range.upperBound, tokens[next].kind == .leftParen || tokens[next].kind == .leftBrace else {
            return nil
        }
        let first = file.bytes[tokens[last].start]
        guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return nil }
        return file.name(at: last)
    }

    /// `other` or `self.other` as a whole initializer.
    func copiedName(in range: Range<Int>) -> (name: String, viaSelf: Bool)? {
        let tokens = file.tokens
        if range.count == 1, tokens[range.lowerBound].kind == .identifier {
            return (file.name(at: range.lowerBound), false)
        }
        if range.count == 3, tokens[range.lowerBound].keyword == .self, tokens[range.lowerBound + 1].kind == .period {
            return (file.name(at: range.lowerBound + 2), true)
        }
        return nil
    }
}
