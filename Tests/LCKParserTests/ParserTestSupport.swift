import LCKLexer

@testable import LCKParser

/// A parsed snippet with text helpers, so expectations read like the source.
struct Parsed {
    let file: TokenizedFile
    let outline: SyntaxOutline

    init(_ source: String) {
        file = Lexer.tokenize(Array(source.utf8))
        outline = Parser.parse(file)
    }

    func text(_ range: Range<Int>?) -> String { range.map { file.text(of: $0) } ?? "<nil>" }
    func text(_ index: Int?) -> String { index.map { file.text(at: $0) } ?? "<nil>" }

    /// Index of the `occurrence`-th token spelled `text` (0-based), or -1.
    func token(_ text: String, occurrence: Int = 0) -> Int {
        var seen = 0
        for index in file.tokens.indices where file.text(at: index) == text {
            if seen == occurrence { return index }
            seen += 1
        }
        return -1
    }

    func function(named name: String) -> FunctionDecl? {
        outline.functions.first { file.text(at: $0.nameToken) == name }
    }

    func type(named name: String, kind: TypeDecl.Kind? = nil) -> TypeDecl? {
        outline.types.first { file.text(at: $0.nameToken) == name && (kind == nil || $0.kind == kind) }
    }

    func variable(named name: String) -> VariableDecl? {
        outline.variables.first { file.text(at: $0.nameToken) == name }
    }

    func calls(named name: String) -> [Call] {
        outline.calls.filter { file.text(at: $0.nameToken) == name }
    }

    func statements(of block: Int) -> [Statement] {
        outline.statements(in: block).map { outline.statements[$0] }
    }

    /// Statement kinds of a block, one level deep: e.g. `[.declaration, .if, .return]`.
    func kinds(of block: Int) -> [Statement.Kind] { statements(of: block).map(\.kind) }
}
