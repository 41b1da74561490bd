import Foundation
import LCKTestSupport
import Testing

@testable import LCKReporters

/// A line full of `<` in a report (issue 15): escaping appends one scalar at a time into one view.
/// `String.UnicodeScalarView.append(contentsOf:)` copies the whole view per call, so 400,000 `<` took 16 s.
@Suite struct EscapeLinearityTests {
    /// Every source file of the package, read as text.
    private static func sources() throws -> [(path: String, text: String)] {
        let root = PackageRoot.path + "/Sources"
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return files
    }

    /// The quadratic call, wherever it would come back: `append(contentsOf: ….unicodeScalars)`.
    @Test func noScalarViewAppendsAnotherView() throws {
        let files = try Self.sources()
        #expect(files.count > 50)
        let offenders = files.filter { file in
            file.text.split(separator: "\n").contains {
                $0.contains("append(contentsOf:") && $0.contains(".unicodeScalars)")
            }
        }
        #expect(offenders.map(\.path) == [])
    }

    @Test func escapingALongLineOfAnglesIsExact() {
        let line = String(repeating: "<", count: 50_000) + "\u{7}&é"
        let html = HTMLText.escape(line)
        #expect(html == String(repeating: "&lt;", count: 50_000) + "\u{FFFD}&amp;é")
        // XML shows a character it cannot carry as the `VisibleText` escape of its bytes.
        #expect(XMLEscaper.attribute(line) == String(repeating: "&lt;", count: 50_000) + "\\x07&amp;é")
    }
}
