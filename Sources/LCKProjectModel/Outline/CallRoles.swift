import LCKCore
import LCKLexer
import LCKParser

/// Structural questions several analyzers ask: which functions are call handlers, which calls build
/// handles or providers, what an expression's identifiers say. Kept in one namespace so the rule files
/// stay about their rule.
package enum CallRoles {
    /// The per-action delegate callbacks of CallKit and LiveCommunicationKit.
    package static let actionHandlerSelectors: Set<String> = [
        "provider(_:perform:)", "conversationManager(_:perform:)",
    ]

    /// The PushKit incoming-push callbacks (completion-handler and async forms).
    package static let pushHandlerSelectors: Set<String> = [
        "pushRegistry(_:didReceiveIncomingPushWith:for:completion:)",
        "pushRegistry(_:didReceiveIncomingPushWith:for:)",
    ]

    /// The members that report an incoming call and hand its error to a completion.
    package static let incomingReportMembers: Set<String> = ["reportNewIncomingCall", "reportNewIncomingConversation"]

    /// Calls whose closure runs later, after the caller returns.
    package static let deferringCallers: Set<String> = ["Task", "detached", "async", "asyncAfter"]

    /// The callbacks where call audio belongs.
    package static let activationSelectors: Set<String> = [
        "provider(_:didActivate:)", "conversationManager(_:didActivate:)",
    ]

    static let perCallVerbs: WordList = [
        "start", "answer", "report", "dial", "place", "accept", "receive", "join", "make", "handle",
    ]
    static let callNouns: WordList = ["call", "conversation", "incoming", "outgoing", "voip", "push"]

    /// Whether a function name reads like per-call work (`startCall`, `reportIncomingCall`,
    /// `registerOutgoingCall`, `answer(call:)` is not caught): a call noun with a per-call verb, or
    /// `incoming`/`outgoing`. `CallKit` in a name is the framework, not a call.
    package static func isPerCallName(_ name: String) -> Bool {
        var words = Self.words(of: name)
        while let kit = words.firstIndex(of: "kit"), kit > 0, words[kit - 1] == "call" {
            words.removeSubrange((kit - 1)...kit)
        }
        if words.contains("incoming") || words.contains("outgoing") { return true }
        return lastMatch(words, in: callNouns) != nil && lastMatch(words, in: perCallVerbs) != nil
    }

    /// The names `usesCallKitOrLCK` looks for: without one of them in a file, it is false there.
    package static let callKitOrLCKNames: Set<String> = [
        "CallKit", "LiveCommunicationKit", "CXProviderDelegate", "ConversationManagerDelegate",
    ]

    /// `provider` for `provider(_:perform:)`: the name a function with that selector is declared with.
    package static func baseNames(of selectors: Set<String>) -> Set<String> {
        Set(selectors.map { String($0.prefix { $0 != "(" }) })
    }

    /// Whether the file imports CallKit or LiveCommunicationKit, or declares a type adopting one of
    /// their delegate protocols (wrappers sometimes import only an umbrella module).
    package static func usesCallKitOrLCK(_ context: AnalysisContext) -> Bool {
        let file = context.file
        for decl in context.outline.imports {
            let module = file.name(at: decl.moduleToken)
            if module == "CallKit" || module == "LiveCommunicationKit" { return true }
        }
        for type in context.outline.types {
            for inherited in type.inherited {
                guard let token = inherited.nameToken else { continue }
                let name = file.name(at: token)
                if name == "CXProviderDelegate" || name == "ConversationManagerDelegate" { return true }
            }
        }
        return false
    }

    /// The argument labelled `label`, if the call has one.
    package static func argument(_ label: String, of call: Call, in file: TokenizedFile) -> Argument? {
        call.arguments.first { argument in
            guard let token = argument.label else { return false }
            return file.token(file.tokens[token], equals: label)
        }
    }

    /// The type token a constructor call names: `CXHandle` in `CXHandle(…)`, `CallKit.CXHandle(…)` and
    /// `CXHandle.init(…)`; nil for method calls and implicit `.init(…)`.
    package static func constructedTypeToken(of call: Call, in file: TokenizedFile) -> Int? {
        guard call.leftParen != nil else { return nil }
        let tokens = file.tokens
        var name = call.nameToken
        if tokens[name].keyword == .`init` {
            guard name >= call.callee.lowerBound + 2, tokens[name - 1].kind == .period else { return nil }
            name -= 2
        }
        guard tokens[name].kind == .identifier, isCapitalized(name, in: file) else { return nil }
        return name
    }

    /// Whether the token's first byte is an upper-case ASCII letter (type names, by convention).
    static func isCapitalized(_ token: Int, in file: TokenizedFile) -> Bool {
        var start = file.tokens[token].start
        if file.bytes[start] == UInt8(ascii: "`") { start += 1 }
        guard start < file.bytes.count else { return false }
        let first = file.bytes[start]
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// The type token when `range` is exactly one constructor call (`Foo(…)`, `Foo.init(…)`,
    /// `Module.Foo(…)`, with an optional trailing closure), i.e. a fresh object nobody else holds yet.
    package static func freshInstanceType(_ range: Range<Int>, in context: AnalysisContext) -> Int? {
        for index in context.outline.calls(in: range) {
            let call = context.outline.calls[index]
            guard call.range.lowerBound == range.lowerBound, call.range.upperBound == range.upperBound,
                let type = constructedTypeToken(of: call, in: context.file)
            else { continue }
            return type
        }
        return nil
    }

    /// Lower-cased words of an identifier: `roomToken` → room, token; `callUUID` → call, uuid;
    /// `arc4random` → arc, 4, random; `meeting_id` → meeting, id.
    package static func words(of identifier: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(identifier.utf8)
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self).lowercased()) }
            current.removeAll()
        }
        for (index, byte) in bytes.enumerated() {
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isUpper || isLower || isDigit || byte >= 0x80 else {
                flush()
                continue
            }
            if let last = current.last {
                let lastUpper = last >= UInt8(ascii: "A") && last <= UInt8(ascii: "Z")
                let lastDigit = last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9")
                let nextIsLower =
                    index + 1 < bytes.count
                    && bytes[index + 1] >= UInt8(ascii: "a") && bytes[index + 1] <= UInt8(ascii: "z")
                if isUpper && (!lastUpper || nextIsLower) { flush() } else if isDigit != lastDigit { flush() }
            }
            current.append(byte)
        }
        flush()
        return words
    }

    /// The entry of `list` whose words occur (in order, adjacent) latest among `words`, with the index
    /// just past that occurrence; compounds are read head-last, so the latest match is the head noun.
    package static func lastMatch(_ words: [String], in list: WordList) -> (entry: String, end: Int)? {
        var best: (entry: String, end: Int, length: Int)?
        for (entry, needle) in zip(list.entries, list.words) {
            guard !needle.isEmpty, needle.count <= words.count else { continue }
            var start = words.count - needle.count
            while start >= 0 {
                if words[start..<(start + needle.count)].elementsEqual(needle) {
                    let end = start + needle.count
                    if end > (best?.end ?? -1) || (end == best?.end && needle.count > best?.length ?? 0) {
                        best = (entry, end, needle.count)
                    }
                    break
                }
                start -= 1
            }
        }
        return best.map { ($0.entry, $0.end) }
    }
}

/// A list of names matched word by word (`displayName` is `display`, `name`), split once when the list is
/// made rather than on every lookup: the lists are matched against every name a value passes through.
package struct WordList: Sendable, ExpressibleByArrayLiteral {
    let entries: [String]
    let words: [[String]]

    package init(_ entries: [String]) {
        self.entries = entries
        self.words = entries.map(CallRoles.words(of:))
    }

    package init(arrayLiteral entries: String...) { self.init(entries) }
}
