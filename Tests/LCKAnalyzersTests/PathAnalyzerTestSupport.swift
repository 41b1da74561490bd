import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules

/// Runs one analyzer over a snippet whose expected finding starts are marked with `↓`.
struct MarkedSnippet {
    let source: String
    let bytes: [UInt8]
    /// Byte offsets (in the unmarked source) where `↓` stood.
    let markers: [Int]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var markers: [Int] = []
        let arrow = Array("↓".utf8)
        let input = Array(marked.utf8)
        var index = 0
        while index < input.count {
            if index + arrow.count <= input.count, Array(input[index..<(index + arrow.count)]) == arrow {
                markers.append(bytes.count)
                index += arrow.count
                continue
            }
            bytes.append(input[index])
            index += 1
        }
        self.bytes = bytes
        self.markers = markers
        self.source = String(decoding: bytes, as: UTF8.self)
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
