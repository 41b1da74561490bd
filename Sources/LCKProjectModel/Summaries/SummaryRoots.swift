import LCKCore
import LCKLexer
import LCKParser

/// What one handler file of the pre-pass tells the summaries without its parse being kept: the names its
/// handlers call, and where a handler calls a function the file does not define (for findings in helpers
/// of other files). Holding every handler file's parse until the summaries are built cost about a hundred
/// megabytes per million lines; a file defining a wanted helper is parsed again in a helper round instead.
package struct SummaryRoots: Sendable {
    /// Names the file's handlers call (not the standard library's), the helpers summaries are wanted for.
    package var callees: Set<String> = []
    /// A handler's call of a name the file does not define, with the step at the call, in source order.
    package var handlerCalls: [(name: String, step: RemoteStep)] = []

    /// The file's roots, or nil when it declares no handler.
    package init?(_ context: AnalysisContext, path: String) {
        let outline = context.outline
        let file = context.file
        let handlers = outline.functions.indices.filter { HelperReach.isRoot($0, in: context) }
        guard !handlers.isEmpty else { return nil }
        let defined = Set(outline.functions.map { file.name(at: $0.nameToken) })
        let syntax = StatementSyntax(context: context)
        for function in handlers {
            guard let body = outline.functions[function].body else { continue }
            let handler = outline.selector(ofFunction: function, in: file)
            for call in outline.calls(in: body) {
                let token = outline.calls[call].nameToken
                guard file.tokens[token].kind == .identifier else { continue }
                let name = file.name(at: token)
                guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
                    !HelperReach.ignoredNames.contains(name)
                else { continue }
                callees.insert(name)
                if !defined.contains(name) {
                    handlerCalls.append(
                        (name, syntax.remoteStep(at: token, path: path, "`\(handler)` calls `\(name)`")))
                }
            }
        }
    }
}
