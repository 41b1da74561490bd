import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Testing

/// Runs one analyzer over a snippet whose expected finding starts are marked with `↓`.
struct MarkedSnippet {
    let source: String
    let bytes: [UInt8]
    /// Byte offsets (in the unmarked source) where `↓` stood.
    let markers: [Int]

    init(_ marked: String) {
        let stripped = MarkedSource(marked)
        self.source = stripped.source
        self.bytes = Array(stripped.source.utf8)
        self.markers = stripped.markers
    }

    /// Findings of `analyzer`, located (1-based lines) against the snippet.
    func findings(_ analyzer: any Analyzer) -> [Finding] {
        let rules = (try? RuleLoader.loadBuiltin()) ?? RuleTable(mappings: [], analyzers: [])
        let context = AnalysisContext(file: Lexer.tokenize(bytes), rules: rules)
        var findings: [Finding] = []
        analyzer.analyze(context, into: &findings)
        let lines = LineTable(bytes)
        for index in findings.indices { findings[index].locate(path: "snippet.swift", lines: lines) }
        return findings.sorted { $0.range.start < $1.range.start }
    }

    /// The source text a finding starts at, up to the end of its range.
    func text(of finding: Finding) -> String {
        String(decoding: bytes[finding.range.start..<finding.range.end], as: UTF8.self)
    }
}

/// A suite for one analyzer whose cases are `↓`-marked snippets: `check` expects findings exactly at
/// the markers and, when given, the first finding's witness steps.
protocol MarkedSnippetSuite {
    associatedtype Checked: Analyzer
    var analyzer: Checked { get }
}

extension MarkedSnippetSuite {
    func check(_ marked: String, witness expected: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let snippet = MarkedSnippet(marked)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers, sourceLocation: sourceLocation)
        if let first = findings.first, !expected.isEmpty {
            #expect(first.witness.map(\.message) == expected, sourceLocation: sourceLocation)
        }
    }
}
