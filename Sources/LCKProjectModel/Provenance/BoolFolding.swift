import LCKCore
import LCKLexer
import LCKParser

/// Folds a Bool capability flag to a constant: `true`/`false`, or a name bound by `let` (a local, a
/// property, a `static let`, a global) to one, through other such names. Every declaration of the name
/// counts, so a constant that is `true` in one `#if` branch is `true`. Bounded steps, no recursion.
package struct BoolFolding {
    static let stepBudget = 8

    let context: AnalysisContext
    let external: ValueFacts?
    /// Names folded and declarations read in the current fold (a caller folding several values resets it).
    var steps = 0
    /// Initializers put on the walk's stack, over all folds (work, for the linearity test).
    private(set) var pushed = 0
    /// Variables read to index the file's properties, over all folds (work, for the linearity tests).
    package private(set) var propertiesIndexed = 0
    /// The file's properties by name, made on first use: scanning every variable per name made folding
    /// the constants of one large file quadratic.
    private var propertiesByName: [String: Declarations]?

    /// What the declarations of one name hold for folding.
    private struct Declarations {
        /// Initializers of its `let` declarations, in file order.
        var constantInitializers: [Range<Int>] = []
        /// A `var` or a `let` without a value among them: not a constant.
        var hasNonConstant = false

        var isEmpty: Bool { constantInitializers.isEmpty && !hasNonConstant }

        mutating func add(_ record: VariableDecl) {
            if record.isConstant, let initializer = record.initializer {
                constantInitializers.append(initializer)
            } else {
                hasNonConstant = true
            }
        }
    }

    package init(context: AnalysisContext, external: ValueFacts?) {
        self.context = context
        self.external = external
    }

    /// The values `range` can have; nil in the set means "not a constant".
    package mutating func values(of range: Range<Int>) -> Set<Bool?> {
        var result: Set<Bool?> = []
        var pending = [range]
        var seen: Set<String> = []
        while let current = pending.popLast() {
            steps += 1
            guard steps <= Self.stepBudget else { return result.union([nil]) }
            if let literal = Self.literal(current, in: context.file) {
                result.insert(literal)
                continue
            }
            guard let name = Self.constantName(current, in: context.file) else {
                result.insert(nil)
                continue
            }
            guard seen.insert(name).inserted else { continue }
            let declarations = declarations(named: name, at: current.lowerBound)
            if declarations.isEmpty {
                result.formUnion(external?.boolConstants[name] ?? [nil])
                continue
            }
            if declarations.hasNonConstant { result.insert(nil) }
            // At most `stepBudget - steps` more pops are folded, from the top of the stack, and one more ends
            // the walk: initializers pushed below those are never read (N same-named properties, one per
            // class, cost the budget, not N).
            let read = declarations.constantInitializers.suffix(Self.stepBudget - steps + 1)
            pushed += read.count
            pending.append(contentsOf: read)
        }
        return result
    }

    /// Starts the next value's fold with the whole step budget; the property index made so far is kept,
    /// so one folding serves every value of a file.
    package mutating func startFold() { steps = 0 }

    /// Folds to `false` on every declaration: the capability is never advertised.
    package mutating func isAlwaysFalse(_ range: Range<Int>) -> Bool { values(of: range) == [false] }

    /// The local the name refers to here, else every property or global of that name in the file.
    private mutating func declarations(named name: String, at token: Int) -> Declarations {
        if let local = context.facts.lookup(name: name, at: token), context.outline.variables[local].kind == .local {
            var declarations = Declarations()
            declarations.add(context.outline.variables[local])
            return declarations
        }
        if propertiesByName == nil {
            var byName: [String: Declarations] = [:]
            propertiesIndexed += context.outline.variables.count
            for variable in context.outline.variables where variable.kind == .property {
                byName[context.file.name(at: variable.nameToken), default: Declarations()].add(variable)
            }
            propertiesByName = byName
        }
        return propertiesByName?[name] ?? Declarations()
    }

    static func literal(_ range: Range<Int>, in file: TokenizedFile) -> Bool? {
        guard range.count == 1 else { return nil }
        switch file.tokens[range.lowerBound].keyword {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// `flag`, `self.flag`, `Self.flag`, `Config.flag`: the last name.
    static func constantName(_ range: Range<Int>, in file: TokenizedFile) -> String? {
        let tokens = file.tokens
        guard range.count == 1 || range.count == 3, tokens[range.upperBound - 1].kind == .identifier else { return nil }
        if range.count == 3, tokens[range.lowerBound + 1].kind != .period { return nil }
        return file.name(at: range.upperBound - 1)
    }

    /// Every `let` Bool constant of a file (properties and globals) with what it folds to in the file.
    static func constants(in context: AnalysisContext) -> [String: Set<Bool?>] {
        var result: [String: Set<Bool?>] = [:]
        var folding = BoolFolding(context: context, external: nil)
        for variable in context.outline.variables where variable.kind == .property && variable.isConstant {
            guard let initializer = variable.initializer, initializer.count <= 3 else { continue }
            folding.startFold()
            let values = folding.values(of: initializer)
            guard values.contains(where: { $0 != nil }) else { continue }
            result[context.file.name(at: variable.nameToken), default: []].formUnion(values)
        }
        return result
    }
}
