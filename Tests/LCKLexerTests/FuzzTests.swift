import LCKLexer
import LCKTestSupport
import Testing

/// Checks the lexer's two promises on hostile input: it returns, and it loses no byte.
@Suite struct FuzzTests {
    /// Fragments that open, close and nest every construct, so random sequences hit the corners.
    private static let fragments: [String] = [
        "\"", "\"\"\"", "#\"", "\"#", "##\"", "\\(", "\\#(", "(", ")", "{", "}", "[", "]", "/", "#/", "/#", "//", "/*",
        "*/", "`", "'", "<#", "#>", "\n", "\r\n", " ", "\t", "\\", "#", "#if", "#endif", "$0", "x", "let", "0x", "1.5e",
        "?", "!", ".", "...", "->", "&", "=", "é", "😀", "\u{00A0}", "<<<<<<< ", ">>>> ", "try", "?.", "_",
    ]

    private func checkLossless(_ bytes: [UInt8], _ label: String) {
        let file = Lexer.tokenize(bytes)
        #expect(reassembled(file) == bytes, "\(label)")
    }

    @Test func randomFragmentSoup() {
        var random = SeededRandom(seed: 0x00C0_FFEE_1234_5678)
        for round in 0..<400 {
            var bytes: [UInt8] = []
            let pieces = 1 + random.below(200)
            for _ in 0..<pieces {
                if random.below(8) == 0 {
                    bytes.append(UInt8(truncatingIfNeeded: random.next()))  // any byte, NUL and invalid UTF-8 included
                } else {
                    bytes += Array(Self.fragments[random.below(Self.fragments.count)].utf8)
                }
            }
            checkLossless(bytes, "round \(round)")
        }
    }

    @Test func randomBytes() {
        var random = SeededRandom(seed: 0x5EED_0000_0000_0001)
        for round in 0..<200 {
            let bytes = (0..<(random.below(2_000))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            checkLossless(bytes, "random bytes \(round)")
        }
    }

    @Test func unterminatedConstructs() {
        let inputs = [
            "\"abc", "\"\"\"\nabc", "#\"abc\"", "\"\\(a", "\"\\(a + \"\\(b", "/* /* */", "#/abc", "#/\nabc\n",
            "x = /abc", "`abc", "<#abc", "\"\"\"\n\\(\"\"\"\n", "#\"\"\"\nx\n\"\"\"", "0x", "0b", "1e", "\\",
        ]
        for input in inputs { checkLossless(Array(input.utf8), input) }
    }

    @Test func manyUnterminatedConstructsInOneFile() {
        // Each opener would scan to the end of the file; the lexer must stay linear.
        let lines = ["#/\n", "\"\"\"\n", "/* ", "#\"", "`", "<#", "(/"]
        for line in lines {
            checkLossless(Array(String(repeating: line + "x\n", count: 20_000).utf8), "20,000 × \(line)")
        }
    }

    @Test func emptyFile() {
        checkLossless([], "empty")
    }

    @Test func fiveMegabyteSingleLine() {
        var line = ""
        let chunk = "let a = b + c.d(\"e\\(f)\") / 2 // "
        line.reserveCapacity(5_000_100)
        while line.utf8.count < 2_500_000 { line += chunk.replacingOccurrences(of: "//", with: "*") }
        while line.utf8.count < 5_000_000 { line += "x/y " }
        checkLossless(Array(line.utf8), "5 MB line")
    }

    @Test func hundredThousandNestedParensAndBraces() {
        let depth = 100_000
        let parens = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        let braces = String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
        let file = Lexer.tokenize(Array((parens + braces).utf8))
        #expect(file.tokens.count == depth * 4)
        #expect(reassembled(file) == file.bytes)
        // Unbalanced, inside an interpolation, and never closed.
        checkLossless(Array(("\"\\(" + String(repeating: "(", count: depth)).utf8), "open interpolation")
    }

    @Test func deeplyNestedMultilineStrings() {
        let depth = 3_000
        let source = String(repeating: "\"\"\"\n\\(", count: depth) + "x" + String(repeating: ")\n\"\"\"", count: depth)
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(file.tokens.filter { $0.kind == .identifier }.count == 1)
        #expect(reassembled(file) == file.bytes)
    }
}
