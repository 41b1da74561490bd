import LCKCore
import Testing

/// `Finding.locate(_:path:lines:bytes:)`: UTF-16 columns like `LineTable.utf16Column`, in one walk per line.
@Suite struct FindingLocateTests {
    /// `let a = [é, é, …]` on one line with a finding at every element, handed over last first.
    private static func oneLongLine(elements: Int) -> (bytes: [UInt8], findings: [Finding]) {
        var bytes = Array("let a = [".utf8)
        var findings: [Finding] = []
        for _ in 0..<elements {
            let start = bytes.count
            bytes += Array("é😀x, ".utf8)
            findings.append(
                Finding(
                    ruleID: "r", severity: .note, message: "m", range: ByteRange(start: start, end: start + 7),
                    witness: [WitnessStep(range: ByteRange(start: start + 2, end: start + 3), message: "w")]))
        }
        bytes += Array("]\nlet b = 1\n".utf8)
        return (bytes, findings.reversed())
    }

    @Test func columnsMatchTheLineTable() {
        var (bytes, findings) = Self.oneLongLine(elements: 50)
        findings.append(
            Finding(ruleID: "r", severity: .note, message: "m", range: ByteRange(start: bytes.count - 5, end: 999)))
        let lines = LineTable(bytes)
        Finding.locate(&findings, path: "A.swift", lines: lines, bytes: bytes)
        for finding in findings {
            #expect(finding.path == "A.swift")
            #expect(finding.start == lines.position(of: finding.range.start))
            #expect(finding.utf16StartColumn == lines.utf16Column(of: finding.range.start, in: bytes))
            #expect(finding.utf16EndColumn == lines.utf16Column(of: finding.range.end, in: bytes))
            for step in finding.witness {
                #expect(step.utf16Column == lines.utf16Column(of: step.range.start, in: bytes))
            }
        }
    }

    /// Twice the findings on one line is about twice the column work (it was four times: each finding
    /// counted from the line start).
    @Test func columnWorkIsLinearInFindingsOnOneLine() {
        func work(_ elements: Int) -> Int {
            var (bytes, findings) = Self.oneLongLine(elements: elements)
            return Finding.locate(&findings, path: "A.swift", lines: LineTable(bytes), bytes: bytes)
        }
        let small = work(2_000)
        let large = work(4_000)
        #expect(small > 0)
        #expect(Double(large) <= 2.1 * Double(small), "column work \(small) → \(large)")
    }
}
