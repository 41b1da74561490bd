import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKParser
import Testing

@testable import LCKProjectModel

/// How a call is matched to the project's function summaries (`FunctionSummaries.resolve`): by name and
/// labels, narrowed by a receiver that names a type or by the caller's own type, merged when several
/// bodies with one selector remain; and at a cost that does not grow with the number of same-named
/// functions (N classes declaring the same members).
@Suite struct SummaryResolveTests {
    static func summary(
        _ selector: String, type: String?, labels: [String], reports: Coverage = .all, throwsError: Bool = false
    ) -> FunctionSummary {
        let base = String(selector.prefix { $0 != "(" })
        var summary = FunctionSummary(
            selector: selector, baseName: base, typeName: type,
            parameters: labels.map { SummaryParameter(label: $0, hasDefault: false, isClosure: false) },
            location: RemoteStep(path: "Other.swift", position: SourcePosition(line: 1, column: 1), message: ""))
        summary.reportsIncoming = ObligationFact(coverage: reports)
        summary.facts[ReportErrorForwarding.self].throwsError = throwsError
        return summary
    }

    /// Resolves the call named `name` in `source` (its first), with `caller` as the caller's type.
    static func resolve(
        _ summaries: FunctionSummaries, in source: String, call name: String, caller: String? = nil
    ) -> ResolvedCall? {
        let file = Lexer.tokenize(Array(source.utf8))
        let context = AnalysisContext(file: file, rules: ModelTestSupport.rules)
        let outline = context.outline
        guard let call = outline.calls.indices.first(where: { file.name(at: outline.calls[$0].nameToken) == name })
        else { return nil }
        var examined = 0
        return summaries.resolve(call, in: file, outline: outline, examined: &examined) { caller }
    }

    static func table(_ summaries: [FunctionSummary]) -> FunctionSummaries {
        var table = FunctionSummaries()
        for summary in summaries { _ = table.add(summary) }
        return table
    }

    @Test func aReceiverNamingATypeReachesOnlyThatTypesFunction() throws {
        let table = Self.table([
            Self.summary("start(room:)", type: "Alpha", labels: ["room"], reports: .none),
            Self.summary("start(room:)", type: "Beta", labels: ["room"], reports: .some),
            Self.summary("start(_:)", type: "Beta", labels: ["_"], reports: .all),
        ])
        let resolved = try #require(Self.resolve(table, in: "Beta.start(room: r)\n", call: "start"))
        #expect(resolved.summary.typeName == "Beta" && resolved.summary.reportsIncoming.coverage == .some)
        #expect(resolved.argumentParameters == [0])
        let shared = try #require(Self.resolve(table, in: "Alpha.shared.start(room: r)\n", call: "start"))
        #expect(shared.summary.typeName == "Alpha")
        #expect(Self.resolve(table, in: "Gamma.start(room: r)\n", call: "start") == nil)
        #expect(Self.resolve(table, in: "Beta.start(r, extra: 1)\n", call: "start") == nil)
    }

    @Test func anUnqualifiedCallPrefersTheCallersOwnFunction() throws {
        let table = Self.table([
            Self.summary("start(room:)", type: "Alpha", labels: ["room"], reports: .none),
            Self.summary("start(room:)", type: "Beta", labels: ["room"], reports: .some),
        ])
        let own = try #require(Self.resolve(table, in: "start(room: r)\n", call: "start", caller: "Beta"))
        #expect(own.summary.typeName == "Beta" && own.summary.reportsIncoming.coverage == .some)
        let viaSelf = try #require(Self.resolve(table, in: "self.start(room: r)\n", call: "start", caller: "Alpha"))
        #expect(viaSelf.summary.typeName == "Alpha")
        // A caller of no type with a function of this name: both bodies, which disagree.
        let merged = try #require(Self.resolve(table, in: "start(room: r)\n", call: "start", caller: "Gamma"))
        #expect(merged.summary.typeName == "Alpha" && merged.summary.reportsIncoming.coverage == .unknown)
        let optional = try #require(Self.resolve(table, in: "box?.start(room: r)\n", call: "start"))
        #expect(optional.mayNotRun && optional.summary.reportsIncoming.coverage == .unknown)
    }

    @Test func bodiesWithDifferentSelectorsResolveToNone() {
        var second = Self.summary("start(room:)", type: "Beta", labels: ["room"])
        second.selector = "start(room:extra:)"
        second.parameters.append(SummaryParameter(label: "extra", hasDefault: true, isClosure: false))
        let table = Self.table([Self.summary("start(room:)", type: "Alpha", labels: ["room"]), second])
        #expect(Self.resolve(table, in: "box.start(room: r)\n", call: "start") == nil)
        // Narrowed to one type, the other's selector no longer matters.
        #expect(Self.resolve(table, in: "Beta.start(room: r)\n", call: "start")?.summary.typeName == "Beta")
    }

    @Test func severalAgreeingBodiesGiveWhatTheyAgreeOn() throws {
        var table = Self.table([
            Self.summary("start(room:)", type: "Alpha", labels: ["room"], reports: .all, throwsError: true),
            Self.summary("start(room:)", type: "Beta", labels: ["room"], reports: .all, throwsError: false),
            Self.summary("start(room:)", type: "Gamma", labels: ["room"], reports: .all, throwsError: true),
        ])
        let merged = try #require(Self.resolve(table, in: "box.start(room: r)\n", call: "start"))
        #expect(merged.summary.typeName == "Alpha" && merged.summary.reportsIncoming.coverage == .all)
        #expect(!merged.summary.facts[ReportErrorForwarding.self].throwsError)
        // A changed body changes the agreement (nothing cached goes stale).
        table.set(Self.summary("start(room:)", type: "Beta", labels: ["room"], reports: .none), slot: 1)
        let changed = try #require(Self.resolve(table, in: "box.start(room: r)\n", call: "start"))
        #expect(changed.summary.reportsIncoming.coverage == .unknown)
    }
}

/// N classes in one file, each with a handler calling its own `report` (N same-named summaries): the
/// summaries' calls are resolved at a cost per call that does not grow with N.
@Suite struct SummaryResolveLinearityTests {
    static func source(classes count: Int) -> String {
        "import CallKit\n"
            + (0..<count).map { index in
                """
                final class CallBox\(index): NSObject, CXProviderDelegate {
                    let box = CallBox\(index)()
                    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                        report(provider, UUID())
                        box.report(provider, UUID())
                        action.fulfill()
                    }
                    func report(_ provider: CXProvider, _ uuid: UUID) {
                        provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate()) { _ in }
                    }
                }

                """
            }.joined()
    }

    static func work(classes count: Int) -> SummaryWork {
        let bytes = Array(source(classes: count).utf8)
        let pass = AnalyzerSuite(rules: ModelTestSupport.rules).projectPass(fileCount: 1, jobs: 1) { _ in bytes }
        return pass.suite.project.summaries.work
    }

    @Test func resolvingCallsCostsTheCallsNotTheirSameNamedFunctions() {
        let small = Self.work(classes: 200)
        let large = Self.work(classes: 400)
        #expect(small.iterations >= 400 && small.cappedSummaries == 0)
        #expect(small.resolveExamined > 0)
        #expect(Double(large.resolveExamined) / Double(small.resolveExamined) <= 2.1, "\(small) → \(large)")
    }

    /// `box.report(…)` reads all N same-named `report` summaries: its N callers link to one hub for them, not
    /// to each (N² links), and the own-type `report(…)` links to one.
    @Test func callersOfManySameNamedBodiesLinkThroughOneHub() {
        let small = Self.work(classes: 200)
        let large = Self.work(classes: 400)
        #expect(small.dependencyEdges >= 400)
        #expect(Double(large.dependencyEdges) / Double(small.dependencyEdges) <= 2.1, "\(small) → \(large)")
    }
}
