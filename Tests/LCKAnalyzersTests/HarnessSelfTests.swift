import LCKCore
import Testing

/// The harness's own helpers: a harness that strips markers wrongly would pass broken analyzers.
@Suite struct HarnessSelfTests {
    @Test func markersAreStrippedAtUTF8Offsets() {
        let marked = MarkedSource("é ↓a ↓b")
        #expect(marked.source == "é a b")
        // "é " is 3 bytes, so `a` starts at 3 and `b` at 5.
        #expect(marked.markers == [3, 5])
    }

    @Test func renderDrawsCaretUnderTheFindingColumn() {
        let finding = Finding(ruleID: "r", severity: .note, message: "m", range: ByteRange(start: 10, end: 11))
        let picture = AnalyzerTestSupport.render("let a = 1\nlet b = 2", [finding])
        #expect(picture == "let a = 1\nlet b = 2\n^ r: m\n")
        let shifted = Finding(ruleID: "r", severity: .note, message: "m", range: ByteRange(start: 14, end: 15))
        #expect(AnalyzerTestSupport.render("let a = 1\nlet b = 2", [shifted]) == "let a = 1\nlet b = 2\n    ^ r: m\n")
    }
}
