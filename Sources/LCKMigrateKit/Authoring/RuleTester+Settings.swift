import LCKAnalyzers
import LCKCore
import LCKLexer

/// Examples of the settings rules carry their settings files after the Swift code, each introduced by a
/// `// file: NAME` line (`// file: Info.plist`). The Swift part is analysed as `Example.swift`, the files
/// are read as the tree's settings, and every finding is located in the whole example text, so a `↓`
/// in a plist marks a settings finding like any other.
extension RuleTester {
    static let settingsFileMarker = Array("\n// file: ".utf8)
    /// Examples run as if built for iOS 15.0, below every LiveCommunicationKit symbol, unless they carry a
    /// project file that says otherwise.
    static let exampleDeploymentTarget = OSVersion(15, 0)
    static let examplePath = "Example.swift"

    /// The findings of an example with settings files, or nil when it has none.
    func settingsExampleFindings(_ source: [UInt8], path: String) -> [Finding]? {
        let parts = Self.settingsParts(source)
        guard let first = parts.first else { return nil }
        let swift = Array(source[..<(first.offset - first.header)])
        let settings = ProjectSettings(contents: parts.map { ($0.name, $0.bytes) })
        let file = Lexer.tokenize(swift)
        let swiftLines = LineTable(swift)
        var stopped = false
        var findings = exampleSuite.findings(
            in: file, limit: .max, stoppedEarly: &stopped,
            deploymentTarget: settings.deploymentTarget(for: Self.examplePath) ?? Self.exampleDeploymentTarget)
        SuppressionPass.apply(to: &findings, file: file, lines: swiftLines, options: suppressions)
        findings.removeAll { $0.suppression != nil }
        let usage = CodeUsage(file: file, path: Self.examplePath)
        let offsets = Dictionary(parts.map { ($0.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for target in settings.appTargetFacts(usage: [(Self.examplePath, usage)]) {
            for rule in analyzers.compactMap({ $0 as? any SettingsAnalyzer }) {
                for var finding in rule.settingsFindings(for: target, rules: table) {
                    let shift = offsets[finding.path] ?? 0
                    finding.range = ByteRange(start: finding.range.start + shift, end: finding.range.end + shift)
                    findings.append(finding)
                }
            }
        }
        return Self.located(findings, path: path, lines: LineTable(source))
    }

    /// The `// file:` parts: name, offset of the content in `source`, length of the marker line, content.
    static func settingsParts(_ source: [UInt8]) -> [(name: String, offset: Int, header: Int, bytes: [UInt8])] {
        var markers: [Int] = []
        var index = 0
        while index + settingsFileMarker.count <= source.count {
            if source[index] == 0x0A,
                source[index..<(index + settingsFileMarker.count)].elementsEqual(settingsFileMarker)
            {
                markers.append(index)
            }
            index += 1
        }
        return markers.enumerated().map { position, marker in
            let nameStart = marker + settingsFileMarker.count
            let lineEnd = source[nameStart...].firstIndex(of: 0x0A) ?? source.count
            let contentStart = min(lineEnd + 1, source.count)
            let contentEnd = position + 1 < markers.count ? markers[position + 1] : source.count
            let name = String(decoding: source[nameStart..<lineEnd], as: UTF8.self)
            return (
                name, contentStart, contentStart - marker, Array(source[contentStart..<max(contentStart, contentEnd)])
            )
        }
    }
}
