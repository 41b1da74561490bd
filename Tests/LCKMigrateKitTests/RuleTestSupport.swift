import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKRules

/// Tiny stand-in mapping detectors for tester tests: `tokens` reports at every identifier token naming
/// a `type` or `member` pattern of the table. Being token-based, it ignores comments and strings like
/// the real detector; `naive` searches raw text instead, the bug the wrap mutations exist to catch.
enum FakeEngines {
    static let tokens = TestAnalyzer("fake_tokens") { context in
        let file = context.file
        var findings: [Finding] = []
        for (index, token) in file.tokens.enumerated() where token.kind == .identifier {
            let text = file.text(of: token)
            let afterDot = index > 0 && file.tokens[index - 1].kind == .period
            // `CallKit.CXProvider` is the type, not a member.
            let qualified =
                afterDot && index > 1 && ["CallKit", "PushKit"].contains(file.text(of: file.tokens[index - 2]))
            for rule in context.rules.mappings
            where rule.matches.contains(where: { matches($0, text, afterDot: afterDot && !qualified) }) {
                findings.append(
                    Finding(ruleID: rule.id, severity: rule.severity, message: rule.title, range: token.range))
            }
        }
        return findings
    }

    static let naive = TestAnalyzer("fake_naive") { context in
        let text = String(decoding: context.file.bytes, as: UTF8.self)
        return context.rules.mappings.compactMap { rule -> Finding? in
            guard case .type(let name) = rule.matches[0], let found = text.utf8.firstRange(of: name.utf8) else {
                return nil
            }
            let start = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
            let range = ByteRange(start: start, end: start + name.utf8.count)
            return Finding(ruleID: rule.id, severity: rule.severity, message: rule.title, range: range)
        }
    }

    private static func matches(_ spec: MatchSpec, _ text: String, afterDot: Bool) -> Bool {
        switch spec {
        case .type(let name): !afterDot && name == text
        case .member(let access): afterDot && access.name == text
        default: false
        }
    }
}

/// Builds rule layers from literal JSON for tests.
enum Packs {
    static func mapping(id: String, symbol: String, match: String, example: String? = nil) -> String {
        let exampleField = example.map { ", \"example\": \($0)" } ?? ""
        return """
            {"id": "\(id)", "symbol": "\(symbol)", "replacement": "Replacement", "mappingKind": "rename", "area": "provider",
             "severity": "warning", "title": "\(symbol) is renamed", "note": "Rename it.", "match": \(match)\(exampleField)}
            """
    }

    static func mappingFile(_ entries: String...) -> String {
        "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }

    static func table(_ files: [RuleSourceFile], includeBuiltin: Bool = false) throws -> RuleTable {
        let layers = (includeBuiltin ? [BuiltinRules.layer] : []) + [RuleLayer(displayRoot: "pack", files: files)]
        return try RuleLoader.load(layers: layers)
    }
}
