import LCKCore
import LCKLexer
import LCKRules
import Testing

@testable import LCKAnalyzers
@testable import LCKProjectModel

/// Value provenance: each class of value, and the walk's counted, bounded work.
@Suite struct ValueProvenanceTests {
    func origins(_ source: String, value: String) -> ([ValueOrigin], ProvenanceWork) {
        let context = AnalysisContext(file: Lexer.tokenize(Array(source.utf8)), rules: ModelTestSupport.rules)
        var walk = TransientHandleAnalyzer.provenance(in: context)
        let call = context.outline.calls.last { context.file.name(at: $0.nameToken) == "CXHandle" }!
        let range = CallRoles.argument(value, of: call, in: context.file)!.value
        let leaves = walk.trace(range)
        return (leaves.map(\.origin), walk.work)
    }

    @Test func eachShapeHasItsClass() {
        let cases: [(String, ValueOrigin)] = [
            (#"CXHandle(type: .generic, value: "\(a.id)-\(b.id)")"#, .compositeKey),
            (#"CXHandle(type: .generic, value: UUID().uuidString)"#, .uuidOrRandom),
            (
                #"CXHandle(type: .generic, value: NSLocalizedString("Unknown caller", comment: ""))"#,
                .localizedPlaceholder
            ),
            (#"CXHandle(type: .generic, value: "INCOMING_CALL")"#, .placeholderLiteral),
            (#"CXHandle(type: .phoneNumber, value: "+10000000000")"#, .placeholderLiteral),
            (#"CXHandle(type: .phoneNumber, value: "+14155550123")"#, .phoneNumber),
            (#"CXHandle(type: .emailAddress, value: "alice@example.com")"#, .emailAddress),
            (#"CXHandle(type: .generic, value: "room-4@conference.example.com")"#, .sessionID),
            ("CXHandle(type: .generic, value: payload.userID)", .stablePersonID),
            ("CXHandle(type: .generic, value: caller.displayName)", .displayName),
        ]
        for (source, expected) in cases {
            #expect(origins("let h = " + source, value: "value").0 == [expected], "\(source)")
        }
    }

    @Test func computedPropertiesAndReturnsAreFollowed() {
        let source = """
            struct Call {
                let a: String
                let b: String
                var key: String { "\\(a)-\\(b)" }
                func token() -> String { return UUID().uuidString }
                var h: CXHandle { CXHandle(type: .generic, value: flag ? key : token()) }
            }
            """
        #expect(origins(source, value: "value").0 == [.compositeKey, .uuidOrRandom])
    }

    /// A chain of locals longer than the budget stops at the budget: the work is bounded per value,
    /// whatever the input's depth.
    @Test func walksStayWithinTheStepBudget() {
        func chain(_ length: Int) -> ProvenanceWork {
            var lines = ["let v0 = UUID().uuidString"]
            for index in 1...length { lines.append("let v\(index) = v\(index - 1)") }
            lines.append("let h = CXHandle(type: .generic, value: v\(length))")
            return origins("func f() {\n" + lines.joined(separator: "\n") + "\n}", value: "value").1
        }
        let short = chain(10)
        #expect(short.steps == 12)
        #expect(short.exhausted == 0)
        let long = chain(400)
        #expect(long.steps == ValueProvenance.stepBudget)
        #expect(long.exhausted == 1)
    }

    @Test func boolFlagsFoldThroughConstantsAndBuildConfigurations() {
        let source = """
            let off = false
            #if DEBUG
            let debugOnly = true
            #else
            let debugOnly = false
            #endif
            func f() {
                let hold = off
                let x = hold
                let y = debugOnly
            }
            """
        let context = AnalysisContext(file: Lexer.tokenize(Array(source.utf8)), rules: ModelTestSupport.rules)
        var folding = BoolFolding(context: context, external: nil)
        let x = context.outline.variables.first { context.file.name(at: $0.nameToken) == "x" }!.initializer!
        let y = context.outline.variables.first { context.file.name(at: $0.nameToken) == "y" }!.initializer!
        let xFolds = folding.isAlwaysFalse(x)
        let yValues = folding.values(of: y)
        #expect(xFolds)
        #expect(yValues == [true, false])
    }

    /// `count` classes, each with `let isEnabled = false` and `let supportsVideo = isEnabled`.
    static func pushedFoldingEveryFlag(classes count: Int) -> Int {
        let source = (0..<count).map {
            "final class Box\($0) {\n    let isEnabled = false\n    let supportsVideo = isEnabled\n}\n"
        }.joined()
        let context = AnalysisContext(file: Lexer.tokenize(Array(source.utf8)), rules: ModelTestSupport.rules)
        var folding = BoolFolding(context: context, external: nil)
        for variable in context.outline.variables where context.file.name(at: variable.nameToken) == "supportsVideo" {
            folding.steps = 0
            // Past the step budget among the name's many declarations: not known to be a constant.
            #expect(folding.values(of: variable.initializer!) == [false, nil])
        }
        return folding.pushed
    }

    /// Every class's flag names the same-named constants of all the others: folding one reads the step budget
    /// of them, not all.
    @Test func foldingAmongManySameNamedConstantsReadsTheBudgetNotAll() {
        let small = Self.pushedFoldingEveryFlag(classes: 200)
        let large = Self.pushedFoldingEveryFlag(classes: 400)
        #expect(small > 0)
        #expect(Double(large) / Double(small) <= 2.1, "\(small) → \(large)")
    }
}
