import LCKLexer
import LCKTestSupport
import Testing

@testable import LCKParser

/// One large file (issue 15): the innermost type body around a token and the variable a name refers to
/// are found by bisection, not by a scan of every type or same-named variable per use (which made a
/// 50 MB file take 4.9 s instead of about 3).
@Suite struct InnermostRangeIndexTests {
    /// Nested and disjoint ranges drawn at random: the index agrees with the smallest containing range
    /// (the first of equal ones), as the scans it replaced chose.
    @Test func agreesWithTheSmallestContainingRange() {
        var random = SeededRandom(seed: 15)
        for _ in 0..<50 {
            let ranges = ContainingRangesTests.ranges(&random, overlapping: false)
            let position = ranges.compactMap { $0?.upperBound }.max() ?? 0
            let index = InnermostRangeIndex(ranges)
            for token in -1...(position + 2) {
                let best = ContainingRangesTests.smallest(containing: token, in: ranges)
                #expect(index.innermost(containing: token) == best, "token \(token) in \(ranges)")
            }
        }
    }

    /// `count` functions in one type, each declaring and using its own `call`: every use of `call` has
    /// `count` same-named candidates.
    private static func facts(functions count: Int) -> (TypeFacts, [Int]) {
        var source = "final class Calls {\n"
        for index in 0..<count {
            source += "    func f\(index)() {\n        let call = makeCall()\n        call.start()\n    }\n"
        }
        source += "}\n"
        let file = Lexer.tokenize(Array(source.utf8))
        let uses = file.tokens.indices.filter {
            file.text(at: $0) == "call" && $0 + 1 < file.tokens.count && file.tokens[$0 + 1].kind == .period
        }
        return (TypeFacts(outline: Parser.parse(file), file: file), uses)
    }

    /// Scopes compared while resolving every use of `call`.
    private static func lookupWork(functions count: Int) -> Int {
        let (facts, uses) = facts(functions: count)
        var comparisons = 0
        for token in uses {
            let variable = facts.lookup(name: "call", at: token, comparisons: &comparisons)
            #expect(variable.map { facts.outline.variables[$0].scope.contains(token) } == true)
        }
        return comparisons
    }

    @Test func resolvingEveryUseIsLinearInTheNumberOfSameNamedVariables() {
        let small = Self.lookupWork(functions: 400)
        let large = Self.lookupWork(functions: 800)
        #expect(small >= 400)
        #expect(Double(large) <= 2.3 * Double(small), "scope comparisons \(small) → \(large)")
    }

    @Test func enclosingTypeMatchesTheOutline() {
        let source =
            "struct A {\n  struct B { let x = 1 }\n  let y = 2\n  class C { func f() { let z = 3 } }\n}\nlet w = 4\n"
        let file = Lexer.tokenize(Array(source.utf8))
        let outline = Parser.parse(file)
        let facts = TypeFacts(outline: outline, file: file)
        for token in file.tokens.indices {
            #expect(facts.enclosingType(at: token) == outline.enclosingType(at: token))
        }
    }
}
