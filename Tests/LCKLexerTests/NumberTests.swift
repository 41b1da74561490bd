import LCKLexer
import Testing

@Suite struct NumberTests {
    @Test func integerForms() {
        #expect(
            kinds("42 1_000 0xFF_FF 0o17 0b1010")
                == expect([
                    (.integerLiteral, "42"), (.integerLiteral, "1_000"), (.integerLiteral, "0xFF_FF"),
                    (.integerLiteral, "0o17"),
                    (.integerLiteral, "0b1010"),
                ]))
    }

    @Test func floatForms() {
        #expect(
            kinds("3.14 1e10 1.5e-3 2E+2 0x1p4 0x1.8p-2")
                == expect([
                    (.floatLiteral, "3.14"), (.floatLiteral, "1e10"), (.floatLiteral, "1.5e-3"),
                    (.floatLiteral, "2E+2"),
                    (.floatLiteral, "0x1p4"), (.floatLiteral, "0x1.8p-2"),
                ]))
    }

    @Test func tupleAccessIsIntegersAndPeriods() {
        #expect(
            kinds("t.0.1")
                == expect([
                    (.identifier, "t"), (.period, "."), (.integerLiteral, "0"), (.period, "."), (.integerLiteral, "1"),
                ]))
    }

    @Test func memberAccessOnIntegerLiterals() {
        #expect(
            kinds("1.description") == expect([(.integerLiteral, "1"), (.period, "."), (.identifier, "description")]))
        #expect(
            kinds("0xff.description")
                == expect([(.integerLiteral, "0xff"), (.period, "."), (.identifier, "description")]))
    }

    @Test func rangesAndSigns() {
        #expect(kinds("1..<2") == expect([(.integerLiteral, "1"), (.binaryOperator, "..<"), (.integerLiteral, "2")]))
        #expect(
            kinds("x = -5")
                == expect([(.identifier, "x"), (.equal, "="), (.prefixOperator, "-"), (.integerLiteral, "5")]))
        #expect(kinds("1...") == expect([(.integerLiteral, "1"), (.postfixOperator, "...")]))
    }

    @Test func gluedLettersStayInTheLiteralWithADiagnostic() {
        let file = Lexer.tokenize(Array("12abc 0b102".utf8))
        #expect(file.tokens.map { file.text(of: $0) } == ["12abc", "0b102"])
        #expect(file.tokens.map(\.kind) == [.integerLiteral, .integerLiteral])
        #expect(file.diagnostics.count == 2)
    }
}
