import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import LCKTestSupport

/// Shared helpers for analyzer tests: the rule table read from `Rules/` on disk (so an edited example
/// is tested before the embedded copy is regenerated), `↓` markers, and failure rendering.
enum AnalyzerTestSupport {

    /// `Rules/` from disk; a broken rule file fails every analyzer test loudly rather than silently.
    static let rules: RuleTable = {
        do {
            return try RuleLoader.load(directories: [PackageRoot.path + "/Rules"], includeBuiltin: false)
        } catch {
            fatalError("cannot load Rules/: \(error)")
        }
    }()

    /// Runs one analyzer over `source` with the disk rule table, built for iOS 15.0 as `rules test` runs
    /// examples (below every LiveCommunicationKit symbol).
    static func findings(_ analyzer: any Analyzer, in source: String) -> [Finding] {
        let file = Lexer.tokenize(Array(source.utf8))
        let context = AnalysisContext(file: file, rules: rules, deploymentTarget: OSVersion(15, 0))
        var findings: [Finding] = []
        analyzer.analyze(context, into: &findings)
        return findings.sorted { $0.range < $1.range }
    }

    /// Runs the analyzer registered for `ruleID`.
    static func findings(rule ruleID: String, in source: String) -> [Finding] {
        guard let analyzer = AnalyzerRegistry.all.first(where: { $0.ruleID == ruleID }) else { return [] }
        return findings(analyzer, in: source)
    }

    /// `source` with every finding drawn as a `^ rule: message` line under the line it starts on.
    static func render(_ source: String, _ findings: [Finding]) -> String {
        let bytes = Array(source.utf8)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var output = ""
        for (line, start) in lineStarts.enumerated() {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
            output += String(decoding: bytes[start..<max(start, end)], as: UTF8.self) + "\n"
            for finding in findings where finding.range.start >= start && finding.range.start <= end {
                let column = String(decoding: bytes[start..<finding.range.start], as: UTF8.self).count
                output += String(repeating: " ", count: column) + "^ \(finding.ruleID): \(finding.message)\n"
            }
        }
        return output
    }
}

/// An example with `↓` markers removed and their UTF-8 offsets recorded.
struct MarkedSource: CustomStringConvertible {
    let source: String
    let markers: [Int]

    /// Strips markers the way rule files are read (`MarkerText.strip`), so tests and `rules test` agree.
    init(_ marked: String) {
        let stripped = MarkerText.strip(marked)
        source = String(decoding: stripped.bytes, as: UTF8.self)
        markers = stripped.markerOffsets
    }

    var description: String { source }
}
