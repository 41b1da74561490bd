/// Answer handlers shaped like issue 29's items 8 and 9: many fulfills, or many early returns, in one
/// handler. The premature-fulfill timing once looked at every later call for each fulfill, and the path
/// walker copied a path's witness for every branch it passed.
extension HostileInputs {
    /// Which handler body `fulfillHandler` writes.
    enum FulfillShape: Sendable {
        /// `if a { action.fulfill() }` and `count` lines `else if bI { action.fulfill() }`, then `else { action.fail() }`.
        case elseIfChain
        /// The same chain on one line.
        case elseIfLine
        /// `case let a as CXAnswerCallAction: a.fulfill()` `count` times in a `CXAction` handler's `switch`.
        case switchCases
        /// The chain with work after each fulfill: `else if bI { action.fulfill(); startCall(action) }`.
        case workAfter
        /// `count` lines `if bI { Task { await answer(action) }; action.fulfill() }`.
        case deferredWork
        /// `count` lines `if cI { return }`, then `action.fulfill()`.
        case earlyReturns
        /// `count` lines `if x == I { action.fulfill(); return }`, then `action.fail()`.
        case fulfillReturns
    }

    /// A `CXProviderDelegate` whose answer handler (a `CXAction` handler for `.switchCases`) has `count`
    /// repetitions of `shape`.
    static func fulfillHandler(_ shape: FulfillShape, count: Int) -> String {
        let actionType = shape == .switchCases ? "CXAction" : "CXAnswerCallAction"
        let body: String
        switch shape {
        case .elseIfChain, .elseIfLine, .workAfter:
            let work = shape == .workAfter ? "; startCall(action)" : ""
            let separator = shape == .elseIfLine ? " " : "\n"
            body =
                "if a { action.fulfill() }"
                + (0..<count).map { "\(separator)else if b\($0) { action.fulfill()\(work) }" }.joined()
                + "\(separator)else { action.fail() }\n"
        case .switchCases:
            body =
                "switch action {\n"
                + String(repeating: "case let a as CXAnswerCallAction: a.fulfill()\n", count: count)
                + "default: action.fail()\n}\n"
        case .deferredWork:
            body = (0..<count).map { "if b\($0) { Task { await answer(action) }; action.fulfill() }\n" }.joined()
        case .earlyReturns:
            body = (0..<count).map { "if c\($0) { return }\n" }.joined() + "action.fulfill()\n"
        case .fulfillReturns:
            body = (0..<count).map { "if x == \($0) { action.fulfill(); return }\n" }.joined() + "action.fail()\n"
        }
        return """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: \(actionType)) {
            \(body)    }
            }

            """
    }
}
