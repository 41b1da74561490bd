import Foundation
import LCKMigrationModel
import LCKRules
import LCKTestSupport
import Testing

/// Type-checks every LiveCommunicationKit line the tool can show a developer against the stub modules, the
/// way ScaffoldTypeCheckTests checks scaffold output: each rule's `lck` after-form (quoted in findings,
/// `rules explain` and the reports) and each rename suggestion the report model makes from a rule's example.
/// Names the snippets take for granted (`manager`, `end`, `media`) come from Tests/Stubs/SnippetContext.
@Suite(.serialized) struct SuggestedCodeTypeCheckTests {
    typealias Snippet = (rule: String, code: String)

    /// Every `lck` after-form, then the model's rename suggestion for each line of each rename rule's example.
    static func suggestedSnippets(_ table: RuleTable) -> [Snippet] {
        var snippets: [Snippet] = []
        for rule in table.mappings {
            guard let example = rule.example, example.afterIs == .lck else { continue }
            snippets.append((rule.id, example.after))
            guard rule.mappingKind == .rename else { continue }
            for line in example.before.split(separator: "\n") {
                guard let column = findingColumn(of: rule.symbol, in: String(line)),
                    let suggestion = MigrationReport.suggestion(
                        renaming: String(line), fromColumn: column, example: example)
                else { continue }
                snippets.append((rule.id + " (report suggestion for '\(line)')", suggestion))
            }
        }
        return snippets
    }

    /// Where the rule's finding starts on `line`, as the detector reports it: the symbol's last name
    /// (`fulfill` of `CXAnswerCallAction.fulfill(withDateConnected:)`, the type for an initializer), 1-based.
    static func findingColumn(of symbol: String, in line: String) -> Int? {
        let path = (symbol.split(separator: "(").first ?? "").split(separator: " ").first ?? ""
        var names = path.split(separator: ".")
        if names.last == "init" { names.removeLast() }
        guard let name = names.last.map(String.init) else { return nil }
        let bytes = Array(line.utf8)
        let target = Array(name.utf8)
        func isWord(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        }
        var index = 0
        while index + target.count <= bytes.count {
            if Array(bytes[index..<index + target.count]) == target, index == 0 || !isWord(bytes[index - 1]),
                index + target.count == bytes.count || !isWord(bytes[index + target.count])
            {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// Type-checks `snippets`, each in its own function, and returns the snippets the compiler rejected.
    static func rejected(_ snippets: [Snippet], compiler: StubCompiler, in tree: TemporaryTree) throws -> [String] {
        var text = "import AVFAudio\nimport Foundation\nimport LiveCommunicationKit\nimport PushKit\n"
        var ruleOfLine: [Int: String] = [:]
        var line = 5
        for (index, snippet) in snippets.enumerated() {
            let body = "func snippet\(index)() async throws {\n\(snippet.code)\n}\n"
            for offset in 0..<body.split(separator: "\n", omittingEmptySubsequences: false).count - 1 {
                ruleOfLine[line + offset] = snippet.rule
            }
            line += body.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            text += body
        }
        let file = try tree.file("snippets/Snippets.swift", text)
        let context = PackageRoot.path + "/Tests/Stubs/SnippetContext/SnippetContext.swift"
        let failures = try compiler.typeCheck(files: [context, file])
        var rules: [String] = []
        for failure in failures {
            for errorLine in failure.split(separator: "\n") where errorLine.contains("Snippets.swift:") {
                let parts = errorLine.split(separator: ":")
                guard let at = parts.firstIndex(where: { $0.hasSuffix("Snippets.swift") }), at + 1 < parts.count,
                    errorLine.contains(": error: "), let number = Int(parts[at + 1]), let rule = ruleOfLine[number]
                else { continue }
                let message = errorLine.components(separatedBy: ": error: ").last ?? ""
                rules.append("\(rule): \(message)")
            }
        }
        return failures.isEmpty ? [] : (rules.isEmpty ? failures : Array(Set(rules)).sorted())
    }

    @Test func everySuggestedLiveCommunicationKitSnippetTypeChecks() throws {
        let tree = try TemporaryTree()
        let compiler = try StubCompiler(tree: tree)
        // The check can fail: a wrong label in an after-form is caught and named by its rule.
        let broken = try Self.rejected(
            [("cxendcallaction_fulfill_date_ended", "end.fulfill(withDateEnded: Date())")], compiler: compiler, in: tree
        )
        #expect(broken.contains { $0.hasPrefix("cxendcallaction_fulfill_date_ended: ") }, "\(broken)")

        let table = try RuleLoader.loadBuiltin()
        let snippets = Self.suggestedSnippets(table)
        // Most rules have LiveCommunicationKit code to show; marking them all `callkit` or `prose` would skip the check.
        #expect(snippets.count > 150)
        #expect(table.mappings.filter { $0.example?.afterIs == .lck }.count > 140)
        let rejected = try Self.rejected(snippets, compiler: compiler, in: tree)
        #expect(rejected.isEmpty, "suggested code that does not type-check:\n\(rejected.joined(separator: "\n"))")
        // Whatever a finding quotes as code to write is one of the checked after-forms.
        for rule in table.mappings {
            if let code = rule.quotedCode { #expect(rule.example?.afterIs == .lck && rule.example?.after == code) }
        }
    }
}
