import LCKCore
import Testing

/// The two escape styles differ only in the control characters JSON lets a writer spell two ways.
@Suite struct JSONWriterTests {
    let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1F}é"

    @Test func canonicalStyleSpellsEveryOtherControlCharacterAsUpperCaseHex() {
        #expect(JSONWriter.quoted(text) == #""a\"b\\c\n\r\t\u0008\u000C\u001Fé""#)
    }

    @Test func reportStyleUsesTheShortFormsAndLowerCaseHex() {
        #expect(JSONWriter.quoted(text, style: .report) == #""a\"b\\c\n\r\t\b\f\u001fé""#)
    }
}
