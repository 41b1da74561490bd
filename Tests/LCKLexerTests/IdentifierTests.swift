import LCKLexer
import Testing

@Suite struct IdentifierTests {
    @Test func reservedWordsAreKeywordsContextualWordsStayIdentifiers() {
        let file = Lexer.tokenize(Array("func get async _".utf8))
        #expect(file.tokens.map(\.kind) == [.keyword, .identifier, .identifier, .wildcard])
        #expect(file.tokens.map(\.keyword) == [.func, .get, .async, nil])
    }

    @Test func everyKeywordSpellingIsRecognised() {
        for keyword in Keyword.allCases {
            let file = Lexer.tokenize(Array(keyword.text.utf8))
            let expected: Keyword = keyword == .throwsContextual ? .throws : keyword
            #expect(file.tokens.count == 1)
            #expect(file.tokens.first?.keyword == expected, "\(keyword.text)")
            #expect(file.tokens.first?.kind == (expected.isReserved ? .keyword : .identifier), "\(keyword.text)")
        }
    }

    @Test func nearMissesAreNotKeywords() {
        let file = Lexer.tokenize(Array("funcs Func fun in_ inout2 selfish".utf8))
        #expect(file.tokens.allSatisfy { $0.kind == .identifier && $0.keyword == nil })
    }

    @Test func reservedWordAfterPeriodNamesAMember() {
        let file = Lexer.tokenize(Array("x.default .init x.self".utf8))
        #expect(
            file.tokens.map(\.kind) == [
                .identifier, .period, .identifier, .period, .keyword, .identifier, .period, .keyword,
            ])
        #expect(file.tokens[2].keyword == .default)
    }

    @Test func unicodeIdentifiers() {
        #expect(
            kinds("let größe = π + 😀x")
                == expect([
                    (.keyword, "let"), (.identifier, "größe"), (.equal, "="), (.identifier, "π"),
                    (.binaryOperator, "+"),
                    (.identifier, "😀x"),
                ]))
    }

    @Test func backtickedNamesIncludingRawIdentifiers() {
        let file = Lexer.tokenize(Array("`class` `a b` ` x".utf8))
        #expect(file.tokens.map { file.text(of: $0) } == ["`class`", "`a b`", "`", "x"])
        #expect(file.tokens.map(\.kind) == [.identifier, .identifier, .backtick, .identifier])
        #expect(file.tokens[0].keyword == nil)
    }

    @Test func dollarIdentifiers() {
        #expect(
            kinds("$0 $name $ a$b")
                == expect([
                    (.dollarIdentifier, "$0"), (.dollarIdentifier, "$name"), (.identifier, "$"), (.identifier, "a$b"),
                ]))
    }

    @Test func editorPlaceholderIsOneIdentifier() {
        #expect(
            kinds("f(<#value#>)")
                == expect([(.identifier, "f"), (.leftParen, "("), (.identifier, "<#value#>"), (.rightParen, ")")]))
        #expect(kinds("x.<#name#>") == expect([(.identifier, "x"), (.period, "."), (.identifier, "<#name#>")]))
    }

    @Test func attributesArePoundFreeAtSignPlusName() {
        #expect(
            kinds("@MainActor @objc(foo:)")
                == expect([
                    (.atSign, "@"), (.identifier, "MainActor"), (.atSign, "@"), (.identifier, "objc"),
                    (.leftParen, "("),
                    (.identifier, "foo"), (.colon, ":"), (.rightParen, ")"),
                ]))
    }
}
