import Foundation
import LCKAnalyzers
import Testing

/// Issue 27: one `<Name>AnalyzerTests.swift` per rule, so a new rule without its own tests fails here.
@Suite struct AnalyzerTestFileTests {
    @Test func everyRegisteredAnalyzerHasItsOwnTestFile() {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let missing = AnalyzerRegistry.all.map { String(describing: type(of: $0)) }.filter { name in
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)Tests.swift").path)
        }
        #expect(AnalyzerRegistry.all.count >= 18)
        #expect(missing.isEmpty, "analyzers without Tests/LCKAnalyzersTests/<Name>Tests.swift: \(missing)")
    }
}
