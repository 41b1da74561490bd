import Testing

@testable import LCKCore

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

@Suite struct LineCountTests {
    /// Every mix of LF, CR, CRLF and text up to six bytes, and longer runs past the eight-byte skip.
    @Test func equalsTheTablesLineCount() {
        let alphabet: [UInt8] = [0x0A, 0x0D, UInt8(ascii: "a")]
        var texts: [[UInt8]] = [[]]
        for _ in 0..<6 { texts = texts + texts.flatMap { text in alphabet.map { text + [$0] } } }
        texts.append(Array(repeating: UInt8(ascii: "x"), count: 37) + [0x0D, 0x0A] + Array(repeating: 0x20, count: 19))
        texts.append(Array(repeating: 0x0D, count: 17) + Array(repeating: 0x0A, count: 9))
        // Longer mixes, so terminators fall on every offset of the eight-byte words and across them.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let length = Int(state % 41)
            texts.append((0..<length).map { offset in alphabet[Int((state >> UInt64(offset % 60)) % 3)] })
        }
        for text in texts {
            let expected = LineTable(text).lineCount
            #expect(text.withUnsafeBytes { LineTable.lineCount(of: $0) } == expected, "\(text)")
        }
    }

    /// Issue 15, bounded memory: a line start takes 4 bytes (8 as `Int`), room by count; the starts read
    /// back as before.
    @Test func holdsFourBytesALine() {
        for lines in [1_000, 20_000] {
            // 40 bytes a line: the table's reservation (a line per 32 bytes) holds every start.
            let bytes = Array(String(repeating: "let answer = provider.configuration(12)\n", count: lines).utf8)
            let table = LineTable(bytes)
            #expect(table.lineCount == lines + 1)
            #expect(table.heldBytes <= 4 * (bytes.count / 32 + 1) + 64, "\(lines) lines")
            #expect(table.lineStarts[lines] == bytes.count)
            #expect(Array(table.lineStarts.prefix(3)) == [0, 40, 80])
        }
    }
}
