import Foundation
import LCKLexer
import LCKTestSupport
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
        #expect(
            parsed.outline.imports.map { parsed.text($0.moduleToken) } == [
                "LiveCommunicationKit", "CallKit", "Foundation",
            ])
        let groups = parsed.outline.conditionalCompilations
        #expect(groups.count == 2)
        #expect(
            groups[0].clauses.map { parsed.text($0.condition) } == ["canImport(LiveCommunicationKit)", "os(iOS)", ""])
        #expect(
            groups[0].clauses.map { parsed.text($0.body) } == [
                "import LiveCommunicationKit", "import CallKit", "import Foundation",
            ])
        let top = parsed.statements(of: parsed.outline.fileBlock)
        #expect(top.map(\.kind) == [.conditionalCompilation, .declaration])
        #expect(top[0].blocks.count == 3)
        let body = try #require(parsed.function(named: "end")?.bodyBlock)
        let inner = parsed.statements(of: body)
        #expect(inner.map(\.kind) == [.conditionalCompilation])
        #expect(
            inner[0].blocks.map { parsed.text(parsed.statements(of: $0).first?.range) } == [
                "action.fulfill()", "action.fail()",
            ])
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

        // Unclosed calls and generic-looking chains stay linear.
        let unclosedCalls = String(repeating: "f(", count: depth)
        #expect(Parsed(unclosedCalls).outline.calls.count == depth)
        let angles = "a" + String(repeating: "<b", count: depth)
        #expect(Parsed(angles).outline.statements.count == 1)

        var nestedTypes = ""
        for _ in 0..<10_000 { nestedTypes += "struct S { " }
        let parsedTypes = Parsed(nestedTypes)
        #expect(parsedTypes.outline.types.count == 10_000)
        #expect(parsedTypes.outline.types.last?.parent == 9_998)
    }

    /// Structural invariants: statements of a block lie inside it, in order and without overlap;
    /// every block but the file's belongs to exactly one parent statement or declaration.
    func invariantViolations(_ file: TokenizedFile, _ outline: SyntaxOutline) -> [String] {
        var problems: [String] = []
        for (index, block) in outline.blocks.enumerated() {
            var previousEnd = block.range.lowerBound
            for statementIndex in outline.statements(in: index) {
                let range = outline.statements[statementIndex].range
                if range.lowerBound < previousEnd || range.upperBound > block.range.upperBound {
                    problems.append("block \(index): statement \(file.text(of: range).prefix(40)) out of place")
                }
                previousEnd = max(previousEnd, range.upperBound)
                if outline.statements[statementIndex].parentBlock != index {
                    problems.append("statement \(statementIndex) has the wrong parent")
                }
            }
        }
        for call in outline.calls
        where !(call.callee.lowerBound <= call.nameToken && call.nameToken < call.callee.upperBound) {
            problems.append("call name outside its callee: \(file.text(of: call.callee))")
        }
        for closure in outline.closures where file.tokens[closure.leftBrace].kind != .leftBrace {
            problems.append("closure without a brace")
        }
        return problems
    }

    @Test func everySourceFileOfTheRepositoryParses() throws {
        let root = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent("Sources")
        // LCKPARSER_CORPUS adds directories of other Swift code (opt-in, for local runs).
        var roots = [root]
        if let extra = ProcessInfo.processInfo.environment["LCKPARSER_CORPUS"] {
            roots += extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        var parsedFiles = 0
        var functions = 0
        for directory in roots {
            let enumerator = try #require(
                FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                let bytes = try [UInt8](Data(contentsOf: url))
                let file = Lexer.tokenize(bytes)
                let outline = Parser.parse(file)
                #expect(outline.blocks.first?.kind == .file)
                let problems = invariantViolations(file, outline)
                #expect(problems.isEmpty, "\(url.path): \(problems.prefix(3))")
                functions += outline.functions.count
                parsedFiles += 1
            }
        }
        #expect(parsedFiles > 20)
        #expect(functions > 50)
        // This file's own module: the parser finds its entry point.
        let parserSource = try [UInt8](Data(contentsOf: root.appendingPathComponent("LCKParser/Parser.swift")))
        let parsed = Parsed(String(decoding: parserSource, as: UTF8.self))
        #expect(
            parsed.outline.functions.contains { parsed.text($0.nameToken) == "parse" && $0.modifiers.contains(.static) }
        )
    }

    @Test func mutatedSourcesKeepTheInvariants() throws {
        let directory = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent("Sources/LCKParser")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        let structural: Set<UInt8> = Set("{}()[]#<>\"".utf8)
        var mutants = 0
        for name in names where name.hasSuffix(".swift") {
            let original = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            for _ in 0..<4 {
                var bytes = original
                // Delete or duplicate a dozen structural bytes: braces, parens, quotes, `#`.
                for _ in 0..<12 {
                    let start = next() % bytes.count
                    guard let offset = bytes[start...].firstIndex(where: { structural.contains($0) }) else { continue }
                    if next() % 2 == 0 { bytes.remove(at: offset) } else { bytes.insert(bytes[offset], at: offset) }
                }
                let file = Lexer.tokenize(bytes)
                let outline = Parser.parse(file)
                let problems = invariantViolations(file, outline)
                #expect(problems.isEmpty, "\(name) mutant: \(problems.prefix(3))")
                mutants += 1
            }
        }
        #expect(mutants >= 40)
    }
}
