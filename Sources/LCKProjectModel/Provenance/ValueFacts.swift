import LCKCore
import LCKLexer
import LCKParser

/// What the pre-pass learned about values across files: per property or member name, the origins of
/// its declarations and assignments; per function name, the origins of its returns; per constant
/// name, what a Bool constant folds to. `transient_handle`'s project facts, read by the other
/// provenance users too. Merged in file order, a bounded number of leaves per name.
package struct ValueFacts: ProjectFact, Sendable {
    /// Read with `context.project.fact(ValueFacts.key)`; `transient_handle` produces them.
    package static let key = FactKey<ValueFacts>()
    static let leavesPerName = 8

    var members: [String: [ProvenanceLeaf]] = [:]
    var functionReturns: [String: [ProvenanceLeaf]] = [:]
    /// Bool constant name → its values over the project's declarations (`#if` branches included).
    var boolConstants: [String: Set<Bool?>] = [:]
    /// Work the walks did in the pre-pass.
    package internal(set) var work = ProvenanceWork()

    package mutating func merge(_ later: ValueFacts) {
        for (name, leaves) in later.members { Self.append(leaves, to: &members[name, default: []]) }
        for (name, leaves) in later.functionReturns { Self.append(leaves, to: &functionReturns[name, default: []]) }
        for (name, values) in later.boolConstants { boolConstants[name, default: []].formUnion(values) }
        work.walks += later.work.walks
        work.steps += later.work.steps
        work.exhausted += later.work.exhausted
        work.returnsExamined += later.work.returnsExamined
    }

    /// `String`, `UUID` or no written type: what a handle value or call id can be. Other properties and
    /// functions are not traced, which keeps the pre-pass's work and memory small.
    static func mayHoldHandleValue(_ type: TypeSpan?, in file: TokenizedFile) -> Bool {
        guard let type else { return true }
        guard type.shape == .named, let name = type.nameToken else { return false }
        return file.token(file.tokens[name], is: "String") || file.token(file.tokens[name], is: "UUID")
    }

    /// Static: a method of `self` given `&self.members[…]` gets a copy of `self` as its receiver, which
    /// holds a second reference to the dictionary and makes every append copy it (quadratic in properties).
    private static func append(_ leaves: [ProvenanceLeaf], to list: inout [ProvenanceLeaf]) {
        // Only what decides: an unknown origin from another file adds nothing a name's words do not.
        for leaf in leaves where leaf.origin != .unknown && list.count < Self.leavesPerName && !list.contains(leaf) {
            list.append(leaf)
        }
    }

    func leaves(for name: String, isCall: Bool) -> [ProvenanceLeaf]? {
        isCall ? functionReturns[name] : members[name]
    }

    /// One file's facts: every property and member assignment, every function with a return type.
    package static func collect(in context: AnalysisContext) -> ValueFacts {
        let classifier = ValueClassifier(parameters: context.metadata(for: "transient_handle")?.parameters)
        var walk = ValueProvenance(context: context, classifier: classifier, external: nil)
        var facts = ValueFacts()
        let file = context.file
        let outline = context.outline
        for variable in outline.variables where variable.kind == .property && variable.enclosingType != nil {
            guard variable.initializer != nil || !variable.accessorBlocks.isEmpty,
                Self.mayHoldHandleValue(variable.type, in: file)
            else { continue }
            let name = file.name(at: variable.nameToken)
            let typeName = context.facts.typeNames[variable.enclosingType!]
            var leaves = walk.trace(variable.nameToken..<variable.nameToken + 1)
            for index in leaves.indices { leaves[index].chain.insert("`\(typeName).\(name)`", at: 0) }
            Self.append(leaves, to: &facts.members[name, default: []])
        }
        // `traceReturns` reads every function of a name at once: a name defined many times is traced once,
        // not once per definition (that was quadratic in a file of many same-named functions).
        var tracedNames: Set<String> = []
        for function in outline.functions where function.kind == .function && function.returnType != nil {
            guard function.body != nil, Self.mayHoldHandleValue(function.returnType, in: file) else { continue }
            let name = file.name(at: function.nameToken)
            guard tracedNames.insert(name).inserted else { continue }
            let call = function.nameToken..<function.nameToken + 1
            var leaves = walk.traceReturns(of: name, at: call)
            for index in leaves.indices { leaves[index].chain.insert("`\(name)()`", at: 0) }
            Self.append(leaves, to: &facts.functionReturns[name, default: []])
        }
        facts.boolConstants = BoolFolding.constants(in: context)
        facts.work = walk.work
        facts.work.returnsExamined = walk.index?.returnsExamined ?? 0
        return facts
    }
}
