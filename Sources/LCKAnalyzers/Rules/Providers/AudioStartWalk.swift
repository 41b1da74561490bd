import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel

extension AudioOutsideActivationAnalyzer {
    /// The audio starts reachable from one root function through same-file helpers, as findings.
    struct AudioStartWalk {
        let context: AnalysisContext
        let vocabulary: Vocabulary
        let analyzer: AudioOutsideActivationAnalyzer
        let functionsByName: SameFileFunctions
        let localTypes: Set<String>
        let enabling: [Int]
        private var reported: Set<Int> = []
        private(set) var findings: [Finding] = []
        /// Helper functions looked at (work, for the linearity test).
        private(set) var helpersExamined = 0
        /// Each function's starts and selector, found once: repeated code reaches the same helpers from
        /// every copy's handler.
        private var startsByFunction: [Int: [Start]] = [:]
        private var selectors: [Int: String] = [:]
        /// Per helper list and depth, the members that may still add a finding, in order; pruned as they
        /// stop (see `mayReport`), so a list of every same-named copy is not walked again from every root.
        private var live: [Int: [Int]] = [:]
        /// Per function, how many of its audio starts (in order) are known reported.
        private var reportedPrefix: [Int: Int] = [:]

        init(context: AnalysisContext, vocabulary: Vocabulary, analyzer: AudioOutsideActivationAnalyzer) {
            self.context = context
            self.vocabulary = vocabulary
            self.analyzer = analyzer
            functionsByName = SameFileFunctions(context)
            localTypes = Set(context.facts.typeNames)
            enabling = AudioOutsideActivationAnalyzer.enablingAssignments(context, vocabulary: vocabulary)
        }

        /// Walks `root` and the same-file helpers it calls, `helperDepth` levels below it in all.
        mutating func report(
            from root: Int, place: String, helperPlace: String, depth startDepth: Int = 0,
            witness startWitness: [WitnessStep] = [], callFlow: String? = nil
        ) {
            let outline = context.outline
            // (function, depth, witness, why not high) — an explicit worklist, so helper chains never recurse.
            var work: [(Int, Int, [WitnessStep], String?)] = [(root, startDepth, startWitness, nil)]
            var visited: Set<Int> = [root]
            while let (current, depth, witness, ambiguity) = work.popLast() {
                guard outline.functions[current].body != nil else { continue }
                for start in starts(of: current) {
                    switch start {
                    case .helper(let callToken, let helpers):
                        guard depth < AudioOutsideActivationAnalyzer.helperDepth else { continue }
                        let candidates = functionsByName.members(of: helpers).count
                        for helper in liveMembers(of: helpers, depth: depth + 1) where !visited.contains(helper) {
                            let helperSelector = selector(of: helper)
                            if CallRoles.activationSelectors.contains(helperSelector) || helper == root { continue }
                            visited.insert(helper)
                            let step = WitnessStep(
                                range: context.range(ofToken: callToken),
                                message:
                                    "`\(selector(of: current))` calls `\(helperSelector)`")
                            // A helper chosen among several same-named functions is a name-only link.
                            let chosen =
                                candidates > 1
                                ? "not high: `\(helperSelector)` resolved by name among \(candidates) definitions" : nil
                            work.append((helper, depth + 1, witness + [step], ambiguity ?? chosen))
                        }
                    case .audio(let token, let what):
                        guard reported.insert(token).inserted else { continue }
                        let location = current == root ? place : helperPlace
                        let confidence: Confidence? = callFlow != nil ? .low : ambiguity != nil ? .medium : nil
                        let reasons =
                            callFlow.map { ["call-flow function name `\($0)`"] } ?? ambiguity.map { [$0] } ?? []
                        findings.append(
                            context.finding(
                                analyzer.ruleID, at: context.range(ofToken: token),
                                message: "\(what) \(location), before the system activates the call's audio session; "
                                    + "start audio in `didActivate` instead",
                                confidence: confidence, witness: witness, evidence: [what] + reasons))
                    }
                }
            }
        }

        mutating func selector(of function: Int) -> String {
            if let known = selectors[function] { return known }
            let text = context.outline.selector(ofFunction: function, in: context.file)
            selectors[function] = text
            return text
        }

        mutating func starts(of function: Int) -> [Start] {
            if let known = startsByFunction[function] { return known }
            let found = analyzer.starts(
                in: context.outline.functions[function].body ?? 0..<0, context: context, vocabulary: vocabulary,
                functionsByName: functionsByName, callerType: functionsByName.typeName(of: function),
                localTypes: localTypes, enabling: enabling)
            startsByFunction[function] = found
            return found
        }

        /// The members of helper list `list` that visiting at `depth` could still report from, in order.
        /// Skipping the others changes nothing: a visit reports only audio starts not yet reported, those
        /// only become reported, and an activation handler is never visited.
        mutating func liveMembers(of list: Int, depth: Int) -> [Int] {
            let key = list * (AudioOutsideActivationAnalyzer.helperDepth + 1) + depth
            let members =
                live[key]
                ?? functionsByName.members(of: list).filter {
                    !CallRoles.activationSelectors.contains(selector(of: $0))
                }
            var kept: [Int] = []
            for member in members {
                helpersExamined += 1
                if mayReport(member, depth: depth) { kept.append(member) }
            }
            live[key] = kept
            return kept
        }

        /// Whether visiting `function` at `depth` may report: an audio start of its own not reported yet,
        /// or (above the last level) a helper list with such a member. Recursion bounded by `helperDepth`.
        private mutating func mayReport(_ function: Int, depth: Int) -> Bool {
            let found = starts(of: function)
            var audio = 0
            let known = reportedPrefix[function] ?? 0
            for start in found {
                guard case .audio(let token, _) = start else { continue }
                audio += 1
                guard audio > known else { continue }
                if !reported.contains(token) { return true }
                reportedPrefix[function] = audio
            }
            guard depth < AudioOutsideActivationAnalyzer.helperDepth else { return false }
            for start in found {
                if case .helper(_, let list) = start, !liveMembers(of: list, depth: depth + 1).isEmpty { return true }
            }
            return false
        }
    }
}

/// A file's functions with bodies by name, and by name within their type, so a helper call is matched to
/// the caller's own method without comparing every same-named function of the file.
struct SameFileFunctions {
    private var byName: [String: Int] = [:]
    private var byNameAndType: [String: [String: Int]] = [:]
    /// The lists the lookups return, by id (a walk keeps what it learnt about each list).
    private var lists: [[Int]] = []
    private let typeNames: [String?]

    init(_ context: AnalysisContext) {
        let outline = context.outline
        typeNames = outline.functions.map { function in function.enclosingType.map { context.facts.typeNames[$0] } }
        var byName: [String: [Int]] = [:]
        var byNameAndType: [String: [String: [Int]]] = [:]
        for (index, function) in outline.functions.enumerated()
        where function.kind == .function && function.body != nil {
            let name = context.file.name(at: function.nameToken)
            byName[name, default: []].append(index)
            if let type = typeNames[index] { byNameAndType[name, default: [:]][type, default: []].append(index) }
        }
        for (name, members) in byName {
            self.byName[name] = lists.count
            lists.append(members)
        }
        for (name, types) in byNameAndType {
            for (type, members) in types {
                self.byNameAndType[name, default: [:]][type] = lists.count
                lists.append(members)
            }
        }
    }

    func typeName(of function: Int) -> String? { typeNames[function] }

    func members(of list: Int) -> [Int] { lists[list] }

    /// The list of functions `name` may reach: `type`'s own when it declares the name here, else every one.
    func functions(named name: String, in type: String?) -> Int? {
        if let type, let own = byNameAndType[name]?[type] { return own }
        return byName[name]
    }
}
