import LCKCore
import LCKLexer
import LCKRules
import Testing

@testable import LCKAnalyzers
@testable import LCKProjectModel

/// Many fulfills, or many early returns, in one answer handler (issue 29, items 8 and 9): the
/// premature-fulfill timing looks for later work among the few calls that could be work, and finds blocks
/// and closures by index; the path walker appends to a path in place. Work counted, not time: N and 2N
/// must cost about twice, not four times.
@Suite struct FulfillLinearityTests {
    enum Shape: String, CaseIterable, Sendable {
        /// `if a { action.fulfill() }`, N × `else if bI { action.fulfill() }`, `else { action.fail() }`.
        case elseIfChain
        /// The same chain on one line.
        case elseIfLine
        /// N × `case let a as CXAnswerCallAction: a.fulfill()` in a `CXAction` handler.
        case switchCases
        /// The chain with `startCall(action)` after each fulfill.
        case workAfter
        /// N × `if bI { Task { await answer(action) }; action.fulfill() }`.
        case deferredWork
        /// N × `if cI { return }`, then `action.fulfill()`.
        case earlyReturns
        /// N × `if x == I { action.fulfill(); return }`, then `action.fail()`.
        case fulfillReturns
    }

    static func source(_ shape: Shape, count: Int) -> String {
        let body: String
        switch shape {
        case .elseIfChain, .elseIfLine, .workAfter:
            let work = shape == .workAfter ? "; startCall(action)" : ""
            let separator = shape == .elseIfLine ? " " : "\n"
            body =
                "if a { action.fulfill() }"
                + (0..<count).map { "\(separator)else if b\($0) { action.fulfill()\(work) }" }.joined()
                + "\(separator)else { action.fail() }\n"
        case .deferredWork:
            body = (0..<count).map { "if b\($0) { Task { await answer(action) }; action.fulfill() }\n" }.joined()
        case .switchCases:
            body =
                "switch action {\n" + String(repeating: "case let a as CXAnswerCallAction: a.fulfill()\n", count: count)
                + "default: action.fail()\n}\n"
        case .earlyReturns:
            body = (0..<count).map { "if c\($0) { return }\n" }.joined() + "action.fulfill()\n"
        case .fulfillReturns:
            body = (0..<count).map { "if x == \($0) { action.fulfill(); return }\n" }.joined() + "action.fail()\n"
        }
        let actionType = shape == .switchCases ? "CXAction" : "CXAnswerCallAction"
        return """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: \(actionType)) {
            \(body)    }
            }

            """
    }

    static func context(_ shape: Shape, count: Int) -> AnalysisContext {
        AnalysisContext(file: Lexer.tokenize(Array(source(shape, count: count).utf8)), rules: AnalyzerTestSupport.rules)
    }

    /// Calls, closures and blocks the premature-fulfill timing looks at, and the findings it makes.
    static func timingWork(_ shape: Shape, count: Int) -> (work: Int, findings: Int) {
        let work = Counter()
        var findings: [Finding] = []
        PrematureFulfillAnalyzer().analyze(context(shape, count: count), into: &findings, work: work)
        return (work.value, findings.count)
    }

    /// Witness steps the path walker writes for "is the action fulfilled or failed" over the handler.
    static func stepsWritten(_ shape: Shape, count: Int) -> Int {
        let context = context(shape, count: count)
        let syntax = StatementSyntax(context: context)
        guard
            let handler = context.outline.functions.first(where: { context.file.name(at: $0.nameToken) == "provider" }),
            let body = handler.bodyBlock
        else { return 0 }
        let resolution = ActionResolution(context: context, syntax: syntax, depth: 0)
        var walker = PathWalker(context: context, syntax: syntax, rules: resolution.rules(for: ["action"]))
        _ = walker.summary(of: body)
        return walker.stepsWritten
    }

    @Test(arguments: [Shape.elseIfChain, .elseIfLine, .switchCases, .workAfter, .deferredWork, .fulfillReturns])
    func fulfillTimingWorkIsLinearInTheFulfills(shape: Shape) {
        let small = Self.timingWork(shape, count: 1_000)
        let large = Self.timingWork(shape, count: 2_000)
        #expect(small.work >= 1_000)
        // Only the fulfills followed by `startCall(action)` or beside a task are early; the findings double with them.
        #expect(small.findings == ([.workAfter, .deferredWork].contains(shape) ? 1_000 : 0))
        #expect(large.findings == 2 * small.findings)
        #expect(Double(large.work) <= 2.2 * Double(small.work), "\(shape): \(small.work) → \(large.work)")
    }

    @Test(arguments: [Shape.earlyReturns, .fulfillReturns])
    func witnessStepsGrowWithTheBranchesNotTheirSquare(shape: Shape) {
        let small = Self.stepsWritten(shape, count: 1_000)
        let large = Self.stepsWritten(shape, count: 2_000)
        #expect(small >= 1_000)
        #expect(Double(large) <= 2.2 * Double(small), "\(shape): \(small) → \(large)")
    }
}
