import Foundation
import LCKLexer
import Testing

@testable import LCKParser

@Suite struct RobustnessTests {
    @Test func conditionalCompilationClausesAreAlternatives() throws {
        let parsed = Parsed(
            """
            #if canImport(LiveCommunicationKit)
            import LiveCommunicationKit
            #elseif os(iOS)
            import CallKit
            #else
            import Foundation
            #endif
            func end(_ action: CXEndCallAction) {
                #if DEBUG
                action.fulfill()
                #else
                action.fail()
                #endif
            }
            """)
        #expect(parsed.outline.imports.map { parsed.text($0.moduleToken) } == ["LiveCommunicationKit", "CallKit", "Foundation"])
        let groups = parsed.outline.conditionalCompilations
        #expect(groups.count == 2)
        #expect(groups[0].clauses.map { parsed.text($0.condition) } == ["canImport(LiveCommunicationKit)", "os(iOS)", ""])
        #expect(groups[0].clauses.map { parsed.text($0.body) } == ["import LiveCommunicationKit", "import CallKit", "import Foundation"])
        let top = parsed.statements(of: parsed.outline.fileBlock)
        #expect(top.map(\.kind) == [.conditionalCompilation, .declaration])
        #expect(top[0].blocks.count == 3)
        let body = try #require(parsed.function(named: "end")?.bodyBlock)
        let inner = parsed.statements(of: body)
        #expect(inner.map(\.kind) == [.conditionalCompilation])
        #expect(inner[0].blocks.map { parsed.text(parsed.statements(of: $0).first?.range) } == ["action.fulfill()", "action.fail()"])
        #expect(inner[0].blocks.map { parsed.text(parsed.outline.blocks[$0].header) } == ["DEBUG", ""])
    }

    @Test func unbalancedDirectivesAreTolerated() {
        let parsed = Parsed("#endif\nimport A\n#if X\nimport B\nfunc f() {\n")
        #expect(parsed.outline.imports.count == 2)
        #expect(parsed.outline.conditionalCompilations.first?.endif == nil)
        #expect(parsed.outline.functions.count == 1)
    }

    @Test func missingAndStrayBracesStayLocal() throws {
        let parsed = Parsed(
            """
            class A {
                func broken() {
                    if x {
                        call(
                }
            }
            }
            }
            func after() { done() }
            """)
        // The unclosed `(` does not swallow the rest; the extra `}` becomes an unknown statement.
        let after = try #require(parsed.function(named: "after"))
        #expect(parsed.text(after.body) == "{ done() }")
        #expect(parsed.statements(of: parsed.outline.fileBlock).map(\.kind) == [.declaration, .unknown, .declaration])
        let missing = Parsed("func f() {\n  guard let x = y else {\n  return\n")
        #expect(missing.outline.functions.count == 1)
        #expect(missing.outline.functions[0].body?.upperBound == missing.file.tokens.count)
        #expect(missing.outline.statements.contains { $0.kind == .return })
    }

    @Test func deepNestingDoesNotRecurse() {
        let depth = 100_000
        let braces = String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
        let parsedBraces = Parsed(braces)
        #expect(parsedBraces.outline.closures.count == depth)
        #expect(parsedBraces.outline.matchingIndex(of: 0) == 2 * depth - 1)

        let parens = "f" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        #expect(Parsed(parens).outline.calls.count == 1)

        let unclosed = "func f() {" + String(repeating: "if x {", count: depth)
        let parsedUnclosed = Parsed(unclosed)
        #expect(parsedUnclosed.outline.statements.filter { $0.kind == .if }.count == depth)

        var nestedTypes = ""
        for _ in 0..<10_000 { nestedTypes += "struct S { " }
        let parsedTypes = Parsed(nestedTypes)
        #expect(parsedTypes.outline.types.count == 10_000)
        #expect(parsedTypes.outline.types.last?.parent == 9_998)
    }

    @Test func everySourceFileOfTheRepositoryParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var parsedFiles = 0
        var functions = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let bytes = try [UInt8](Data(contentsOf: url))
            let file = Lexer.tokenize(bytes)
            let outline = Parser.parse(file)
            #expect(outline.blocks.first?.kind == .file)
            // Every statement range lies inside the file and inside its parent block's range.
            for statement in outline.statements {
                #expect(statement.range.upperBound <= file.tokens.count)
            }
            functions += outline.functions.count
            parsedFiles += 1
        }
        #expect(parsedFiles > 20)
        #expect(functions > 50)
        // This file's own module: the parser finds its entry point.
        let parserSource = try [UInt8](Data(contentsOf: root.appendingPathComponent("LCKParser/Parser.swift")))
        let parsed = Parsed(String(decoding: parserSource, as: UTF8.self))
        #expect(parsed.outline.functions.contains { parsed.text($0.nameToken) == "parse" && $0.modifiers.contains(.static) })
    }
}
