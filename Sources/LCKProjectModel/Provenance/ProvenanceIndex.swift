import LCKCore
import LCKLexer
import LCKParser

/// One file's places a name gets its value: assignments, property declarations and function returns,
/// indexed once per file (a scan per traced name would grow with the file times its handles).
struct ProvenanceIndex {
    struct Source {
        var range: Range<Int>
        var line: Int
    }

    struct Assignment {
        var rhs: Range<Int>
        var lhs: Int
        /// `x.name = …` on another value than `self`.
        var isMember: Bool
    }

    /// A step of `a.b.c()`.
    struct PathPart {
        var token: Int
        var isCall: Bool
    }

    let context: AnalysisContext
    private let lines: LineTable
    private var assignments: [String: [Assignment]] = [:]
    private var properties: [String: [Int]] = [:]
    private var functions: [String: [Int]] = [:]
    /// Statement index of each `return` (to find a function's own returns), in the order they start, so a
    /// body's returns are found by binary search rather than by testing every `return` of the file.
    private var returnStatements: [Int] = []
    /// Counts the `return` statements looked at (work, for the linearity test); a reference, so the
    /// lookups stay non-mutating.
    private let examined = Counter()
    var returnsExamined: Int { examined.value }

    static let scannedPrefix = 24

    init(context: AnalysisContext) {
        self.context = context
        lines = LineTable(context.file.bytes)
        let file = context.file
        let outline = context.outline
        for (index, statement) in outline.statements.enumerated() {
            if statement.kind == .return { returnStatements.append(index) }
            guard statement.kind == .expression else { continue }
            let end = min(statement.range.upperBound, statement.range.lowerBound + Self.scannedPrefix)
            var depth = 0
            for token in statement.range.lowerBound..<end {
                let kind = file.tokens[token].kind
                if kind == .leftParen || kind == .leftSquare || kind == .leftBrace { depth += 1 }
                if kind == .rightParen || kind == .rightSquare || kind == .rightBrace { depth -= 1 }
                if depth < 0 || kind == .leftBrace { break }
                guard depth == 0, kind == .equal, token > statement.range.lowerBound,
                    file.tokens[token - 1].kind == .identifier
                else { continue }
                let lhs = token - 1
                let qualified = lhs >= 2 && file.tokens[lhs - 1].kind == .period
                let isSelf = qualified && file.tokens[lhs - 2].keyword == .self
                assignments[file.name(at: lhs), default: []].append(
                    Assignment(rhs: token + 1..<statement.range.upperBound, lhs: lhs, isMember: qualified && !isSelf))
                break
            }
        }
        for name in assignments.keys { assignments[name]!.sort { $0.lhs < $1.lhs } }
        returnStatements.sort {
            (outline.statements[$0].range.lowerBound, $0) < (outline.statements[$1].range.lowerBound, $1)
        }
        for (index, variable) in outline.variables.enumerated() where variable.kind == .property {
            properties[file.name(at: variable.nameToken), default: []].append(index)
        }
        for (index, function) in outline.functions.enumerated() where function.kind == .function && function.body != nil
        {
            functions[file.name(at: function.nameToken), default: []].append(index)
        }
    }

    func line(of token: Int) -> Int { lines.position(of: context.file.tokens[token].start).line }

    /// `name`, `self.name`, `a.b.name`, `f()`, `a.f(x)`: the identifiers, the last maybe a call; empty
    /// for any other shape.
    func namePath(_ range: Range<Int>) -> [PathPart] {
        let tokens = context.file.tokens
        var end = range.upperBound
        var isCall = false
        if tokens[end - 1].kind == .rightParen {
            let open = Int(context.outline.matchingBracket[end - 1])
            guard open > range.lowerBound, open < end, tokens[open - 1].kind == .identifier else { return [] }
            end = open
            isCall = true
        }
        var parts: [PathPart] = []
        var index = range.lowerBound
        while index < end {
            let kind = tokens[index].kind
            if kind == .identifier || tokens[index].keyword == .self {
                if tokens[index].keyword != .self { parts.append(PathPart(token: index, isCall: false)) }
            } else if kind != .period && kind != .postfixQuestionMark && kind != .exclamationMark {
                return []
            }
            index += 1
        }
        if isCall, !parts.isEmpty { parts[parts.count - 1].isCall = true }
        return parts
    }

    /// Where a name's value is set: a local's initializer and assignments in its scope; a property's
    /// initializer, computed body and every assignment to it in the file.
    func sources(ofName name: String, at token: Int, qualified: Bool) -> [Source] {
        let outline = context.outline
        if !qualified, let variable = context.facts.lookup(name: name, at: token) {
            let record = outline.variables[variable]
            switch record.kind {
            case .parameter, .closureParameter: return []
            case .binding: return record.initializer.map { [Source(range: $0, line: line(of: $0.lowerBound))] } ?? []
            case .local: return declared(variable) + localAssignments(name, in: record.scope)
            case .property: return propertySources(name)
            }
        }
        guard properties[name] != nil else { return [] }
        return propertySources(name)
    }

    /// Sources past the walk's step budget are never stepped, so a name set in a thousand places (`title`
    /// in a large file) yields only the first ones: building them all made each walk cost the name's count.
    static let sourceLimit = ValueProvenance.stepBudget

    /// A property's declarations, then every assignment to its name, in file order: the first `sourceLimit`.
    private func propertySources(_ name: String) -> [Source] {
        var result: [Source] = []
        for declaration in properties[name] ?? [] {
            guard result.count < Self.sourceLimit else { break }
            result += declared(declaration)
        }
        for assignment in assignments[name] ?? [] {
            guard result.count < Self.sourceLimit else { break }
            result.append(source(assignment))
        }
        return Array(result.prefix(Self.sourceLimit))
    }

    /// Assignments to a local inside its scope, found by binary search in the name's assignments (kept in
    /// token order): the first `sourceLimit`.
    private func localAssignments(_ name: String, in scope: Range<Int>) -> [Source] {
        guard let list = assignments[name] else { return [] }
        let low = list.partitioningIndex { $0.lhs >= scope.lowerBound }
        var result: [Source] = []
        for assignment in list[low...] {
            guard result.count < Self.sourceLimit, scope.contains(assignment.lhs) else { break }
            if !assignment.isMember { result.append(source(assignment)) }
        }
        return result
    }

    private func source(_ assignment: Assignment) -> Source {
        Source(range: assignment.rhs, line: line(of: assignment.lhs))
    }

    /// A variable's initializer, or the values its getter returns.
    private func declared(_ variable: Int) -> [Source] {
        let record = context.outline.variables[variable]
        if let initializer = record.initializer {
            return [Source(range: initializer, line: line(of: record.nameToken))]
        }
        guard let block = record.accessorBlocks.first else { return [] }
        return values(of: block, owner: .variable(variable))
    }

    /// What the functions named `name` in this file return.
    /// The first `sourceLimit` (a name defined in every one of a thousand types is not read a thousand times).
    func returns(ofFunction name: String) -> [Source] {
        var result: [Source] = []
        for function in functions[name] ?? [] {
            guard result.count < Self.sourceLimit else { break }
            guard let block = context.outline.functions[function].bodyBlock else { continue }
            result += values(of: block, owner: .function(function))
        }
        return Array(result.prefix(Self.sourceLimit))
    }

    /// A single-expression body, else the `return` values whose nearest owner is `owner`.
    private func values(of block: Int, owner: Block.Owner) -> [Source] {
        let outline = context.outline
        let statements = outline.statements(in: block)
        if statements.count == 1, outline.statements[statements[0]].kind == .expression {
            let range = outline.statements[statements[0]].range
            return [Source(range: range, line: line(of: range.lowerBound))]
        }
        let body = outline.blocks[block].range
        var result: [Source] = []
        let low = returnStatements.partitioningIndex { outline.statements[$0].range.lowerBound >= body.lowerBound }
        for statement in returnStatements[low...] {
            guard body.contains(outline.statements[statement].range.lowerBound) else { break }
            examined.value += 1
            guard nearestOwner(of: statement) == owner else { continue }
            let record = outline.statements[statement]
            let value = record.keywordToken + 1..<record.range.upperBound
            guard !value.isEmpty else { continue }
            result.append(Source(range: value, line: line(of: record.keywordToken)))
        }
        return result
    }

    /// The function, closure or accessor a statement runs in (a loop up the blocks, no recursion).
    private func nearestOwner(of statement: Int) -> Block.Owner {
        let outline = context.outline
        var block = outline.statements[statement].parentBlock
        while true {
            switch outline.blocks[block].owner {
            case .statement(let parent): block = outline.statements[parent].parentBlock
            case let owner: return owner
            }
        }
    }
}

/// A count that non-mutating lookups can add to.
package final class Counter {
    package var value = 0

    package init() {}
}
