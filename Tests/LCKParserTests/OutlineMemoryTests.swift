import LCKLexer
import Testing

@testable import LCKParser

/// Issue 15, bounded memory: the outline's bracket table and blocks hold room by count, not by measuring RSS.
@Suite struct OutlineMemoryTests {
    /// A bracket match is held for brackets only (a dense table held 4 bytes for every token): token-dense
    /// input without brackets costs a quarter of a byte a token, nested calls 4 bytes a bracket more.
    @Test func bracketTableHoldsRoomForBracketsOnly() {
        for size in [2_000, 40_000] {
            let dense = Parsed("let x = " + Array(repeating: "a", count: size).joined(separator: ","))
            let tokens = dense.file.tokens.count
            #expect(dense.outline.matchingBracket.heldBytes <= tokens / 4 + 64, "\(size) names")

            let nested = Parsed((0..<size).map { "f\($0)(g(x), [y])" }.joined(separator: "\n"))
            let brackets = nested.file.tokens.filter {
                [.leftParen, .rightParen, .leftSquare, .rightSquare].contains($0.kind)
            }
            #expect(nested.outline.matchingBracket.heldBytes <= 4 * brackets.count + nested.file.tokens.count / 4 + 64)
        }
    }

    /// The sparse table answers as the dense one did: every bracket its partner, everything else -1.
    @Test func bracketTableMatchesEveryPair() {
        let parsed = Parsed("f(a[0], { b in (b) }) ] ( [x] {")
        var dense = [Int32](repeating: -1, count: parsed.file.tokens.count)
        var open: [Int] = []
        for (index, token) in parsed.file.tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace: open.append(index)
            case .rightParen, .rightSquare, .rightBrace:
                guard let opener = open.popLast() else { continue }
                dense[opener] = Int32(index)
                dense[index] = Int32(opener)
            default: continue
            }
        }
        let answered = dense.indices.map { parsed.outline.matchingBracket[$0] }
        #expect(answered == dense)
        #expect(parsed.outline.matchingBracket[-1] == -1)
        #expect(parsed.outline.matchingBracket[dense.count] == -1)
    }

    /// A block holds its statements as a range of the outline's one shared list: no array (a header and a
    /// heap block) of its own, in a record of at most 40 bytes.
    @Test func blocksHoldNoStorageOfTheirOwn() {
        #expect(_isPOD(Block.self))
        #expect(MemoryLayout<Block>.stride <= 40)
        let parsed = Parsed("func f() {\n    if a { b() } else { c(); d() }\n    e()\n}\nlet z = 1")
        #expect(parsed.kinds(of: parsed.outline.fileBlock) == [.declaration, .declaration])
        let statements = parsed.outline.statements
        var listed = Array(repeating: 0, count: statements.count)
        for block in parsed.outline.blocks.indices {
            for statement in parsed.outline.statements(in: block) {
                #expect(statements[statement].parentBlock == block)
                listed[statement] += 1
            }
        }
        #expect(listed.allSatisfy { $0 == 1 })
    }
}
