import LCKCore
import LCKLexer
import LCKParser

/// The summaries a path analysis consults; a class so the builder's updates are seen by every
/// `StatementSyntax` of its files without copying the table.
package final class SummaryTable {
    var summaries: FunctionSummaries
    /// Work of `FunctionSummaries.resolve` for calls of these files (`SummaryWork.resolveExamined`).
    var resolveExamined = 0

    init(_ summaries: FunctionSummaries = FunctionSummaries()) { self.summaries = summaries }
}

/// A file the pre-pass parsed, kept until the summaries are built.
package struct ParsedFile: Sendable {
    var context: AnalysisContext
    /// The display path, for witness steps in other files.
    var path: String

    package init(context: AnalysisContext, path: String) {
        self.context = context
        self.path = path
    }
}

/// Builds `FunctionSummaries` for the functions of the parsed files: bottom-up over the call graph with
/// a worklist, to a fixpoint (recursion ends because a summary is only recomputed when a callee's
/// changed), with no recursion on input depth and at most `cap` summaries computed per scan; past it,
/// what is left is unknown.
package struct SummaryBuilder {
    /// Summaries computed per function, at most (a fixpoint over cycles recomputes a few).
    static let iterationsPerFunction = 8
    static let minimumCap = 10_000

    private struct Node {
        var file: Int
        var function: Int
        var name: String
        var slot: Int
    }

    private let files: [ParsedFile]
    private let syntaxes: [StatementSyntax]
    private let table: SummaryTable
    private var nodes: [Node] = []
    private var callees: [[Int]] = []
    private var callers: [[Int]] = []

    /// Names called by handlers whose files were not kept: any function with one of them is a root too.
    private let rootNames: Set<String>
    private let handlerCalls: [(name: String, step: RemoteStep)]
    /// The analyzers' per-function facts, each kind once.
    private let functionFacts: [any FunctionFact.Type]

    package init(
        files: [ParsedFile], rootNames: Set<String> = [], handlerCalls: [(name: String, step: RemoteStep)] = [],
        functionFacts: [any FunctionFact.Type] = []
    ) {
        self.files = files
        var seen: Set<ObjectIdentifier> = []
        self.functionFacts = functionFacts.filter { seen.insert(ObjectIdentifier($0)).inserted }
        self.rootNames = rootNames
        self.handlerCalls = handlerCalls
        let table = SummaryTable()
        self.table = table
        let syntaxes = files.map { StatementSyntax(context: $0.context, table: table) }
        self.syntaxes = syntaxes
        var byName: [String: [Int]] = [:]
        let reached = Self.reachable(files, rootNames: rootNames)
        for (fileIndex, parsed) in files.enumerated() {
            let outline = parsed.context.outline
            for function in outline.functions.indices where reached.contains(Self.key(fileIndex, function)) {
                let skeleton = Self.skeleton(function, in: parsed, syntax: syntaxes[fileIndex])
                let slot = table.summaries.add(skeleton)
                byName[skeleton.baseName, default: []].append(nodes.count)
                nodes.append(Node(file: fileIndex, function: function, name: skeleton.baseName, slot: slot))
            }
        }
        callees = Self.dependencies(of: nodes, files: files, syntaxes: syntaxes, byName: byName, table: table)
        callers = Array(repeating: [], count: callees.count)
        for (caller, list) in callees.enumerated() { for callee in list { callers[callee].append(caller) } }
    }

    /// Past this many summaries read by one call (same-named bodies on a receiver of unknown type), the
    /// caller depends on one hub for all of them instead of on each: N such callers made N² edges.
    static let hubThreshold = 8

    /// Each node's callees: the summaries `resolve` reads for its calls (the caller's own method of a name,
    /// not every same-named one), or the hub standing for them. Hubs follow the nodes (ids from
    /// `nodes.count` on); a hub's callees are the summaries it stands for.
    private static func dependencies(
        of nodes: [Node], files: [ParsedFile], syntaxes: [StatementSyntax], byName: [String: [Int]],
        table: SummaryTable
    ) -> [[Int]] {
        let summaries = table.summaries
        var hubs: [AgreementCache.Key: Int] = [:]
        var hubMembers: [[Int]] = []
        var result: [[Int]] = []
        for node in nodes {
            let context = files[node.file].context
            guard let body = context.outline.functions[node.function].body else {
                result.append([])
                continue
            }
            let syntax = syntaxes[node.file]
            var callees: Set<Int> = []
            for call in context.outline.calls(in: body) {
                guard
                    let read = summaries.slotsRead(
                        by: call, in: context.file, outline: context.outline,
                        callerType: { syntax.callerType(of: call) }),
                    let named = byName[read.key.name]
                else { continue }
                guard read.count > hubThreshold else {
                    for slot in read.slots { callees.insert(named[slot]) }
                    continue
                }
                if let hub = hubs[read.key] {
                    callees.insert(hub)
                } else {
                    hubs[read.key] = nodes.count + hubMembers.count
                    callees.insert(nodes.count + hubMembers.count)
                    hubMembers.append(read.slots.map { named[$0] })
                }
            }
            result.append(callees.sorted())
        }
        return result + hubMembers
    }

    private static func key(_ file: Int, _ function: Int) -> Int64 { Int64(file) << 32 | Int64(function) }

    /// Definitions of one name that reachability still follows; a call to a name with more is unknown
    /// unless a receiver type picks one, and then that type's own method is among the first few.
    static let maximumDefinitionsFollowed = 8

    /// The functions summaries are for: the handlers and the functions that report an incoming call (the
    /// roots), and every function they call, transitively, by name. Other functions of the parsed files
    /// are never asked about, so they cost nothing.
    private static func reachable(_ files: [ParsedFile], rootNames: Set<String>) -> Set<Int64> {
        var definitions: [String: [Int64]] = [:]
        var stack: [Int64] = []
        for (fileIndex, parsed) in files.enumerated() {
            let outline = parsed.context.outline
            let file = parsed.context.file
            for function in outline.functions.indices
            where outline.functions[function].kind == .function && outline.functions[function].bodyBlock != nil {
                let name = file.name(at: outline.functions[function].nameToken)
                definitions[name, default: []].append(key(fileIndex, function))
                let isRoot =
                    rootNames.contains(name) || HelperReach.isRoot(function, in: parsed.context)
                    || HelperReach.reports(outline.calls(in: outline.functions[function].body!), in: parsed.context)
                if isRoot { stack.append(key(fileIndex, function)) }
            }
        }
        var reached: Set<Int64> = []
        while let next = stack.popLast() {
            guard reached.insert(next).inserted else { continue }
            let context = files[Int(next >> 32)].context
            guard let body = context.outline.functions[Int(next & 0xFFFF_FFFF)].body else { continue }
            for call in context.outline.calls(in: body) {
                // A name with many bodies resolves to none of them (`FunctionSummaries.resolve`): not followed.
                guard let defined = definitions[context.file.name(at: context.outline.calls[call].nameToken)],
                    defined.count <= Self.maximumDefinitionsFollowed
                else { continue }
                stack.append(contentsOf: defined)
            }
        }
        return reached
    }

    /// The summaries, with the work it took.
    package mutating func build() -> FunctionSummaries {
        let cap = max(Self.minimumCap, nodes.count * Self.iterationsPerFunction)
        var queued = Array(repeating: false, count: callees.count)
        var worklist = postOrder()
        for node in worklist { queued[node] = true }
        var head = 0
        var work = SummaryWork()
        while head < worklist.count {
            let node = worklist[head]
            head += 1
            queued[node] = false
            // A hub: summaries it stands for changed since its callers were queued, so they are queued again.
            guard node < nodes.count else {
                for caller in callers[node] where !queued[caller] {
                    queued[caller] = true
                    worklist.append(caller)
                }
                continue
            }
            guard work.iterations < cap else {
                work.cappedSummaries += 1
                let current = table.summaries.summary(named: nodes[node].name, slot: nodes[node].slot)
                table.summaries.set(current.unknown(), slot: nodes[node].slot)
                continue
            }
            work.iterations += 1
            let before = table.summaries.summary(named: nodes[node].name, slot: nodes[node].slot)
            let file = nodes[node].file
            var facts = SummaryFacts(
                context: files[file].context, syntax: syntaxes[file], path: files[file].path,
                function: nodes[node].function, functionFacts: functionFacts)
            let after = facts.summarize(before)
            work.visitedStatements += facts.visitedBlocks
            guard after != before else { continue }
            table.summaries.set(after, slot: nodes[node].slot)
            for caller in callers[node] where !queued[caller] {
                queued[caller] = true
                worklist.append(caller)
            }
        }
        work.resolveExamined = table.resolveExamined
        work.dependencyEdges = callees.reduce(0) { $0 + $1.count }
        var result = table.summaries
        result.finish(work: work)
        result.handlerHelpers = handlerHelpers(definitions: result)
        return result
    }

    /// Functions defined once in the parsed files that a handler of another file calls directly, with the
    /// first such call in file order (see `FunctionSummaries.handlerHelpers`).
    private func handlerHelpers(definitions: FunctionSummaries) -> [String: RemoteStep] {
        var result: [String: RemoteStep] = [:]
        for (name, step) in handlerCalls where result[name] == nil && definitions.byName[name]?.count == 1 {
            result[name] = step
        }
        return result
    }

    /// Callees before callers, hubs included (a depth-first post-order with an explicit stack); cycles in any
    /// order.
    private func postOrder() -> [Int] {
        var state = Array(repeating: UInt8(0), count: callees.count)  // 0 new, 1 open, 2 done
        var order: [Int] = []
        for root in callees.indices where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < callees[top.node].count {
                    stack[stack.count - 1].next += 1
                    let callee = callees[top.node][top.next]
                    if state[callee] == 0 {
                        state[callee] = 1
                        stack.append((callee, 0))
                    }
                } else {
                    stack.removeLast()
                    state[top.node] = 2
                    order.append(top.node)
                }
            }
        }
        return order
    }

    /// The declaration's shape, with every fact still unknown.
    private static func skeleton(_ function: Int, in parsed: ParsedFile, syntax: StatementSyntax) -> FunctionSummary {
        let context = parsed.context
        let file = context.file
        let record = context.outline.functions[function]
        let parameters = record.parameters.map { parameter in
            SummaryParameter(
                label: file.name(at: parameter.firstName), hasDefault: parameter.defaultValue != nil,
                isClosure: parameter.type.map { type in
                    type.shape == .function || type.range.contains { file.tokens[$0].kind == .arrow }
                } ?? false)
        }
        let typeName = record.enclosingType.map { file.name(at: context.outline.types[$0].nameToken) }
        let location = syntax.remoteStep(at: record.nameToken, path: parsed.path, "")
        var summary = FunctionSummary(
            selector: context.outline.selector(ofFunction: function, in: file),
            baseName: file.name(at: record.nameToken),
            typeName: typeName, parameters: parameters, location: location)
        summary.reportsIncoming = ObligationFact(coverage: .unknown)
        return summary
    }
}
