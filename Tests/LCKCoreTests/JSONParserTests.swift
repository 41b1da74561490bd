import LCKCore
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try JSONParser().parse(text)
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func objectKeepsOrderAndPositions() throws {
        let text = "{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}"
        let document = try parse(text)
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["b", "a"])
        // "b" key starts at byte 4 (after "{\n  "), line 2 column 3.
        #expect(members[0].keyRange == ByteRange(start: 4, end: 7))
        #expect(document.position(of: members[0].keyRange.start) == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.intValue == 1)
        #expect(document.position(of: members[0].value.range.start) == SourcePosition(line: 2, column: 8))
        let array = try #require(members[1].value.arrayValue)
        #expect(array.count == 3)
        #expect(array[0].boolValue == true)
        #expect(array[1].isNull)
        #expect(array[2].stringValue == "x")
        #expect(document.position(of: array[2].range.start) == SourcePosition(line: 3, column: 21))
        #expect(document.root.range == ByteRange(start: 0, end: text.utf8.count))
    }

    @Test func duplicateKeysAreKept() throws {
        let document = try parse(#"{"a": 1, "a": 2}"#)
        #expect(document.root.members?.count == 2)
        #expect(document.root["a"]?.intValue == 1)
    }

    @Test func stringEscapes() throws {
        let document = try parse(#"["a\"b\\c\/\n\t", "\u00e9\ud83d\ude00", "é"]"#)
        let values = try #require(document.root.arrayValue).compactMap(\.stringValue)
        #expect(values == ["a\"b\\c/\n\t", "é😀", "é"])
    }

    @Test func numbers() throws {
        let document = try parse("[0, -12, 1.5e3, 2E-2, 9223372036854775807]")
        let values = try #require(document.root.arrayValue)
        #expect(values.map { $0.numberValue?.text } == ["0", "-12", "1.5e3", "2E-2", "9223372036854775807"])
        #expect(values[1].intValue == -12)
        #expect(values[2].intValue == nil)
        #expect(values[2].numberValue?.doubleValue == 1500)
    }

    @Test func emptyContainersAndScalarsAtRoot() throws {
        #expect(try parse(" [ ] ").root.arrayValue == [])
        #expect(try parse("{}").root.members == [])
        #expect(try parse("\u{FEFF}\"s\"").root.stringValue == "s")
        #expect(try parse("false").root.boolValue == false)
    }

    @Test func deepNestingDoesNotUseTheCallStack() throws {
        let depth = 200
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text).root
        var levels = 1
        while let inner = value.arrayValue?.first {
            value = inner
            levels += 1
        }
        #expect(levels == depth)
        let tooDeep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(error(tooDeep)?.message == "nesting deeper than 256 levels")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a string key, found '}'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after an object key, found '1'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        ("{\"a\": 1\n \"b\": 2}", 2, 2, "expected ',' or '}' after an object member, found '\"'"),
        ("[1,\n  ]", 2, 3, "expected a value, found ']'"),
        ("[tru]", 1, 2, "expected a value, found an invalid literal (did you mean 'true'?)"),
        ("\"abc", 1, 1, "unterminated string (expected '\"')"),
        ("[01]", 1, 3, "leading zeros are not allowed in numbers"),
        ("[1.]", 1, 4, "expected a digit after '.', found ']'"),
        ("[\"a\\x\"]", 1, 4, "invalid escape sequence (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)"),
        ("{} x", 1, 4, "expected end of input after the JSON value, found 'x'"),
        ("", 1, 1, "expected a value, found end of input"),
        ("[\"a\nb\"]", 1, 4, "control character in string (newlines and tabs must be escaped as \\n and \\t)"),
        ("[\"\\ud800x\"]", 1, 9, "expected a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate"),
    ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        let failure = error(text)
        #expect(failure?.position == SourcePosition(line: line, column: column))
        #expect(failure?.message == message)
    }

    @Test func errorDescriptionIsLineColonColumn() {
        #expect(error("[1,\n  ]")?.description == "2:3: expected a value, found ']'")
    }

    @Test func canonicalTextSortsKeysAndDropsWhitespace() throws {
        let document = try parse("{ \"b\": [1, 2.50], \"a\": {\"y\": null, \"x\": \"q\\\"\\n\"} }")
        #expect(JSONWriter.canonicalText(document.root) == #"{"a":{"x":"q\"\n","y":null},"b":[1,2.50]}"#)
        let again = try parse(JSONWriter.canonicalText(document.root))
        #expect(JSONWriter.canonicalText(again.root) == JSONWriter.canonicalText(document.root))
    }

    @Test func firstDuplicateKeyIsTheEarliestRepeatInSourceOrderAtAnyDepth() throws {
        #expect(try parse(#"{"a": 1, "b": {"a": 2}}"#).firstDuplicateKey() == nil)
        let document = try parse("{\"x\": [{\"k\": 1,\n \"k\": 2}],\n \"x\": 3}")
        let found = try #require(document.firstDuplicateKey())
        #expect(found.duplicate.key == "k")
        #expect(document.position(of: found.duplicate.keyRange.start) == SourcePosition(line: 2, column: 2))
        #expect(document.position(of: found.first.keyRange.start) == SourcePosition(line: 1, column: 9))
    }
}
