import LCKCore
import Testing

@Suite struct LineTableTests {
    @Test func positionsCountCRLFAsOneBreak() {
        let bytes = Array("ab\r\ncd\ne\rf".utf8)
        let table = LineTable(bytes)
        #expect(table.lineCount == 4)
        #expect(table.position(of: 0) == SourcePosition(line: 1, column: 1))
        #expect(table.position(of: 4) == SourcePosition(line: 2, column: 1))
        #expect(table.position(of: 5) == SourcePosition(line: 2, column: 2))
        #expect(table.position(of: 7) == SourcePosition(line: 3, column: 1))
        #expect(table.position(of: 9) == SourcePosition(line: 4, column: 1))
    }

    @Test func columnsInOtherUnits() {
        // "é" is 2 UTF-8 bytes / 1 UTF-16 unit; "😀" is 4 bytes / 2 UTF-16 units / 1 scalar.
        let bytes = Array("é😀x".utf8)
        let table = LineTable(bytes)
        #expect(table.position(of: 6).column == 7)
        #expect(table.scalarColumn(of: 6, in: bytes) == 3)
        #expect(table.utf16Column(of: 6, in: bytes) == 4)
    }

    @Test func rangeOfLineDropsTerminator() {
        let bytes = Array("one\r\ntwo\n".utf8)
        let table = LineTable(bytes)
        #expect(table.rangeOfLine(1, in: bytes) == ByteRange(start: 0, end: 3))
        #expect(table.rangeOfLine(2, in: bytes) == ByteRange(start: 5, end: 8))
    }
}
