import LCKCore
import LCKReporters

/// Recognizes a report this tool wrote earlier, by the signature each format's reporter always writes:
/// a config file's output may replace such a file (a second CI run in one checkout) and nothing else.
enum EarlierReport {
    /// How much of a file is read to recognize it.
    static let prefixLimit = 64 * 1024

    /// The first bytes of `path` (a regular file), nil when it cannot be read.
    static func prefix(of path: [UInt8]) -> [UInt8]? {
        guard case .success(let bytes) = Platform.readFile(path) else { return nil }
        return Array(bytes.prefix(prefixLimit))
    }

    /// Whether `prefix` (a file's first bytes) is what `format` writes.
    static func matches(_ prefix: [UInt8], format: ReportFormat) -> Bool {
        let text = String(decoding: prefix, as: UTF8.self)
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        switch format {
        case .json:
            return text.hasPrefix("{\n  \"version\": \"") && text.contains("\n  \"rulesFingerprint\": \"")
        case .sarif:
            return text.hasPrefix("{\n  \"$schema\": \"") && text.contains("\n  \"version\": \"2.1.0\"")
                && text.contains("\"name\": \"\(ToolInfo.name)\"")
        case .junit: return text.hasPrefix(xml + "<testsuites name=\"\(ToolInfo.name)\"")
        case .checkstyle: return text.hasPrefix(xml + "<checkstyle version=\"4.3\">")
        case .codeclimate: return text.hasPrefix("[]") || text.hasPrefix("[\n  {\n    \"type\": \"issue\",")
        case .markdown: return text.hasPrefix("## \(ToolInfo.name): ")
        case .summary: return text.hasPrefix("\(ToolInfo.name) ") && text.contains("\nScanned ")
        case .github: return lines(of: text).allSatisfy { $0.hasPrefix("::") }
        case .text, .xcode:
            let severities = [": error: ", ": warning: ", ": note: "]
            let headings = [TextReporter.antiPatternHeading, TextReporter.usageHeading]
            return lines(of: text).allSatisfy { line in
                line.hasPrefix(" ") || severities.contains { line.contains($0) }
                    || headings.contains { line.hasPrefix($0) }
            }
        }
    }

    /// Complete lines only: the limit may cut the last one.
    private static func lines(of text: String) -> [Substring] {
        guard text.utf8.count >= prefixLimit, let end = text.lastIndex(of: "\n") else {
            return text.split(separator: "\n")
        }
        return text[..<end].split(separator: "\n")
    }
}
